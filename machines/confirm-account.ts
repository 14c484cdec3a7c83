import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  ConfirmAccountResult,
  ConfirmationCheck,
  ConfirmLinkInput,
  DetailResult,
  EmailInput,
  RemovedOnProof,
  TokenInput,
} from './types'

/**
 * The confirm-account page (/confirm-account?token=..., spec §2 Login and account dialogs): the
 * link mailed after sign-up (or after an e-mail change) confirms the address. A sign-up's link is the
 * first proof of the address, and whoever signed up may not be its owner (issue 18), so the page asks
 * first: with the password chosen at sign-up the account is confirmed and keeps it; without it the
 * account is confirmed, loses what was set before, and the person chooses a password; "This wasn't me"
 * deletes the account. An e-mail change's link is confirmed at once. A link opened again once the
 * address is confirmed says so and offers the login; a link that is expired or already used for an
 * address still waiting can be replaced by a new one from the same page.
 */

export interface ConfirmAccountInput {
  /** The ?token= of the link. */
  token: string
}

export interface ConfirmAccountContext {
  token: string
  /** The address of the link (pre-fills the login), then the one a new link was asked for. */
  email: string
  /** What the link is for, as the check said: only a sign-up's link asks, and takes a password. */
  purpose: 'sign_up' | 'email_change' | null
  /** The account of a sign-up's link has a password the person can prove. */
  hasPassword: boolean
  /** After a confirmation without the sign-up's password: the token to choose one, and what was removed. */
  resetToken: string
  removed: RemovedOnProof[]
  /** The last failure: why the link was refused, or why a new one was not sent. */
  error: ApiFailure | null
}

export type ConfirmAccountEvent =
  | { type: 'confirm.submit'; password: string }
  | { type: 'confirm.choosePassword' }
  | { type: 'confirm.decline' }
  | { type: 'confirm.resend'; email: string }
  | { type: 'confirm.retry' }

export type ConfirmAccountOutput =
  /** The address is confirmed: the page offers the login with this e-mail. */
  | { outcome: 'confirmed'; email: string }
  /** The address is confirmed and what was set before removed: the page leads to choosing a password. */
  | { outcome: 'passwordToSet'; email: string; resetToken: string; removed: RemovedOnProof[] }
  /** The address was confirmed before (the link was opened again): the page offers the login. */
  | { outcome: 'alreadyConfirmed'; email: string }
  /** "This wasn't me": the account made with this e-mail is deleted. */
  | { outcome: 'declined'; email: string }
  /** A new confirmation link was mailed to this e-mail. */
  | { outcome: 'resent'; email: string }

export const confirmAccountMachine = setup({
  types: {
    context: {} as ConfirmAccountContext,
    events: {} as ConfirmAccountEvent,
    input: {} as ConfirmAccountInput,
    output: {} as ConfirmAccountOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/confirm/check/ {token} -> what the link stands for; the link stays usable */
    checkConfirmation: fromPromise<ConfirmationCheck, TokenInput>(async () => {
      throw new Error('not provided: checkConfirmation')
    }),
    /** POST /v1/accounts/confirm/ {token, password?} -> {email, reset_token?, removed?} */
    confirmAccount: fromPromise<ConfirmAccountResult, ConfirmLinkInput>(async () => {
      throw new Error('not provided: confirmAccount')
    }),
    /** POST /v1/accounts/confirm/decline/ {token} -> 204 */
    declineAccount: fromPromise<void, TokenInput>(async () => {
      throw new Error('not provided: declineAccount')
    }),
    /** POST /v1/accounts/send_confirmation/ {email} -> {detail} */
    sendConfirmation: fromPromise<DetailResult, EmailInput>(async () => {
      throw new Error('not provided: sendConfirmation')
    }),
  },
  guards: {
    /** The server answered that the address had been confirmed before this link was opened. */
    isAlreadyConfirmed: (_, params: { result: { already_confirmed?: boolean } }) => params.result.already_confirmed === true,
    /** The link is a sign-up's: the person is asked before anything happens. */
    isSignUpLink: (_, params: { check: ConfirmationCheck }) => params.check.purpose === 'sign_up',
    /** The confirmation removed the password (or there was none): the person chooses one. */
    hasPasswordToSet: (_, params: { result: ConfirmAccountResult }) => params.result.reset_token !== undefined,
    /** A 400 that names the password of a sign-up's link: not the one chosen at sign-up; the link is kept. */
    isPasswordRejected: ({ context }, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return context.purpose === 'sign_up' && failure.status === 400 && 'password' in failure.body
    },
    /** A 400 that names the token: the link is expired, already used or unknown. */
    isTokenRejected: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 400 && 'token' in failure.body
    },
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignCheck: assign((_, params: { check: ConfirmationCheck }) => ({
      email: params.check.email,
      purpose: params.check.purpose ?? null,
      hasPassword: params.check.has_password,
      error: null,
    })),
    assignPasswordToSet: assign((_, params: { result: ConfirmAccountResult }) => ({
      email: params.result.email,
      resetToken: params.result.reset_token ?? '',
      removed: params.result.removed ?? [],
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'confirmAccount',
  description:
    'The confirm-account page of the mailed link: a sign-up is confirmed by the person who signed up (or deleted by the owner of the address who did not), an e-mail change at once, or a new link can be asked for.',
  context: ({ input }) => ({ token: input.token, email: '', purpose: null, hasPassword: false, resetToken: '', removed: [], error: null }),
  initial: 'checking',
  output: ({ event }) => event.output as ConfirmAccountOutput,
  states: {
    checking: {
      description: 'The link is checked without being used: a sign-up, an e-mail change, or an address confirmed already.',
      tags: ['busy'],
      invoke: {
        id: 'checkConfirmation',
        src: 'checkConfirmation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            description: 'The address had been confirmed before: the link was opened again.',
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ result: event.output }) },
            target: 'alreadyConfirmed',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
          {
            description: 'A sign-up: the person is asked whether it was them.',
            guard: { type: 'isSignUpLink', params: ({ event }) => ({ check: event.output }) },
            target: 'asking',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: event.output }) },
          },
          {
            description: 'An e-mail change, asked for while signed in: confirmed at once.',
            target: 'confirming',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: event.output }) },
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
    asking: {
      description:
        'The page says an account was made with the address and asks: the password chosen at sign-up to confirm, confirming with a new password instead, or "This wasn\'t me".',
      on: {
        'confirm.submit': {
          description: 'Confirm with the password chosen at sign-up: the account keeps it.',
          target: 'confirming',
          actions: 'clearError',
        },
        'confirm.choosePassword': {
          description: 'Confirm without that password: it is removed and the person chooses one.',
          target: 'confirming',
          actions: 'clearError',
        },
        'confirm.decline': {
          description: '"This wasn\'t me": the account is deleted.',
          target: 'declining',
          actions: 'clearError',
        },
      },
    },
    confirming: {
      description: 'The address is confirmed.',
      tags: ['busy'],
      invoke: {
        id: 'confirmAccount',
        src: 'confirmAccount',
        input: ({ context, event }) =>
          event.type === 'confirm.submit' ? { token: context.token, password: event.password } : { token: context.token },
        onDone: [
          {
            description: 'The address had been confirmed before: the link was opened again.',
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ result: event.output }) },
            target: 'alreadyConfirmed',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
          {
            description: 'Confirmed without the sign-up password: the person chooses a password next.',
            guard: { type: 'hasPasswordToSet', params: ({ event }) => ({ result: event.output }) },
            target: 'passwordToSet',
            actions: { type: 'assignPasswordToSet', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'confirmed',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
        ],
        onError: [
          {
            description: 'Not the password chosen at sign-up: asked again, the link kept.',
            guard: { type: 'isPasswordRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'asking',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
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
    declining: {
      description: 'The account of the link is deleted.',
      tags: ['busy'],
      invoke: {
        id: 'declineAccount',
        src: 'declineAccount',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'declined' },
        onError: [
          {
            description: 'The link is expired or already used (or the account was confirmed meanwhile).',
            guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'No answer or a server failure: the question is shown again with the error.',
            target: 'asking',
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
    passwordToSet: {
      description:
        'The page says the address is confirmed, what was removed from the account, and leads to choosing a password.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'passwordToSet', email: context.email, resetToken: context.resetToken, removed: context.removed }),
    },
    alreadyConfirmed: {
      description: 'The page says the account is already confirmed and offers the login with the e-mail filled in.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'alreadyConfirmed', email: context.email }),
    },
    declined: {
      description: 'The page says the account made with the address is deleted and that nothing else happened.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'declined', email: context.email }),
    },
    failed: {
      description: 'The page says the link could not be checked (no connection, server failure) and offers to try again.',
      tags: ['error'],
      on: { 'confirm.retry': { description: 'Check the link again.', target: 'checking', actions: 'clearError' } },
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
