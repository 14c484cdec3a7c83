import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { AddClassStudentsInput, AddClassStudentsOutput, ApiError, ApiFailure, ClassRef } from './types'

/**
 * Adding students to a class by pasted e-mails (spec 001 §2 Class details invite menu, E-mail invite
 * form; §6 the invite role for a class is student), as the wizard does: with consent students of the
 * organization join at once and any other address is invited to the class; without it everyone is
 * invited. Who was in the class already is counted apart. A refusal keeps the form open with its message.
 */

export interface ClassAddStudentsContext extends ClassRef {
  emails: string[]
  consent: boolean
  result: AddClassStudentsOutput | null
  error: ApiFailure | null
}

export type ClassAddStudentsEvent = { type: 'students.add'; emails: string[]; consent: boolean }

export const classAddStudentsMachine = setup({
  types: {
    context: {} as ClassAddStudentsContext,
    events: {} as ClassAddStudentsEvent,
    input: {} as ClassRef,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /v1/groups/{groupId}/users {emails} */
    addStudents: fromPromise<AddClassStudentsOutput, AddClassStudentsInput>(async () => {
      throw new Error('not provided: addStudents')
    }),
  },
  actions: {
    assignEmails: assign((_, params: { emails: string[]; consent: boolean }) => ({ emails: params.emails, consent: params.consent, error: null })),
    assignResult: assign((_, params: { result: AddClassStudentsOutput }) => ({ result: params.result })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** The view says how many joined, were invited and were in the class already, closes the form and reloads the class. */
    announceAdded: (_, _params: { added: number; invited: number; already: number }) => undefined,
  },
}).createMachine({
  id: 'classAddStudents',
  description: 'Adding students to a class by e-mail: members join, others are invited.',
  context: ({ input }) => ({ organizationId: input.organizationId, groupId: input.groupId, emails: [], consent: true, result: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form takes addresses as tags (invalid ones are refused) and the consent box.',
      on: {
        'students.add': { target: 'adding', actions: { type: 'assignEmails', params: ({ event }) => ({ emails: event.emails, consent: event.consent }) } },
      },
    },
    adding: {
      description: 'The students are added and the invitations sent.',
      tags: ['busy'],
      invoke: {
        id: 'addStudents',
        src: 'addStudents',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId, emails: context.emails, consent: context.consent }),
        onDone: { target: 'added', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          description: 'Refused or no answer: back to the form with the message.',
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    added: {
      description: 'Done; the form closes.',
      type: 'final',
      entry: {
        type: 'announceAdded',
        params: ({ context }) => ({
          added: context.result?.added.length ?? 0,
          invited: context.result?.invitations.length ?? 0,
          already: context.result?.already.length ?? 0,
        }),
      },
    },
  },
})
