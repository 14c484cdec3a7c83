import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, ChangeMemberStatusInput, MemberStatusAction, OrganizationUser } from './types'

/**
 * Disabling or enabling a member of an organization (spec §2 users view: the disable modal, disabled
 * rows): a confirmation, then the change. A disabled member keeps its roles but reaches the
 * organization no more until enabled. The server refuses to disable oneself, and the only active admin
 * of an organization ('Cannot disable the only active admin of an organization.'): the dialog says so.
 */

export interface MemberStatusInput {
  organizationId: number
  userId: number
  action: MemberStatusAction
}

export interface MemberStatusContext {
  organizationId: number
  userId: number
  action: MemberStatusAction
  /** The last failure, for the dialog's message. */
  error: ApiFailure | null
}

export type MemberStatusEvent = { type: 'memberStatus.confirm' } | { type: 'memberStatus.retry' } | { type: 'memberStatus.cancel' }

export const memberStatusMachine = setup({
  types: {
    context: {} as MemberStatusContext,
    events: {} as MemberStatusEvent,
    input: {} as MemberStatusInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/organizations/{id}/users/{userId}/disable/ or .../enable/: the member as it is now. */
    changeMemberStatus: fromPromise<OrganizationUser, ChangeMemberStatusInput>(async () => {
      throw new Error('not provided: changeMemberStatus')
    }),
  },
  guards: {
    /** 409 sole_admin (the organization's only active admin) or 400 self (oneself): nothing to retry. */
    isRefused: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return (failure.status === 409 && failure.body.code === 'sole_admin') || (failure.status === 400 && failure.body.code === 'self')
    },
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The view tells the person and shows the member's new state (a toast, the row or the page follows). */
    announceChanged: (_, _params: { member: OrganizationUser }) => undefined,
    /** The view closes the dialog: only here, whatever button or key asked for it. */
    close: () => undefined,
  },
}).createMachine({
  id: 'memberStatus',
  description: 'Disabling a member of an organization, or enabling a disabled one, after a confirmation.',
  context: ({ input }) => ({ organizationId: input.organizationId, userId: input.userId, action: input.action, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The dialog says what disabling (or enabling) does to the member and asks to confirm.',
      on: {
        'memberStatus.confirm': { description: 'Disable (or enable) the member.', target: 'saving' },
        'memberStatus.cancel': { target: 'cancelled' },
      },
    },
    saving: {
      description: 'The change is being saved.',
      tags: ['busy'],
      invoke: {
        id: 'changeMemberStatus',
        src: 'changeMemberStatus',
        input: ({ context }) => ({ organizationId: context.organizationId, userId: context.userId, action: context.action }),
        onDone: { target: 'done', actions: { type: 'announceChanged', params: ({ event }) => ({ member: event.output }) } },
        onError: [
          {
            description: 'The member is the only active admin, or the person themselves: refused.',
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'No answer, or any other refusal: the dialog says why and offers to try again.',
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    done: {
      description: 'The member is disabled (or enabled); the view says so and shows the new state.',
      type: 'final',
    },
    refused: {
      description: 'The dialog says why it cannot be done (the only active admin, or oneself); nothing changed.',
      tags: ['error'],
      on: { 'memberStatus.cancel': { target: 'cancelled' } },
    },
    failed: {
      description: 'The dialog shows why the change failed and offers to try again.',
      tags: ['error'],
      on: {
        'memberStatus.retry': { description: 'Try the same change again.', target: 'saving', actions: 'clearError' },
        'memberStatus.cancel': { target: 'cancelled' },
      },
    },
    cancelled: {
      description: 'The dialog was closed; nothing changed.',
      type: 'final',
      entry: 'close',
    },
  },
})
