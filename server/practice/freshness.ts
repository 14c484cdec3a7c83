import { sql } from 'drizzle-orm'
import { rowsOf, type Executor } from '../db/store.js'

/**
 * How fresh an organization's figures are. The API appends practice events and the roll-up worker
 * (rollup-worker.ts) adds them to daily_practice moments later (within 5 seconds), so the reports and
 * dashboards, which read the rollups, may lag that much behind the app.
 */

/** now(), or on a standby still replaying what it received, the primary's commit time of what it last replayed. */
const storeNow = sql`case when pg_is_in_recovery() and pg_last_wal_receive_lsn() is distinct from pg_last_wal_replay_lsn()
  then least(coalesce(pg_last_xact_replay_timestamp(), now()), now()) else now() end`

/**
 * The instant up to which every event received for the organization `organizationId` is in daily_practice:
 * the reception of the oldest event of one of its members still queued for the roll-up
 * (practice_rollup_queue), or the store's present when none is waiting. The events received before
 * it are all counted. On a read replica (server/db/replica.ts) the present is now() only once it has
 * replayed all it received; while it still replays, it is the commit time of the last transaction it
 * replayed, so a lagging replica never claims figures fresher than it holds.
 */
export const rolledUpUntil = async (db: Executor, organizationId: number): Promise<Date> => {
  const [row] = await rowsOf<{ until: string }>(
    db,
    sql`select to_json(least(min(q.received_at), ${storeNow})) #>> '{}' as until
    from practice_rollup_queue q
    where exists (select 1 from memberships m where m.user_id = q.user_id and m.organization_id = ${organizationId})`,
  )
  return new Date(row!.until)
}
