import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, OrganizationMembership, User, UserIdInput, WithdrawFromOrganizationInput, WithdrawInput } from './types'

/**
 * Withdrawing from an organization on the profile (spec §4 Withdraw, §6 Withdrawing): a double
 * confirmation, two states. The first confirm moves to `confirmed`, which shows the second message
 * chosen by the role (admin, teacher, student: a student needs a new invitation to rejoin); the second
 * confirm removes the membership, reloads the user's organizations and closes. The dialog closes when
 * the machine reaches `closed`, never by itself: a cancel while the removal runs is not taken. The only admin is told
 * to invite another owner first and cannot go on (the server refuses it too).
 */

export interface WithdrawContext extends WithdrawInput {
  /** The last refusal of the server, or no answer, for the error panel. */
  error: ApiFailure | null
}

export type WithdrawEvent = { type: 'withdraw.confirm' } | { type: 'withdraw.cancel' }

export const withdrawMachine = setup({
  types: {
    input: {} as WithdrawInput,
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** DELETE /v1/organizations/{id}/membership/ */
    withdraw: fromPromise<void, WithdrawFromOrganizationInput>(async () => {
      throw new Error('not provided: withdraw')
    }),
    /** GET /v1/accounts/{id}: the account with the organizations it has left */
    reloadAccount: fromPromise<User, UserIdInput>(async () => {
      throw new Error('not provided: reloadAccount')
    }),
  },
  guards: {
    isSoleAdmin: ({ context }) => context.organization.sole_admin === true,
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The profile shows the account as reloaded (null: the reload failed, the session reloads it). */
    announceWithdrawn: (_, _params: { account: User | null; organization: OrganizationMembership }) => {},
    /** The view closes the dialog: only here, whatever button or key asked for it. */
    close: () => {},
  },
}).createMachine({
  id: 'withdraw',
  description: 'Withdraw from one organization: two confirmations, then the membership goes and the organizations are reloaded.',
  context: ({ input }) => ({ userId: input.userId, organization: input.organization, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Whether the user is the only admin, who may not withdraw.',
      always: [
        { guard: 'isSoleAdmin', target: 'soleAdmin', description: 'The only admin: another owner must be invited first.' },
        { target: 'asking' },
      ],
    },
    soleAdmin: {
      description: 'The admin warning: invite another owner (admin) first; there is nothing to confirm.',
      on: { 'withdraw.cancel': { target: 'closed' } },
    },
    asking: {
      description: 'The first message: withdraw from this organization?',
      on: {
        'withdraw.confirm': { target: 'confirmed', description: 'First confirmation: the second message is shown.' },
        'withdraw.cancel': { target: 'closed' },
      },
    },
    confirmed: {
      description: 'The second message, by role (an admin, a teacher: ask an admin about classes; a student: a new invitation is needed to rejoin).',
      on: {
        'withdraw.confirm': { target: 'withdrawing', description: 'Second confirmation: the membership is removed.' },
        'withdraw.cancel': { target: 'closed' },
      },
    },
    withdrawing: {
      description: 'Every role of the user in the organization is removed.',
      tags: ['busy'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ organizationId: context.organization.id }),
        onDone: { target: 'reloading' },
        onError: {
          description: 'Refused (the only admin, meanwhile) or no answer: the dialog says why.',
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The withdrawal did not happen; the error panel says why. Confirm tries again.',
      tags: ['error'],
      on: {
        'withdraw.confirm': { target: 'withdrawing', actions: 'clearError' },
        'withdraw.cancel': { target: 'closed' },
      },
    },
    reloading: {
      description: "The user's organizations are reloaded.",
      tags: ['busy'],
      invoke: {
        id: 'reloadAccount',
        src: 'reloadAccount',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'closed',
          actions: {
            type: 'announceWithdrawn',
            params: ({ context, event }) => ({ account: event.output, organization: context.organization }),
          },
        },
        onError: {
          description: 'Withdrawn, but the reload failed: the dialog closes all the same.',
          target: 'closed',
          actions: { type: 'announceWithdrawn', params: ({ context }) => ({ account: null, organization: context.organization }) },
        },
      },
    },
    closed: {
      description: 'The dialog is closed.',
      type: 'final',
      entry: 'close',
    },
  },
})
