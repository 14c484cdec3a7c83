import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, ConfirmAccountResult, DetailResult, EmailInput, TokenInput } from './types'

/**
 * The confirm-account page (/confirm-account?token=..., spec §2 Login and account dialogs): the
 * link mailed after sign-up (or after an e-mail change) confirms the address. A link opened again
 * once the address is confirmed says so and offers the login; a link that is expired or already used
 * for an address still waiting can be replaced by a new one from the same page.
 */

export interface ConfirmAccountInput {
  /** The ?token= of the link. */
  token: string
}

export interface ConfirmAccountContext {
  token: string
  /** The confirmed e-mail (pre-fills the login), then the one a new link was asked for. */
  email: string
  /** The last failure: why the link was refused, or why a new one was not sent. */
  error: ApiFailure | null
}

export type ConfirmAccountEvent =
  | { type: 'confirm.resend'; email: string }
  | { type: 'confirm.retry' }

export type ConfirmAccountOutput =
  /** The address is confirmed: the page offers the login with this e-mail. */
  | { outcome: 'confirmed'; email: string }
  /** The address was confirmed before (the link was opened again): the page offers the login. */
  | { outcome: 'alreadyConfirmed'; email: string }
  /** A new confirmation link was mailed to this e-mail. */
  | { outcome: 'resent'; email: string }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const confirmAccountMachine = setup({
  types: {
    context: {} as ConfirmAccountContext,
    events: {} as ConfirmAccountEvent,
    input: {} as ConfirmAccountInput,
    output: {} as ConfirmAccountOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/confirm/ {token} -> {email} */
    confirmAccount: fromPromise<ConfirmAccountResult, TokenInput>(async () => {
      throw new Error('not provided: confirmAccount')
    }),
    /** POST /v1/accounts/send_confirmation/ {email} -> {detail} */
    sendConfirmation: fromPromise<DetailResult, EmailInput>(async () => {
      throw new Error('not provided: sendConfirmation')
    }),
  },
  guards: {
    /** The server answered that the address had been confirmed before this link was opened. */
    isAlreadyConfirmed: (_, params: { result: ConfirmAccountResult }) => params.result.already_confirmed === true,
    /** A 400 that names the token: the link is expired, already used or unknown. */
    isTokenRejected: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 400 && 'token' in failure.body
    },
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'confirmAccount',
  description: 'The confirm-account page of the mailed link: the address is confirmed, or a new link can be asked for.',
  context: ({ input }) => ({ token: input.token, email: '', error: null }),
  initial: 'confirming',
  output: ({ event }) => event.output as ConfirmAccountOutput,
  states: {
    confirming: {
      description: 'The link is checked and the address confirmed.',
      tags: ['busy'],
      invoke: {
        id: 'confirmAccount',
        src: 'confirmAccount',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            description: 'The address had been confirmed before: the link was opened again.',
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ result: event.output }) },
            target: 'alreadyConfirmed',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
          {
            target: 'confirmed',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
        ],
        onError: [
          {
            description: 'The link is expired or already used.',
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
    confirmed: {
      description: 'The page says the account is confirmed and offers the login with the e-mail filled in.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'confirmed', email: context.email }),
    },
    alreadyConfirmed: {
      description: 'The page says the account is already confirmed and offers the login with the e-mail filled in.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'alreadyConfirmed', email: context.email }),
    },
    failed: {
      description: 'The page says the link could not be checked (no connection, server failure) and offers to try again.',
      tags: ['error'],
      on: { 'confirm.retry': { description: 'Check the link again.', target: 'confirming', actions: 'clearError' } },
    },
    invalid: {
      description:
        'The page says the link is expired or was already used, with the reason of the last failure, and offers to mail a new link.',
      tags: ['error'],
      on: {
        'confirm.resend': {
          description: 'Mail a new confirmation link to this e-mail.',
          target: 'resending',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    resending: {
      description: 'A new confirmation link is mailed.',
      tags: ['busy'],
      invoke: {
        id: 'sendConfirmation',
        src: 'sendConfirmation',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'resent' },
        onError: {
          description: 'Too many attempts or no connection: the error is shown and the person can try again.',
          target: 'invalid',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resent: {
      description: 'The page says a new link was sent to the e-mail and to check the inbox.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'resent', email: context.email }),
    },
  },
})
