import { sql, type SQL } from 'drizzle-orm'

/**
 * Which of a learner's own events (practice_events) an organization counts, for the reads that take
 * events rather than rollups: the class's member list (its last assessment), and the reports' assessment
 * history, lesson detail and exports (server/reports). The rollups say it already, by construction
 * (ingest.ts); these say the same of a single event.
 */

/**
 * When the learner `userId` joined the organization: the start of the membership (its earliest role row
 * still there), which the ingestion counts the organization's events from (server/practice/ingest.ts).
 * Null for someone who is not a member, whose events are then none of the organization's.
 */
export const membershipStart = (organizationId: number, userId: SQL | number): SQL =>
  sql`(select min(ms.created_at) from memberships ms where ms.organization_id = ${organizationId} and ms.user_id = ${userId})`

/**
 * An event of the organization's (`event` names the practice_events row, within the local days `from` to
 * `to` when given, of a learner who joined at `joined`): one on a local day for which the organization has the
 * learner's rollup, and not before the learner joined. Events reach an organization's rollups only
 * while the learner is one of its active members and only from the join on (server/practice/ingest.ts),
 * so without this a school would read the lessons a learner did in another school, before joining it,
 * that none of its figures count; and without the start, those of the day the learner joined that
 * came before the join. The day is matched both ways, the event's local date and the day's
 * instants, which say the same: read from the events, the rollup is a probe of daily_practice's primary
 * key; read from the rollups (the plan PostgreSQL took for a page of an export), each day's events are a
 * range of the learner's index instead of the whole range's events again for every day. `joined` is read
 * once per learner by the caller (a join, or a subquery of constants), not once per event.
 */
export const countedBy = (organizationId: number, timezone: string, days: { from: string; to: string } | undefined, event: SQL, joined: SQL): SQL => sql`${event}.occurred_at >= ${joined} and exists (
  select 1 from daily_practice dp
  where dp.organization_id = ${organizationId} and dp.user_id = ${event}.user_id
    ${days ? sql`and dp.day between ${days.from}::date and ${days.to}::date` : sql``}
    and dp.day = (${event}.occurred_at at time zone ${timezone})::date
    and ${event}.occurred_at >= dp.day::timestamp at time zone ${timezone}
    and ${event}.occurred_at < (dp.day + 1)::timestamp at time zone ${timezone})`
