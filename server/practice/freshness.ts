import { sql } from 'drizzle-orm'
import { rowsOf, type Executor } from '../db/store.js'

/**
 * How fresh the reports' tables are for one organization (issue 19, item 3): the instant up to which
 * every practice event received for it is rolled up into the tables the reports and dashboards read,
 * which the dashboards show as "as of <time>".
 *
 * Today ingestion rolls an event up in the same statement that stores it, so whatever a reader sees
 * was complete when its reading began: the truthful answer is the store's `now()` (the start of the
 * reading's transaction, the store's clock rather than this process's). Read it before the figures,
 * so the figures read afterwards hold at least everything up to it. When ingestion only appends and a
 * background worker rolls events up, this becomes the worker's watermark for the organization (the
 * body changes, the signature does not).
 */
export const rolledUpUntil = async (db: Executor, organizationId: number): Promise<Date> => {
  // epoch milliseconds as a float: one shape from both drivers, whatever the session's time zone
  // (every organization is equally fresh until the worker exists: organizationId is for its watermark)
  const [row] = await rowsOf<{ ms: number | string }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as ms`)
  return new Date(Number(row!.ms))
}
