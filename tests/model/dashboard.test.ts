import { expect } from 'vitest'
import { dashboardMachine } from '../../machines/dashboard'
import type { Dashboard } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof dashboardMachine
type View = StepView<M>

const dashboard: Dashboard = {
  role: 'student',
  week: { from: '2026-03-14', to: '2026-03-20', today: '2026-03-18' },
  as_of: '2026-03-18T09:30:00.000Z',
  counts: null,
  classes: [],
  classes_count: 0,
  activity: null,
  not_practised: null,
  alerts: null,
  me: { days_practised: 0, lessons: 0, seconds: 0, last_eps: null, last_active: null },
}
const serverDown = apiFailure(500, { detail: 'Internal error' })

const events: ModelEvent<M>[] = [
  { type: 'dashboard.retry' },
  { type: 'dashboard.refresh' },
  done('loadDashboard', dashboard),
  failed('loadDashboard', serverDown),
  failed('loadDashboard', new TypeError('Failed to fetch')),
]

modelTests(
  buildModel({
    name: 'dashboardMachine',
    machine: dashboardMachine,
    inputs: { 'organization 7': { organizationId: 7 } },
    events: () => events,
    simplePaths: true,
    // spec: the figures load on arrival; a refresh loads them again; a failure offers to try again
    edges: {
      loading: {
        'dashboard.retry': null,
        'dashboard.refresh': null,
        'xstate.done.actor.loadDashboard': 'ready',
        'xstate.error.actor.loadDashboard': 'failed',
      },
      ready: { 'dashboard.retry': null, 'dashboard.refresh': 'loading' },
      failed: { 'dashboard.retry': 'loading', 'dashboard.refresh': null },
    },
    states: {
      loading: ({ snapshot, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
        if (!ignored) expect(inputOf(snapshot.children.loadDashboard)).toEqual({ organizationId: 7 })
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.context.dashboard).toEqual(dashboard)
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.hasTag('busy')).toBe(false)
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
    },
  }),
)
