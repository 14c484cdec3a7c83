import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, Dashboard, OrganizationIdInput } from './types'

/**
 * The dashboard (spec 001 §2 Dashboards; / and /organization/{id}/dashboard): one call gives the
 * dashboard of the person's role in the organization (admin, teacher or student). While it loads the
 * page shows a spinner; a failure says so (a teacher reads "Could not load resource", §8) and offers
 * to try again; a loaded dashboard can be refreshed, keeping what it shows meanwhile.
 */

export interface DashboardContext {
  organizationId: number
  dashboard: Dashboard | null
  error: ApiFailure | null
}

export type DashboardEvent = { type: 'dashboard.retry' } | { type: 'dashboard.refresh' }

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as OrganizationIdInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/dashboard/ */
    loadDashboard: fromPromise<Dashboard, OrganizationIdInput>(async () => {
      throw new Error('not provided: loadDashboard')
    }),
  },
  actions: {
    assignDashboard: assign((_, params: { dashboard: Dashboard }) => ({ dashboard: params.dashboard, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'dashboard',
  description: "The dashboard loads the figures of the person's role in the organization, and loads them again on request.",
  context: ({ input }) => ({ organizationId: input.organizationId, dashboard: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The dashboard is loaded (a refresh keeps showing the figures it had meanwhile).',
      tags: ['busy'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'assignDashboard', params: ({ event }) => ({ dashboard: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: "The dashboard of the person's role: counts, classes, the week's activity, alerts, or the student's own progress.",
      on: { 'dashboard.refresh': { description: 'Load the figures again.', target: 'loading' } },
    },
    failed: {
      description: 'The dashboard says it could not be loaded and offers to try again.',
      tags: ['error'],
      on: { 'dashboard.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
})
