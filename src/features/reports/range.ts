import { Temporal } from 'temporal-polyfill'
import type { ReportCalendar, ReportScope, ReportShortcut } from '../../../machines/types'

/**
 * The calendar of the report range (machines/report-range.ts takes it as input): the six shortcuts
 * for today and the last date that may be picked, tomorrow (spec §5). Weeks run Saturday to Friday
 * (§9: weeks start on Saturday for labels), so "last week" is the whole week before this one.
 */

export const SHORTCUTS: readonly ReportShortcut[] = ['thisMonth', 'lastWeek', 'lastMonth', 'last3Months', 'last6Months', 'lastYear']
export const SCOPES: readonly ReportScope[] = ['daily', 'weekly', 'monthly']

const SATURDAY = 6

/** The Saturday that starts the week of a date. */
export function weekStart(date: Temporal.PlainDate): Temporal.PlainDate {
  return date.subtract({ days: (date.dayOfWeek - SATURDAY + 7) % 7 })
}

export function calendarFor(today: Temporal.PlainDate): ReportCalendar {
  const iso = (date: Temporal.PlainDate) => date.toString()
  const monthStart = today.with({ day: 1 })
  const thisWeek = weekStart(today)
  const lastMonthStart = monthStart.subtract({ months: 1 })
  // rolling intervals end today and start the day after the same date n months back
  const back = (months: number) => ({ from: iso(today.subtract({ months }).add({ days: 1 })), to: iso(today) })
  return {
    maxDate: iso(today.add({ days: 1 })),
    shortcuts: {
      thisMonth: { from: iso(monthStart), to: iso(today) },
      lastWeek: { from: iso(thisWeek.subtract({ days: 7 })), to: iso(thisWeek.subtract({ days: 1 })) },
      lastMonth: { from: iso(lastMonthStart), to: iso(monthStart.subtract({ days: 1 })) },
      last3Months: back(3),
      last6Months: back(6),
      lastYear: back(12),
    },
  }
}

/**
 * The label of a period's first date: the day for daily and weekly (a week is named by its Saturday),
 * the month for monthly. The server gives each period's first date; a weekly point that does not
 * fall on a Saturday (a range starting mid-week) is still labelled by its week's Saturday.
 */
export function periodLabel(period: string, scope: ReportScope, locale: string): string {
  const date = Temporal.PlainDate.from(period)
  if (scope === 'monthly') return date.toLocaleString(locale, { month: 'short', year: 'numeric' })
  const shown = scope === 'weekly' ? weekStart(date) : date
  return shown.toLocaleString(locale, { month: 'short', day: 'numeric' })
}
