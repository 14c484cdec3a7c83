import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { fieldErrors } from '../http/errors.js'

/**
 * The range and periods of a report. `from` and `to` are local dates of the organization (both
 * included); the daily rollups are already dated that way, so a range is a plain `day between` and no
 * instant is converted here. Periods (the contract's ReportScope): days; weeks from Saturday to Friday
 * (specification §9), labeled by their Saturday; calendar months, labeled by their first day. A period
 * that starts before `from` or ends after `to` counts the days of the range only.
 */

export type Scope = components['schemas']['ReportScope']

export interface ReportRange {
  from: string
  to: string
  scope: Scope
}

/**
 * A range as the figures' SQL reads it: its dates as values of the statement, or as placeholders of a
 * prepared statement (one per scope: the scope shapes the SQL).
 */
export interface RangeSql {
  from: string | Placeholder
  to: string | Placeholder
  scope: Scope
}

/** The longest range a report covers: a year, leap day included (the "last year" shortcut). */
export const MAX_RANGE_DAYS = 366

/** The organization's date today at `now` (UTC for an organization without a time zone). */
export const localToday = (now: Date, timezone: string | null): Temporal.PlainDate =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone ?? 'UTC').toPlainDate()

/**
 * The range of a report call, or a 400 saying which date to change: `from` after `to`, `to` after
 * tomorrow (the date picker's limit, in the organization's time zone), more than MAX_RANGE_DAYS days.
 */
export const rangeOf = (
  t: Translator,
  query: { from: string; to: string; scope?: Scope },
  now: Date,
  timezone: string | null,
): ReportRange => {
  const from = Temporal.PlainDate.from(query.from)
  const to = Temporal.PlainDate.from(query.to)
  if (Temporal.PlainDate.compare(from, to) > 0) throw fieldErrors({ from: t.api.reportFromAfterTo() })
  const tomorrow = localToday(now, timezone).add({ days: 1 })
  if (Temporal.PlainDate.compare(to, tomorrow) > 0) throw fieldErrors({ to: t.api.reportToAfterTomorrow({ tomorrow: tomorrow.toString() }) })
  const days = from.until(to, { largestUnit: 'days' }).days + 1
  if (days > MAX_RANGE_DAYS) throw fieldErrors({ to: t.api.reportRangeTooLong({ max: MAX_RANGE_DAYS, days }) })
  return { from: from.toString(), to: to.toString(), scope: query.scope ?? 'daily' }
}

/** The first day of the period of `day` (a SQL date). */
export const periodOf = (scope: Scope, day: SQL): SQL => {
  if (scope === 'daily') return sql`(${day})::date`
  if (scope === 'weekly') return weekOf(day)
  return sql`date_trunc('month', ${day})::date`
}

/** The Saturday that starts the week of `day`: Saturday is day 6 of extract(dow), Sunday 0. */
export const weekOf = (day: SQL): SQL => sql`((${day})::date - ((extract(dow from (${day})::date)::int + 1) % 7))`

/** The number of periods of a range (a SQL integer): from the first period's start to the last day. */
const periodCount = (range: RangeSql): SQL => {
  const from = sql`${range.from}::date`
  const to = sql`${range.to}::date`
  if (range.scope === 'daily') return sql`(${to} - ${from} + 1)`
  if (range.scope === 'weekly') return sql`((${to} - ${weekOf(from)}) / 7 + 1)`
  return sql`((extract(year from ${to})::int * 12 + extract(month from ${to})::int) - (extract(year from ${from})::int * 12 + extract(month from ${from})::int) + 1)`
}

/**
 * Every period of the range, as rows of `period` (a date), so that a period without practice is a row of
 * zeros. Numbered by an integer generate_series whose length is an expression of the range's two dates:
 * given as values, the planner folds it into the number and expects as many periods as there are (over
 * dates it expects a thousand, and joins the learners' names and rollups to them as if a report had that
 * many); given as a prepared statement's placeholders, it plans each execution with their values while
 * that plan is better than a generic one.
 */
export const periodsOf = (range: RangeSql): SQL => {
  const first = periodOf(range.scope, sql`${range.from}::date`)
  const nth =
    range.scope === 'daily' ? sql`${first} + n` : range.scope === 'weekly' ? sql`${first} + 7 * n` : sql`(${first} + make_interval(months => n))::date`
  return sql`select ${nth} as period from generate_series(0, ${periodCount(range)} - 1) n`
}
