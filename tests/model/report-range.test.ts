import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { reportRangeMachine } from '../../machines/report-range'
import type { LoadReportInput, ReportData } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'
import { reportCalendar as calendar } from './fixtures'

type M = typeof reportRangeMachine
type View = StepView<M>

const subject = { kind: 'user', organizationId: 7, userId: 11 } as const
const report: ReportData = {
  overview: { active_users: 1, lessons_count: 4, hours: 0.5, lessons_per_day: 0.17, minutes_per_day: 1.3 },
  lessons: [{ period: '2026-11-02', values: { numberOfLessons: 4, numberOfSeconds: 1800 } }],
  averages: [],
  active: [],
  weeklyActive: [],
  eps: [{ period: '2026-11-02', values: { eps: 61 } }],
  improvement: null,
  timeActivity: null,
  assessments: [],
  lessonDetail: [],
  learner: { last_eps: 61, assessment_test: 0.58, last_active: '2026-11-02T09:30:00Z' },
}
const unavailable = apiFailure(503, { detail: 'Could not fetch reports, try again' })

const weekly: ModelEvent<M> = { type: 'range.scope', scope: 'weekly' }
const lastWeek: ModelEvent<M> = { type: 'range.shortcut', shortcut: 'lastWeek' }
const picked: ModelEvent<M> = { type: 'range.dates', from: '2026-11-10', to: '2026-11-24' }
const afterTomorrow: ModelEvent<M> = { type: 'range.dates', from: '2026-11-10', to: '2026-11-25' }
const inverted: ModelEvent<M> = { type: 'range.dates', from: '2026-11-20', to: '2026-11-10' }
// boundaries: one day is an interval, tomorrow is the last date taken, a date cleared is no interval
const oneDay: ModelEvent<M> = { type: 'range.dates', from: '2026-11-24', to: '2026-11-24' }
const oneDayAfterTomorrow: ModelEvent<M> = { type: 'range.dates', from: '2026-11-25', to: '2026-11-25' }
const cleared: ModelEvent<M> = { type: 'range.dates', from: '2026-11-10', to: '' }
const retry: ModelEvent<M> = { type: 'range.retry' }
const loaded = done('loadReport', report)
const refused = failed('loadReport', unavailable)

const refusedDates = [afterTomorrow, inverted, oneDayAfterTomorrow, cleared]
/**
 * Refused dates are tried on the range first shown, once: each refused pair is a new context, and
 * trying them everywhere would multiply the paths without reaching another state or transition.
 */
const events = (snapshot: SnapshotFrom<M>): ModelEvent<M>[] => [
  weekly,
  lastWeek,
  picked,
  oneDay,
  ...(snapshot.context.typed === null && snapshot.context.shortcut === 'thisMonth' ? refusedDates : []),
  retry,
  loaded,
  refused,
]

/** The pairs of dates the machine takes (written here, not derived from its guard). */
const taken: ModelEvent<M>[] = [picked, oneDay]
const isTaken = (event: View['event']) => taken.includes(event as ModelEvent<M>)

/** What the range is after the step's event, if it changed it. */
function expectRange({ snapshot, event, previous }: View) {
  if (event.type === 'range.scope') expect(snapshot.context.scope).toBe('weekly')
  if (event.type === 'range.shortcut') {
    expect(snapshot.context).toMatchObject({ shortcut: 'lastWeek', from: '2026-11-14', to: '2026-11-20', scope: previous?.context.scope })
  }
  if (event.type === 'range.dates' && isTaken(event)) {
    expect(snapshot.context).toMatchObject({ shortcut: null, from: event.from, to: event.to, typed: null })
  }
  if (event.type === 'range.shortcut') expect(snapshot.context.typed).toBeNull()
  if (event.type === 'xstate.init') {
    // §4: the current period (this month up to today), scope daily
    expect(snapshot.context).toMatchObject({ scope: 'daily', shortcut: 'thisMonth', from: '2026-11-01', to: '2026-11-23', typed: null })
  }
}

/**
 * Dates that make no interval (§5) are refused by the machine, not by the view: kept as typed for the
 * picker's message, with the interval, the state and the report as they were. Returns whether it was so.
 */
function expectRefusedDates({ snapshot, event, previous }: View): boolean {
  if (event.type !== 'range.dates' || isTaken(event)) return false
  expect(snapshot.context.typed).toEqual({ from: event.from, to: event.to })
  expect(snapshot.value).toEqual(previous?.value)
  const { typed: _typed, ...rest } = snapshot.context
  const { typed: _before, ...before } = previous?.context ?? snapshot.context
  expect(rest).toEqual(before)
  return true
}

modelTests(
  buildModel({
    name: 'reportRangeMachine',
    machine: reportRangeMachine,
    inputs: { 'a learner': { calendar, subject } },
    events,
    simplePaths: {
      events: () => [weekly, picked, loaded, refused, retry],
      bound: 'the shortcut and the refused dates behave like the scope and the picked dates (they are on the shortest paths)',
    },
    // 001 §2, §4, §5: every change of scope, shortcut or taken dates loads the report again, in any
    // state (a change while one loads replaces it); dates that make no interval are kept for the
    // message and load nothing; only a failed load is retried
    edges: {
      loading: {
        'range.scope': 'loading',
        'range.shortcut': 'loading',
        // taken: the load starts again; refused: the one under way goes on (the state checks tell them apart)
        'range.dates': 'loading',
        'range.retry': null,
        'xstate.done.actor.loadReport': 'ready',
        'xstate.error.actor.loadReport': 'failed',
      },
      ready: {
        'range.scope': 'loading',
        'range.shortcut': 'loading',
        'range.dates': (event) => (isTaken(event) ? 'loading' : 'ready'),
        'range.retry': null,
      },
      failed: {
        'range.scope': 'loading',
        'range.shortcut': 'loading',
        'range.dates': (event) => (isTaken(event) ? 'loading' : 'failed'),
        'range.retry': 'loading',
      },
    },
    states: {
      loading: (view: View) => {
        const { snapshot, event, previous, ignored } = view
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.loadReport).toBeDefined()
        // §5: no date after tomorrow, no interval that ends before it starts
        expect(snapshot.context.to <= calendar.maxDate).toBe(true)
        if (ignored || expectRefusedDates(view)) return
        expectRange(view)
        // the charts keep the last report while the next one loads
        if (previous) expect(snapshot.context.report).toEqual(previous.context.report)
        if (event.type === 'range.retry') expect(previous?.matches('failed')).toBe(true)
      },
      ready: (view: View) => {
        const { snapshot } = view
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.report).toEqual(report)
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.context.to <= calendar.maxDate).toBe(true)
        expectRefusedDates(view)
      },
      failed: (view: View) => {
        const { snapshot, event, ignored } = view
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored && !expectRefusedDates(view)) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
    },
  }),
)

describe('reportRangeMachine with actors', () => {
  it('loads this month daily, then each range asked for, the last one winning', async () => {
    const loads: LoadReportInput[] = []
    const actor = createActor(
      reportRangeMachine.provide({
        actors: {
          loadReport: fromPromise<ReportData, LoadReportInput>(async ({ input }) => {
            loads.push(input)
            return report
          }),
        },
      }),
      { input: { calendar, subject } },
    ).start()
    actor.send({ type: 'range.shortcut', shortcut: 'lastMonth' })
    actor.send({ type: 'range.scope', scope: 'monthly' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(loads).toEqual([
      { subject, from: '2026-11-01', to: '2026-11-23', scope: 'daily' },
      { subject, from: '2026-10-01', to: '2026-10-31', scope: 'daily' },
      { subject, from: '2026-10-01', to: '2026-10-31', scope: 'monthly' },
    ])
    actor.send({ type: 'range.dates', from: '2026-11-01', to: '2026-12-01' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(actor.getSnapshot().context.typed).toEqual({ from: '2026-11-01', to: '2026-12-01' })
    expect(loads).toHaveLength(3)
    // a one-day interval ending tomorrow is taken and clears what was refused
    actor.send({ type: 'range.dates', from: '2026-11-24', to: '2026-11-24' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.typed).toBeNull()
    expect(loads.at(-1)).toEqual({ subject, from: '2026-11-24', to: '2026-11-24', scope: 'monthly' })
  })
})
