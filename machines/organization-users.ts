import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, LoadOrganizationUsersInput, OrganizationUserPage, OrganizationUsersQuery } from './types'

/**
 * The users view of the organization page (spec §2): one page of members for the search, role
 * filter, sort and page of the URL. A new query loads again (a load still running is dropped);
 * an invite or a removal reloads the same query.
 */

export type OrganizationUsersInput = LoadOrganizationUsersInput

export interface OrganizationUsersContext {
  organizationId: number
  query: OrganizationUsersQuery
  /** The page shown (kept while the next one loads). */
  page: OrganizationUserPage | null
  error: ApiFailure | null
}

export type OrganizationUsersEvent =
  | { type: 'users.query'; query: OrganizationUsersQuery }
  | { type: 'users.reload' }
  | { type: 'users.retry' }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const organizationUsersMachine = setup({
  types: {
    context: {} as OrganizationUsersContext,
    events: {} as OrganizationUsersEvent,
    input: {} as OrganizationUsersInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/users?page&roles&search&ordering */
    loadOrganizationUsers: fromPromise<OrganizationUserPage, LoadOrganizationUsersInput>(async () => {
      throw new Error('not provided: loadOrganizationUsers')
    }),
  },
  guards: {
    /** The URL asks for other members than the ones loaded or loading (the view sends its query on every change). */
    isNewQuery: ({ context }, params: { query: OrganizationUsersQuery }) =>
      JSON.stringify(params.query) !== JSON.stringify(context.query),
  },
  actions: {
    assignQuery: assign((_, params: { query: OrganizationUsersQuery }) => ({ query: params.query })),
    assignPage: assign((_, params: { page: OrganizationUserPage }) => ({ page: params.page, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
  },
}).createMachine({
  id: 'organizationUsers',
  description: 'The members table of an organization: loaded for the query of the URL, again when it changes.',
  context: ({ input }) => ({ organizationId: input.organizationId, query: input.query, page: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The members of the query are loaded; the table keeps the rows it had meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadOrganizationUsers',
        src: 'loadOrganizationUsers',
        input: ({ context }) => ({ organizationId: context.organizationId, query: context.query }),
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'users.query': {
          description: 'The search, filter, sort or page changed before the answer came: load that instead.',
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
    ready: {
      description: 'The table shows the page of members (or the empty state that prompts to invite).',
      on: {
        'users.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'users.reload': { description: 'Somebody was invited or removed: load the same page again.', target: 'loading' },
      },
    },
    failed: {
      description: 'The view says the members could not be loaded and offers to try again.',
      tags: ['error'],
      on: {
        'users.retry': { target: 'loading' },
        'users.query': { target: 'loading', actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
      },
    },
  },
})
