import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, ClassGroupPage, ClassListInput, ClassListQuery, DeleteClassesInput, DeleteClassesOutput } from './types'

/**
 * The class list of an organization (spec 001 §2 Class list): the side filter (All, Active, Not
 * Started, Drafts, Finished), the search and the page load one page of 50 classes; a new query while
 * one loads drops the old one. Classes ticked in the table are deleted together after a confirmation,
 * one call per class (§7); the list then loads again, and an emptied last page falls back to the one
 * before. A created class reloads the list.
 */

export interface ClassListContext {
  organizationId: number
  query: ClassListQuery
  /** The page shown (kept while the next one loads). */
  page: ClassGroupPage | null
  /** The classes ticked in the table (ids). */
  selected: number[]
  /** Why the page could not be loaded. */
  error: ApiFailure | null
  /** Why the deletion could not be done at all. */
  actionError: ApiFailure | null
}

export type ClassListEvent =
  | { type: 'classes.query'; query: ClassListQuery }
  | { type: 'classes.reload' }
  | { type: 'classes.retry' }
  | { type: 'classes.select'; ids: number[] }
  | { type: 'classes.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }

export const classListMachine = setup({
  types: {
    context: {} as ClassListContext,
    events: {} as ClassListEvent,
    input: {} as ClassListInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/groups/{orgId}/?page&status&search */
    loadClasses: fromPromise<ClassGroupPage, ClassListInput>(async () => {
      throw new Error('not provided: loadClasses')
    }),
    /** DELETE /v1/groups/{orgId}/{groupId}/ for each selected class */
    deleteClasses: fromPromise<DeleteClassesOutput, DeleteClassesInput>(async () => {
      throw new Error('not provided: deleteClasses')
    }),
  },
  guards: {
    /** The view asks for other classes than the ones loaded or loading. */
    isNewQuery: ({ context }, params: { query: ClassListQuery }) => JSON.stringify(params.query) !== JSON.stringify(context.query),
    /** The page asked for is past the last one (its last classes were deleted): the one before is loaded. */
    isPastLastPage: ({ context }, params: { page: ClassGroupPage }) => params.page.results.length === 0 && context.query.page > 1,
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    assignQuery: assign((_, params: { query: ClassListQuery }) => ({ query: params.query })),
    assignPreviousPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 } })),
    assignPage: assign(({ context }, params: { page: ClassGroupPage }) => ({
      page: params.page,
      // what left the list leaves the selection
      selected: context.selected.filter((id) => params.page.results.some((row) => row.id === id)),
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignSelection: assign((_, params: { ids: number[] }) => ({ selected: params.ids })),
    clearActionError: assign({ actionError: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    /** The view says how the deletion went (a toast: all deleted, or some could not be). */
    announceDeleted: (_, _params: DeleteClassesOutput) => undefined,
  },
}).createMachine({
  id: 'classList',
  description: "An organization's classes: filtered by status, searched, paged by 50, deleted in bulk after a confirmation.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    query: input.query,
    page: null,
    selected: [],
    error: null,
    actionError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The classes of the filter, search and page are loaded; the table keeps its rows meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadClasses',
        src: 'loadClasses',
        input: ({ context }) => ({ organizationId: context.organizationId, query: context.query }),
        onDone: [
          {
            description: 'The page is empty now (its last classes were deleted): load the page before it.',
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ page: event.output }) },
            target: 'loading',
            reenter: true,
            actions: 'assignPreviousPage',
          },
          { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'classes.query': {
          description: 'The filter, search or page changed before the answer came: load that instead.',
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
    failed: {
      description: 'The list could not be loaded: the view says so and offers to try again.',
      tags: ['error'],
      on: {
        'classes.retry': { target: 'loading' },
        'classes.query': { target: 'loading', actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
      },
    },
    ready: {
      description: 'The table shows the page (or the empty state); classes can be ticked and deleted.',
      on: {
        'classes.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'classes.reload': { description: 'A class was created: load the same page again.', target: 'loading' },
        'classes.select': { actions: { type: 'assignSelection', params: ({ event }) => ({ ids: event.ids }) } },
        'classes.delete': {
          description: 'Deleting needs at least one class ticked, and asks first.',
          guard: 'hasSelection',
          target: 'confirmingDelete',
          actions: 'clearActionError',
        },
      },
    },
    confirmingDelete: {
      description: 'The confirmation names how many classes go; nothing is deleted before it.',
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'ready' },
      },
    },
    deleting: {
      description: 'Each ticked class is deleted by its own call; then the list loads again without them.',
      tags: ['busy'],
      invoke: {
        id: 'deleteClasses',
        src: 'deleteClasses',
        input: ({ context }) => ({ organizationId: context.organizationId, ids: context.selected }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'announceDeleted', params: ({ event }) => event.output },
            { type: 'assignSelection', params: () => ({ ids: [] }) },
          ],
        },
        onError: {
          description: 'No answer at all: back to the list with the message, the selection kept.',
          target: 'ready',
          actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
