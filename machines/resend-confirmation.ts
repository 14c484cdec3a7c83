import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, DetailResult, EmailInput } from './types'

/**
 * The resend-confirmation dialog (spec §2 Login and account dialogs, §5 Recover password and
 * resend confirmation): a new confirmation link is mailed to the e-mail of an unconfirmed
 * account. The login form opens it when the login answered "account not confirmed", with the
 * e-mail it tried. The server answers the same whether or not the address has an account.
 */

export interface ResendConfirmationInput {
  /** The e-mail to pre-fill ('' when none). */
  email: string
}

export interface ResendConfirmationContext {
  /** The pre-filled e-mail, then the one the link was sent to. */
  email: string
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type ResendConfirmationEvent = { type: 'resend.submit'; email: string }

/** The link was sent to `email`: the dialog says so (and can be closed). */
export type ResendConfirmationOutput = { outcome: 'sent'; email: string }

export const resendConfirmationMachine = setup({
  types: {
    context: {} as ResendConfirmationContext,
    events: {} as ResendConfirmationEvent,
    input: {} as ResendConfirmationInput,
    output: {} as ResendConfirmationOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/send_confirmation/ {email} -> {detail} */
    sendConfirmation: fromPromise<DetailResult, EmailInput>(async () => {
      throw new Error('not provided: sendConfirmation')
    }),
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
  },
}).createMachine({
  id: 'resendConfirmation',
  description: 'The resend-confirmation dialog: mail a new confirmation link to an unconfirmed account.',
  context: ({ input }) => ({ email: input.email, error: null }),
  initial: 'editing',
  output: ({ event }) => event.output as ResendConfirmationOutput,
  states: {
    editing: {
      description: 'The person checks or types the e-mail; the send button is enabled once it is valid.',
      initial: 'ready',
      on: {
        'resend.submit': {
          description: 'Send the confirmation e-mail again.',
          target: 'sending',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
      states: {
        ready: {},
        failed: {
          description: 'The error panel shows why it was not sent (too many attempts, no connection...).',
          tags: ['error'],
        },
      },
    },
    sending: {
      description: 'The confirmation e-mail is sent.',
      tags: ['busy'],
      invoke: {
        id: 'sendConfirmation',
        src: 'sendConfirmation',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: {
          description: 'Too many attempts, server or network failure.',
          target: 'editing.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description: 'The dialog says a confirmation link was sent to the e-mail and to check the inbox.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'sent', email: context.email }),
    },
  },
})
