import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, RemoveMemberInput } from './types'

/**
 * Removing a member from an organization (spec §2 Organization page, §6, §8): a confirmation, then
 * the removal. A platform admin may instead remove the account from the system, which asks a second,
 * sharper confirmation (the dialog has the member's e-mail typed out; the server decides whose account
 * a country admin reaches). The only admin of an organization cannot be removed: the
 * server refuses ('Cannot remove the only admin of an organization.') and the dialog says so.
 */

export interface MemberRemovalInput {
  organizationId: number
  userId: number
  /** The person removing is a platform admin (may delete accounts within its reach). */
  canRemoveFromSystem: boolean
}

export interface MemberRemovalContext {
  organizationId: number
  userId: number
  canRemoveFromSystem: boolean
  /** What the confirmed removal takes the member out of. */
  scope: 'organization' | 'system'
  /** The last failure, for the dialog's message. */
  error: ApiFailure | null
}

export type MemberRemovalEvent =
  | { type: 'removal.confirm' }
  | { type: 'removal.chooseSystem' }
  | { type: 'removal.back' }
  | { type: 'removal.retry' }
  | { type: 'removal.cancel' }

export const memberRemovalMachine = setup({
  types: {
    context: {} as MemberRemovalContext,
    events: {} as MemberRemovalEvent,
    input: {} as MemberRemovalInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** DELETE /v1/organizations/{id}/users/{userId}, with from_system=true for the system. */
    removeMember: fromPromise<void, RemoveMemberInput>(async () => {
      throw new Error('not provided: removeMember')
    }),
  },
  guards: {
    canRemoveFromSystem: ({ context }) => context.canRemoveFromSystem,
    /** 409 sole_admin: the member is the organization's only admin. */
    isSoleAdmin: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 409 && failure.body.code === 'sole_admin'
    },
  },
  actions: {
    removeFromOrganization: assign({ scope: 'organization' as const }),
    removeFromSystem: assign({ scope: 'system' as const }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The view tells the person and leaves the member (a toast, the list reloads or the page goes back). */
    announceRemoved: (_, _params: { scope: 'organization' | 'system' }) => undefined,
    /** The view closes the dialog: only here, whatever button or key asked for it. */
    close: () => undefined,
  },
}).createMachine({
  id: 'memberRemoval',
  description: 'Removing a member from an organization (or, for a platform admin, from the system), after a confirmation.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    userId: input.userId,
    canRemoveFromSystem: input.canRemoveFromSystem,
    scope: 'organization',
    error: null,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The dialog asks whether to remove the member from the organization; a platform admin may choose the system instead.',
      on: {
        'removal.confirm': { description: 'Remove the member from the organization.', target: 'removing', actions: 'removeFromOrganization' },
        'removal.chooseSystem': {
          description: 'A platform admin chooses to delete the account from the system: a second confirmation follows.',
          guard: 'canRemoveFromSystem',
          target: 'confirmingFromSystem',
        },
        'removal.cancel': { target: 'cancelled' },
      },
    },
    confirmingFromSystem: {
      description: 'The dialog warns that the account and its data leave every organization, and asks again.',
      on: {
        'removal.confirm': { description: 'Delete the account from the system.', target: 'removing', actions: 'removeFromSystem' },
        'removal.back': { description: 'Back to removing from this organization only.', target: 'confirming' },
        'removal.cancel': { target: 'cancelled' },
      },
    },
    removing: {
      description: 'The member is being removed.',
      tags: ['busy'],
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          userId: context.userId,
          fromSystem: context.scope === 'system',
        }),
        onDone: { target: 'removed' },
        onError: [
          {
            description: 'The member is the only admin of the organization: refused.',
            guard: { type: 'isSoleAdmin', params: ({ event }) => ({ error: event.error }) },
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
    removed: {
      description: 'The member is gone; the view says so and leaves the member.',
      type: 'final',
      entry: { type: 'announceRemoved', params: ({ context }) => ({ scope: context.scope }) },
    },
    refused: {
      description: "The dialog says 'Cannot remove the only admin of an organization.'; nothing changed. Close closes it.",
      tags: ['error'],
      on: { 'removal.cancel': { target: 'cancelled' } },
    },
    failed: {
      description: 'The dialog shows why the removal failed and offers to try again.',
      tags: ['error'],
      on: {
        'removal.retry': { description: 'Try the same removal again.', target: 'removing', actions: 'clearError' },
        'removal.cancel': { target: 'cancelled' },
      },
    },
    cancelled: {
      description: 'The dialog was closed; nothing changed.',
      type: 'final',
      entry: 'close',
    },
  },
})
