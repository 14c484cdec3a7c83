import { sql } from 'drizzle-orm'
import { rowsOf, type Executor } from '../db/store.js'

/**
 * How fresh an organization's figures are. The API appends practice events and the roll-up worker
 * (rollup-worker.ts) adds them to daily_practice moments later (within 5 seconds), so the reports and
 * dashboards, which read the rollups, may lag that much behind the app.
 */

/**
 * The instant up to which every event received for the organization `organizationId` is in daily_practice:
 * the reception of the oldest event of one of its members still queued for the roll-up
 * (practice_rollup_queue), or the transaction's now() when none is waiting. The events received before
 * it are all counted.
 */
export const rolledUpUntil = async (db: Executor, organizationId: number): Promise<Date> => {
  const [row] = await rowsOf<{ until: string }>(
    db,
    sql`select to_json(least(min(q.received_at), now())) #>> '{}' as until
    from practice_rollup_queue q
    where exists (select 1 from memberships m where m.user_id = q.user_id and m.organization_id = ${organizationId})`,
  )
  return new Date(row!.until)
}
