import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, DetailResult, TokenInput } from './types'

/**
 * The undo-email-change page (/undo-email-change?token=...): the link mailed to the old address when
 * a change of e-mail was asked for. Opening it gives the account its old address back and ends all of
 * its sessions; the page then tells the person to reset their password.
 */

export interface UndoEmailChangeInput {
  /** The ?token= of the link. */
  token: string
}

export interface UndoEmailChangeContext {
  token: string
  /** The last failure: why the link was refused, or why it could not be checked. */
  error: ApiFailure | null
}

export type UndoEmailChangeEvent = { type: 'undo.retry' }

export type UndoEmailChangeOutput =
  /** The change is undone and every session ended: the page asks for a password reset. */
  | { outcome: 'undone' }
  /** The link is expired, already used or unknown. */
  | { outcome: 'invalid'; error: ApiFailure }

export const undoEmailChangeMachine = setup({
  types: {
    context: {} as UndoEmailChangeContext,
    events: {} as UndoEmailChangeEvent,
    input: {} as UndoEmailChangeInput,
    output: {} as UndoEmailChangeOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/email/undo/ {token} -> {detail} */
    undoEmailChange: fromPromise<DetailResult, TokenInput>(async () => {
      throw new Error('not provided: undoEmailChange')
    }),
  },
  guards: {
    /** A 400 that names the token: the link is expired, already used or unknown. */
    isTokenRejected: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 400 && 'token' in failure.body
    },
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'undoEmailChange',
  description: 'The page of the undo link mailed to the old address: the e-mail change is undone and every session ends.',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'undoing',
  output: ({ context }) =>
    context.error ? { outcome: 'invalid', error: context.error } : { outcome: 'undone' },
  states: {
    undoing: {
      description: 'The link is checked, the old address restored and every session of the account ended.',
      tags: ['busy'],
      invoke: {
        id: 'undoEmailChange',
        src: 'undoEmailChange',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'undone' },
        onError: [
          {
            description: 'The link is expired, already used or unknown.',
            guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'No answer or a server failure: the link may still be good.',
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    undone: {
      description: 'The page says the change was undone and all sessions ended, and asks the person to reset their password.',
      type: 'final',
    },
    failed: {
      description: 'The page says the link could not be checked (no connection, server failure) and offers to try again.',
      tags: ['error'],
      on: { 'undo.retry': { description: 'Check the link again.', target: 'undoing', actions: 'clearError' } },
    },
    invalid: {
      description: 'The page says the link is expired or was already used.',
      tags: ['error'],
      type: 'final',
    },
  },
})
