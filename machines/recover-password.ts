import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, DetailResult, EmailInput } from './types'

/**
 * The recover-password dialog (spec §2 Login and account dialogs, §4 Recover password: asking,
 * then success). The person enters an e-mail; a reset link is mailed to it. The server gives the
 * same answer whether or not an account has that address, so the dialog never tells.
 */

export interface RecoverPasswordContext {
  /** The e-mail the link was asked for (shown in the sent state, kept to pre-fill the form again). */
  email: string
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type RecoverPasswordEvent =
  | { type: 'recover.submit'; email: string }
  | { type: 'recover.again' }

export const recoverPasswordMachine = setup({
  types: {
    context: {} as RecoverPasswordContext,
    events: {} as RecoverPasswordEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/reset_password/ {email} -> {detail} */
    requestPasswordReset: fromPromise<DetailResult, EmailInput>(async () => {
      throw new Error('not provided: requestPasswordReset')
    }),
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'recoverPassword',
  description: 'The recover-password dialog: ask for a reset link by e-mail, then a note that it was sent.',
  context: { email: '', error: null },
  initial: 'asking',
  states: {
    asking: {
      description: 'The person types the e-mail of the account; the send button is enabled once it is valid.',
      initial: 'ready',
      on: {
        'recover.submit': {
          description: 'Send me a reset link.',
          target: 'sending',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
      states: {
        ready: {},
        failed: {
          description: 'The error panel shows why the link was not sent (too many attempts, no connection...).',
          tags: ['error'],
        },
      },
    },
    sending: {
      description: 'The reset link is requested.',
      tags: ['busy'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: {
          description: 'Too many attempts, server or network failure.',
          target: 'asking.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description:
        'Success: the dialog says a link valid for one hour was sent to the e-mail (if an account has it), and to check the inbox.',
      on: {
        'recover.again': {
          description: 'Wrong address or no mail came: back to the form, with the e-mail filled in.',
          target: 'asking',
          actions: 'clearError',
        },
      },
    },
  },
})
