import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, DetailResult, ResetPasswordInput, TokenInput } from './types'

/**
 * The reset-password page (/reset-password?token=..., spec §2 Login and account dialogs): the
 * person chooses a new password with the link mailed by the recover-password dialog. The link is
 * checked first, without spending it, so that a dead one is told before anything is typed. Success
 * signs every session out and confirms the e-mail; the page then offers the login. The password
 * lives in the form only: it travels in the `reset.submit` event and is never kept here.
 */

export interface ResetPasswordMachineInput {
  /** The ?token= of the link. */
  token: string
}

export interface ResetPasswordContext {
  token: string
  /** The last failure: the error panel while editing, the server's reason on the invalid page. */
  error: ApiFailure | null
}

export type ResetPasswordEvent = { type: 'reset.submit'; password: string }

export type ResetPasswordOutput =
  /** The password was changed: the page offers the login. */
  | { outcome: 'done' }
  /** The link is expired or already used: the page offers to ask for a new one. */
  | { outcome: 'invalid'; error: ApiFailure }

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordMachineInput,
    output: {} as ResetPasswordOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/reset_password/validate/ {token} -> 204 | 400 {token: [...]} */
    validateResetToken: fromPromise<void, TokenInput>(async () => {
      throw new Error('not provided: validateResetToken')
    }),
    /** POST /v1/accounts/reset_password/confirm/ {token, password} -> {detail} */
    resetPassword: fromPromise<DetailResult, ResetPasswordInput>(async () => {
      throw new Error('not provided: resetPassword')
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
  id: 'resetPassword',
  description: 'The reset-password page of the mailed link: choose a new password, then log in.',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'checking',
  output: ({ event }) => event.output as ResetPasswordOutput,
  states: {
    checking: {
      description: 'The link is checked (without using it) before the form is shown.',
      tags: ['busy'],
      invoke: {
        id: 'validateResetToken',
        src: 'validateResetToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { description: 'The link can be used: show the form.', target: 'editing' },
        onError: [
          {
            description: 'The link is expired, already used or unknown: say so at once.',
            guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The link could not be checked (no connection): the form is shown with the error; saving checks the link again.',
            target: 'editing.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    editing: {
      description: 'The person types the new password (at least 6 characters); the button is enabled once it is valid.',
      initial: 'ready',
      on: {
        'reset.submit': { description: 'Save the new password.', target: 'submitting', actions: 'clearError' },
      },
      states: {
        ready: {},
        failed: {
          description: 'The error panel shows why the password was refused (too common, too short...) or the call failed.',
          tags: ['error'],
        },
      },
    },
    submitting: {
      description: 'The new password is saved.',
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'reset.submit')
          return { token: context.token, password: event.password }
        },
        onDone: { description: 'Password changed; every session was signed out.', target: 'done' },
        onError: [
          {
            description: 'The link is expired or already used.',
            guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The password was refused, too many attempts, or no connection: the person can try again.',
            target: 'editing.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    done: {
      description: 'The page says the password was changed and offers the login.',
      type: 'final',
      output: { outcome: 'done' },
    },
    invalid: {
      description: 'The page says the link is expired or was already used and offers to ask for a new one.',
      type: 'final',
      tags: ['error'],
      output: ({ context }) => ({ outcome: 'invalid', error: context.error ?? { status: 400, body: {} } }),
    },
  },
})
