import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  ClassStudentsInput,
  ClassStudentsQuery,
  GroupStudent,
  GroupStudentPage,
  LoadClassStudentsInput,
  RemoveClassStudentInput,
} from './types'

/**
 * The students tab of a class (spec 001 §2 Class details; §3 Student row): the search, the date range,
 * the sorted column and the page load one page of the table; a new query while one loads drops the
 * old one. Removing a student from the class asks first (§6); the table then loads again, and an
 * emptied last page falls back to the one before. Students added from the invite menu reload it.
 */

export interface ClassStudentsContext {
  organizationId: number
  groupId: number
  query: ClassStudentsQuery
  /** The page shown (kept while the next one loads). */
  page: GroupStudentPage | null
  /** Why the page could not be loaded. */
  error: ApiFailure | null
  /** The student whose removal is asked about or under way. */
  removing: GroupStudent | null
  /** Why the removal was refused. */
  actionError: ApiFailure | null
}

export type ClassStudentsEvent =
  | { type: 'students.query'; query: ClassStudentsQuery }
  | { type: 'students.reload' }
  | { type: 'students.retry' }
  | { type: 'students.remove'; student: GroupStudent }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }

export const classStudentsMachine = setup({
  types: {
    context: {} as ClassStudentsContext,
    events: {} as ClassStudentsEvent,
    input: {} as ClassStudentsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /v1/groups/{groupId}/users?search&from&to&ordering&page */
    loadStudents: fromPromise<GroupStudentPage, LoadClassStudentsInput>(async () => {
      throw new Error('not provided: loadStudents')
    }),
    /** DELETE /v1/groups/{groupId}/users/{studentId} */
    removeStudent: fromPromise<void, RemoveClassStudentInput>(async () => {
      throw new Error('not provided: removeStudent')
    }),
  },
  guards: {
    /** The view asks for other rows than the ones loaded or loading. */
    isNewQuery: ({ context }, params: { query: ClassStudentsQuery }) => JSON.stringify(params.query) !== JSON.stringify(context.query),
    /** The page asked for is past the last one (its last student was removed): the one before is loaded. */
    isPastLastPage: ({ context }, params: { page: GroupStudentPage }) => params.page.results.length === 0 && context.query.page > 1,
  },
  actions: {
    assignQuery: assign((_, params: { query: ClassStudentsQuery }) => ({ query: params.query })),
    assignPreviousPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 } })),
    assignPage: assign((_, params: { page: GroupStudentPage }) => ({ page: params.page, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignRemoving: assign((_, params: { student: GroupStudent }) => ({ removing: params.student, actionError: null })),
    clearRemoving: assign({ removing: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    /** The view says who left the class (a toast) and the class's counts follow. */
    announceRemoved: (_, _params: { student: GroupStudent | null }) => undefined,
  },
}).createMachine({
  id: 'classStudents',
  description: "A class's students table: searched, in a date range, sorted, paged; a student removed after a confirmation.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    groupId: input.groupId,
    query: input.query,
    page: null,
    error: null,
    removing: null,
    actionError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The rows of the search, range, sort and page are loaded; the table keeps its rows meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadStudents',
        src: 'loadStudents',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId, query: context.query }),
        onDone: [
          {
            description: 'The page is empty now (its last student was removed): load the page before it.',
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
        'students.query': {
          description: 'The search, range, sort or page changed before the answer came: load that instead.',
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
    failed: {
      description: 'The table could not be loaded (a range out of order, or no answer): the view says so and offers to try again.',
      on: {
        'students.retry': { target: 'loading' },
        'students.query': { target: 'loading', actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
      },
    },
    ready: {
      description: 'The table shows the page (or the empty state); a row opens the student, its button removes them.',
      on: {
        'students.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: 'loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'students.reload': { description: 'Students were added: load the same page again.', target: 'loading' },
        'students.remove': { target: 'confirmingRemove', actions: { type: 'assignRemoving', params: ({ event }) => ({ student: event.student }) } },
      },
    },
    confirmingRemove: {
      description: 'The confirmation names the student and the class; nothing changes before it.',
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'ready', actions: 'clearRemoving' },
      },
    },
    removing: {
      description: 'The student leaves the class (not the organization).',
      tags: ['busy'],
      invoke: {
        id: 'removeStudent',
        src: 'removeStudent',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId, studentId: (context.removing as GroupStudent).id }),
        onDone: {
          target: 'loading',
          actions: [{ type: 'announceRemoved', params: ({ context }) => ({ student: context.removing }) }, 'clearRemoving'],
        },
        onError: {
          description: 'Refused or no answer: the confirmation stays with the message.',
          target: 'confirmingRemove',
          actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
