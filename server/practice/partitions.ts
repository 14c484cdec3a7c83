import { sql } from 'drizzle-orm'
import type { Executor } from '../db/store.js'

/**
 * `practice_events` is partitioned by month of `occurred_at` (migration 0016), on PostgreSQL and PGlite
 * alike: a month's events are one table, so a month is read, vacuumed or dropped on its own. The
 * migration makes only the default partition, which takes any event whose month has no partition yet;
 * the months are made here: by the maintenance every hour (this month and the next two), and by the demo
 * and the seed for the months they fill. Making a month whose events sit in the default partition moves
 * them into it in the same transaction (PostgreSQL refuses the new partition otherwise).
 */

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1))

/** The name of a month's partition: practice_events_2026_03. */
export const partitionName = (month: Date): string =>
  `practice_events_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`

/** The first instant (UTC) of every month from `from`'s to `to`'s, both included. */
export const monthsBetween = (from: Date, to: Date): Date[] => {
  const months: Date[] = []
  for (let month = monthStart(from.getUTCFullYear(), from.getUTCMonth()); month <= to; ) {
    months.push(month)
    month = monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1)
  }
  return months
}

const exists = async (db: Executor, name: string): Promise<boolean> => {
  const result = await db.execute(sql`select to_regclass(${name}) is not null as found`)
  return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true
}

/** Makes one month's partition, moving its events out of the default partition. False when it was there. */
const makeMonth = async (db: Executor, month: Date): Promise<boolean> => {
  const name = partitionName(month)
  if (await exists(db, name)) return false
  const from = month.toISOString()
  const to = monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1).toISOString()
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table practice_events_moving (like practice_events) on commit drop`)
    await tx.execute(sql`
      with moved as (
        delete from practice_events_default where occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz returning *
      )
      insert into practice_events_moving select * from moved`)
    await tx.execute(
      sql.raw(`create table if not exists ${name} partition of practice_events for values from ('${from}') to ('${to}')`),
    )
    await tx.execute(sql`insert into practice_events select * from practice_events_moving`)
    // dropped now, not at commit: inside a longer transaction (the demo's) the next month makes its own
    await tx.execute(sql`drop table practice_events_moving`)
  })
  return true
}

/** Makes the partitions of the months from `from` to `to` that are missing; answers the ones made. */
export const ensurePracticePartitions = async (db: Executor, from: Date, to: Date): Promise<string[]> => {
  const made: string[] = []
  for (const month of monthsBetween(from, to)) {
    if (await makeMonth(db, month)) made.push(partitionName(month))
  }
  return made
}

/** The maintenance's share: this month and the next two, so that arriving events never wait on DDL. */
export const partitionsAhead = (db: Executor, now: Date): Promise<string[]> =>
  ensurePracticePartitions(db, now, monthStart(now.getUTCFullYear(), now.getUTCMonth() + 2))
