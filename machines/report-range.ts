import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  LoadReportInput,
  ReportCalendar,
  ReportData,
  ReportRangeInput,
  ReportScope,
  ReportShortcut,
  ReportSubject,
} from './types'

/**
 * The date-interval picker of the reports and the report it loads (spec 001 §2 activity reports and
 * reports tab, 000 §2 student detail; §4: the default range is the current period with scope daily;
 * §5: no date after tomorrow). A range is a scope (daily, weekly, monthly) and an interval: one of the
 * six shortcuts or two dates picked. Every change loads the report again; a change while one loads
 * replaces it. The calendar (today's shortcuts, tomorrow) comes from the input: ISO dates compare as
 * strings, so the rules need no date library here. The picker sends every pair of dates typed; this
 * machine alone decides whether it is an interval (`typed` keeps a refused pair for the message).
 */

export interface ReportRangeContext {
  subject: ReportSubject
  calendar: ReportCalendar
  scope: ReportScope
  from: string
  to: string
  /** The shortcut the interval came from, or null for dates picked by hand. */
  shortcut: ReportShortcut | null
  /**
   * Dates typed that make no allowed interval (one missing, inverted, after tomorrow): the picker shows
   * them as typed with 'badDates' while the report stays that of from–to. Null once an interval is taken.
   */
  typed: { from: string; to: string } | null
  /** The last report loaded (kept on screen while the next one loads). */
  report: ReportData | null
  error: ApiFailure | null
}

export type ReportRangeEvent =
  | { type: 'range.scope'; scope: ReportScope }
  | { type: 'range.shortcut'; shortcut: ReportShortcut }
  | { type: 'range.dates'; from: string; to: string }
  | { type: 'range.retry' }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const reportRangeMachine = setup({
  types: {
    context: {} as ReportRangeContext,
    events: {} as ReportRangeEvent,
    input: {} as ReportRangeInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/reports/groups/{id}/ (+ /group/{id}/) or /v1/reports/user/{id}/ with from, to, scope */
    loadReport: fromPromise<ReportData, LoadReportInput>(async () => {
      throw new Error('not provided: loadReport')
    }),
  },
  guards: {
    /** Two dates in order, the later one no later than tomorrow (§5: the picker disables later dates). */
    isAllowedInterval: ({ context }, params: { from: string; to: string }) =>
      ISO_DATE.test(params.from) && ISO_DATE.test(params.to) && params.from <= params.to && params.to <= context.calendar.maxDate,
  },
  actions: {
    assignScope: assign((_, params: { scope: ReportScope }) => ({ scope: params.scope })),
    assignShortcut: assign(({ context }, params: { shortcut: ReportShortcut }) => ({
      typed: null,
      shortcut: params.shortcut,
      from: context.calendar.shortcuts[params.shortcut].from,
      to: context.calendar.shortcuts[params.shortcut].to,
    })),
    assignDates: assign((_, params: { from: string; to: string }) => ({ typed: null, shortcut: null, from: params.from, to: params.to })),
    assignTyped: assign((_, params: { from: string; to: string }) => ({ typed: { from: params.from, to: params.to } })),
    assignReport: assign((_, params: { report: ReportData }) => ({ report: params.report, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
  },
}).createMachine({
  id: 'reportRange',
  description: "A report's date range (scope and interval) and the report loaded for it.",
  context: ({ input }) => ({
    subject: input.subject,
    calendar: input.calendar,
    scope: 'daily',
    from: input.calendar.shortcuts.thisMonth.from,
    to: input.calendar.shortcuts.thisMonth.to,
    shortcut: 'thisMonth',
    typed: null,
    report: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'range.scope': {
      description: 'Another scope: the same interval, one point per day, week or month.',
      target: '.loading',
      reenter: true,
      actions: { type: 'assignScope', params: ({ event }) => ({ scope: event.scope }) },
    },
    'range.shortcut': {
      description: 'One of the six shortcuts (this month, last week, last month, last 3 or 6 months, last year).',
      target: '.loading',
      reenter: true,
      actions: { type: 'assignShortcut', params: ({ event }) => ({ shortcut: event.shortcut }) },
    },
    'range.dates': [
      {
        description: 'Two dates picked by hand, in order, none after tomorrow: the report of that interval.',
        guard: { type: 'isAllowedInterval', params: ({ event }) => ({ from: event.from, to: event.to }) },
        target: '.loading',
        reenter: true,
        actions: { type: 'assignDates', params: ({ event }) => ({ from: event.from, to: event.to }) },
      },
      {
        description: 'A date missing, after tomorrow or an inverted interval is not taken: the picker says so; the report stays.',
        actions: { type: 'assignTyped', params: ({ event }) => ({ from: event.from, to: event.to }) },
      },
    ],
  },
  states: {
    loading: {
      description: 'The report of the range is loaded; the charts keep the last one meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ subject: context.subject, from: context.from, to: context.to, scope: context.scope }),
        onDone: { target: 'ready', actions: { type: 'assignReport', params: ({ event }) => ({ report: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The charts, the overview and the tables of the range.',
    },
    failed: {
      description: "The report could not be loaded ('Could not fetch reports, try again'); the range can be changed or retried.",
      tags: ['error'],
      on: {
        'range.retry': { target: 'loading', description: 'Try the same range again.' },
      },
    },
  },
})
