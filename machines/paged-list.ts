import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, PagedListInput, PagedListPage, PagedListQuery } from './types'

/**
 * One page of a list that only loads and shows (spec 000 §2: the users view of the organization
 * page, the student and teacher lists, the classes on a student's or teacher's details). Each
 * screen gives its own loadPage (its call, its filters and sort in the query) and its own texts;
 * the flow is the same: the query of the screen is loaded, a new query while one loads drops the
 * old one, the same query again loads nothing, a change elsewhere (an invite, a removal) reloads
 * the same page, and a failed load says so and can be tried again. Lists with their own dialogs
 * (deleting classes, removing a student, resending invites...) keep their own machines.
 */

export interface PagedListContext {
  organizationId: number
  /** The page and the screen's filters of the rows shown or loading. */
  query: PagedListQuery
  /** The page shown (kept while the next one loads; null before the first answer). */
  page: PagedListPage | null
  /** Why the page could not be loaded. */
  error: ApiFailure | null
}

export type PagedListEvent =
  | { type: 'list.query'; query: PagedListQuery }
  | { type: 'list.reload' }
  | { type: 'list.retry' }

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** The screen's call: GET /v1/organizations/{id}/users (members, students, teachers) or a person's classes. */
    loadPage: fromPromise<PagedListPage, PagedListInput>(async () => {
      throw new Error('not provided: loadPage')
    }),
  },
  guards: {
    /** The screen asks for other rows than the ones loaded or loading (it sends its query on every change). */
    isNewQuery: ({ context }, params: { query: PagedListQuery }) => JSON.stringify(params.query) !== JSON.stringify(context.query),
  },
  actions: {
    assignQuery: assign((_, params: { query: PagedListQuery }) => ({ query: params.query })),
    assignPage: assign((_, params: { page: PagedListPage }) => ({ page: params.page, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'pagedList',
  description: "A list screen's rows: loaded for the screen's query (page, filters, sort), again when it changes or something changed.",
  context: ({ input }) => ({ organizationId: input.organizationId, query: input.query, page: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The rows of the query are loaded; the list keeps the rows it had meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ organizationId: context.organizationId, query: context.query }),
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'list.query': {
          description: 'The search, filter, sort or page changed before the answer came: load that instead.',
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
    ready: {
      description: 'The list shows the page of rows (or its empty state).',
      on: {
        'list.query': {
          description: 'The search, filter, sort or page changed: load those rows.',
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'list.reload': { description: 'Somebody was invited, removed or approved: load the same page again.', target: 'loading' },
      },
    },
    failed: {
      description: 'The list says its rows could not be loaded, and why, and offers to try again.',
      tags: ['error'],
      on: {
        'list.retry': { description: 'The person tries again: the message goes while it loads.', target: 'loading', actions: 'clearError' },
        'list.query': { target: 'loading', actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
      },
    },
  },
})
