import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, ClassGroupPage, PersonClassesInput } from './types'

/**
 * The classes on a student's or a teacher's details page (spec §2 Student list and detail: the first 3
 * classes; Teacher list and detail: the first 5): they are loaded once with the page; a failed load
 * says so and can be tried again. The page decides how many it shows and whether it says "and more".
 */

export interface PersonClassesContext {
  organizationId: number
  userId: number
  /** The classes, with how many there are in all (null until loaded). */
  classes: ClassGroupPage | null
  error: ApiFailure | null
}

export type PersonClassesEvent = { type: 'classes.retry' }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const personClassesMachine = setup({
  types: {
    context: {} as PersonClassesContext,
    events: {} as PersonClassesEvent,
    input: {} as PersonClassesInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** A student's classes (GET /v1/groups/{orgId}/{studentId}/groups) or a teacher's (GET /v1/groups/{orgId}/?owner). */
    loadPersonClasses: fromPromise<ClassGroupPage, PersonClassesInput>(async () => {
      throw new Error('not provided: loadPersonClasses')
    }),
  },
  actions: {
    assignClasses: assign((_, params: { classes: ClassGroupPage }) => ({ classes: params.classes, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'personClasses',
  description: "The classes of a student or a teacher, shown on the person's details page.",
  context: ({ input }) => ({ organizationId: input.organizationId, userId: input.userId, classes: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The classes are loaded.',
      tags: ['busy'],
      invoke: {
        id: 'loadPersonClasses',
        src: 'loadPersonClasses',
        input: ({ context }) => ({ organizationId: context.organizationId, userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'assignClasses', params: ({ event }) => ({ classes: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The first classes are shown with links to their pages, or that there is none yet.',
    },
    failed: {
      description: 'The classes could not be loaded: the section says so and offers to try again.',
      tags: ['error'],
      on: {
        'classes.retry': { target: 'loading', actions: 'clearError', description: 'The person tries again.' },
      },
    },
  },
})
