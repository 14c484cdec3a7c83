import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, ClassGroup, CreateClassInput } from './types'

/**
 * The simple create-class dialog (spec 001 §2, before the wizard): details and goals in one form,
 * saved as a class or as a draft (§4 Draft). The server checks the fields (§5: 'Please provide a
 * team/class name', the dates, the goals' limits); its messages are shown by field and the form stays
 * as it was typed.
 */

export interface ClassCreateContext {
  organizationId: number
  /** Why the last save was refused (field errors or a detail). */
  error: ApiFailure | null
  /** What the last save sent (kept so that an error can be shown next to what was typed). */
  submitted: Omit<CreateClassInput, 'organizationId'> | null
}

export type ClassCreateEvent = { type: 'create.submit'; details: CreateClassInput['details']; goals: CreateClassInput['goals'] }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const classCreateMachine = setup({
  types: {
    context: {} as ClassCreateContext,
    events: {} as ClassCreateEvent,
    input: {} as { organizationId: number },
    tags: {} as 'busy',
  },
  actors: {
    /** POST /v1/groups/{orgId}/ then POST /v1/assignments/{groupId}/ */
    createClass: fromPromise<ClassGroup, CreateClassInput>(async () => {
      throw new Error('not provided: createClass')
    }),
  },
  actions: {
    assignSubmitted: assign((_, params: { details: CreateClassInput['details']; goals: CreateClassInput['goals'] }) => ({
      submitted: { details: params.details, goals: params.goals },
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** The view closes the dialog and reloads the list. */
    announceCreated: (_, _params: { group: ClassGroup }) => undefined,
  },
}).createMachine({
  id: 'classCreate',
  description: 'Create a class (or a draft) with its goals from one form.',
  context: ({ input }) => ({ organizationId: input.organizationId, error: null, submitted: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: name, dates (today and 30 days later), goals (5 days, 10 minutes, assessment with 3 days).',
      on: {
        'create.submit': {
          target: 'saving',
          actions: { type: 'assignSubmitted', params: ({ event }) => ({ details: event.details, goals: event.goals }) },
        },
      },
    },
    saving: {
      description: 'The class is created, then its goals are set.',
      tags: ['busy'],
      invoke: {
        id: 'createClass',
        src: 'createClass',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          details: context.submitted?.details ?? { name: '', start_date: '', end_date: '', is_draft: false },
          goals: context.submitted?.goals ?? { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 },
        }),
        onDone: { target: 'created', actions: { type: 'announceCreated', params: ({ event }) => ({ group: event.output }) } },
        onError: {
          description: "Refused ('Please provide a team/class name', dates, goals) or no answer: the form says why.",
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: {
      description: 'Created: the dialog closes and the list shows it.',
      type: 'final',
    },
  },
})
