import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  ApiError,
  ApiFailure,
  InvitePayload,
  LoadAccountInput,
  Session,
  SignUpInput,
  SignUpResult,
  SocialClaims,
  SocialSignInInput,
  SocialSignInOutput,
  User,
} from './types'

/**
 * Social login (spec §4 Social login): the provider sent the browser back to /login?social=<ticket>.
 * The ticket signs in; when no account exists yet the verify-social-info dialog shows the
 * provider's name and e-mail, and confirming creates the account and signs in again. A pending
 * invitation is accepted (success or failure reported), then the session starts.
 * The ticket stays valid through the 404 and the sign-up; the server consumes it on success.
 */

export interface SocialSignInMachineInput {
  /** The ?social= ticket of the OIDC callback. */
  ticket: string
  /** The invitation the login page came with, or null. */
  invite: InvitePayload | null
}

export interface SocialSignInContext {
  ticket: string
  invite: InvitePayload | null
  /** The provider's verified name and e-mail, once the server asked for an account. */
  claims: SocialClaims | null
  session: Session | null
  user: User | null
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type SocialSignInEvent = { type: 'social.confirm' } | { type: 'social.cancel' }

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

export const socialSignInMachine = setup({
  types: {
    context: {} as SocialSignInContext,
    events: {} as SocialSignInEvent,
    input: {} as SocialSignInMachineInput,
    output: {} as SocialSignInOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    socialSignIn: fromPromise<Session, SocialSignInInput>(async () => {
      throw new Error('not provided: socialSignIn')
    }),
    signUp: fromPromise<SignUpResult, SignUpInput>(async () => {
      throw new Error('not provided: signUp')
    }),
    acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async () => {
      throw new Error('not provided: acceptInvite')
    }),
    loadAccount: fromPromise<User, LoadAccountInput>(async () => {
      throw new Error('not provided: loadAccount')
    }),
  },
  guards: {
    hasInvite: ({ context }) => context.invite !== null,
    /** 404 with code account_required: "Please create an account". */
    isAccountRequired: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 404 && failure.body.code === 'account_required'
    },
  },
  actions: {
    assignClaims: assign((_, params: { error: unknown }) => {
      const body = toApiFailure(params.error).body
      return {
        claims: { first_name: text(body.first_name), last_name: text(body.last_name), email: text(body.email) },
        error: null,
      }
    }),
    assignSession: assign((_, params: { session: Session }) => ({ session: params.session })),
    assignUser: assign((_, params: { user: User }) => ({ user: params.user })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The app sends `session.login` with this session and user to the session actor. */
    startSession: (_, _params: { session: Session; user: User }) => {},
    /** Toast: the invitation to the organization was accepted. */
    notifyInviteAccepted: (_, _params: { organizationName: string }) => {},
    /** Toast 'Invite could not be accepted'. */
    notifyInviteFailed: () => {},
    /** Toast: the social login failed (the server's detail, else the generic message). */
    notifySocialFailed: (_, _params: { error: ApiFailure }) => {},
  },
}).createMachine({
  id: 'socialSignIn',
  description: 'Login with the social provider, creating the account on first use.',
  context: ({ input }) => ({
    ticket: input.ticket,
    invite: input.invite,
    claims: null,
    session: null,
    user: null,
    error: null,
  }),
  initial: 'signingIn',
  output: ({ event }) => event.output as SocialSignInOutput,
  states: {
    signingIn: {
      description: "The provider's ticket signs in.",
      tags: ['busy'],
      invoke: {
        id: 'socialSignIn',
        src: 'socialSignIn',
        input: ({ context }) => ({ social_token: context.ticket }),
        onDone: [
          {
            description: 'A pending invitation is accepted next.',
            guard: 'hasInvite',
            target: 'acceptingInvite',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'loadingAccount',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
        ],
        onError: [
          {
            description: "'Please create an account': start sign-up with the provider's name and e-mail.",
            guard: { type: 'isAccountRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyingInfo',
            actions: { type: 'assignClaims', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'An expired or used ticket, or another failure.',
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifySocialFailed', params: ({ context }) => ({ error: context.error as ApiFailure }) },
            ],
          },
        ],
      },
    },
    verifyingInfo: {
      description: 'The verify-social-info dialog: name and e-mail from the provider, shown disabled.',
      initial: 'ready',
      on: {
        'social.confirm': { description: 'Create the account with these details.', target: 'creatingAccount' },
        'social.cancel': { description: 'Close the dialog without an account.', target: 'cancelled' },
      },
      states: {
        ready: {},
        failed: { description: 'The error panel shows why the account was not created.', tags: ['error'] },
      },
    },
    creatingAccount: {
      description: "The account is created from the provider's details, linked to the provider.",
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({
          first_name: context.claims?.first_name ?? '',
          last_name: context.claims?.last_name ?? '',
          email: context.claims?.email ?? '',
          social_token: context.ticket,
        }),
        onDone: { description: 'Sign in again, now with an account.', target: 'signingIn', actions: 'clearError' },
        onError: {
          target: 'verifyingInfo.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    acceptingInvite: {
      description: 'The pending invitation is accepted; success or failure is reported and the login goes on.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({
          sessionToken: context.session?.token ?? '',
          token: context.invite?.token ?? '',
          email: context.invite?.email ?? '',
        }),
        onDone: {
          target: 'loadingAccount',
          actions: {
            type: 'notifyInviteAccepted',
            params: ({ event }) => ({ organizationName: event.output.organization.name }),
          },
        },
        onError: { target: 'loadingAccount', actions: 'notifyInviteFailed' },
      },
    },
    loadingAccount: {
      description: "The account is loaded with the user's organizations.",
      tags: ['busy'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ sessionToken: context.session?.token ?? '', userId: context.session?.user_id ?? 0 }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'startSession',
              params: ({ context, event }) => ({ session: context.session as Session, user: event.output }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifySocialFailed', params: ({ context }) => ({ error: context.error as ApiFailure }) },
          ],
        },
      },
    },
    done: {
      description: 'Logged in: a platform admin goes to /admin, everybody else home.',
      type: 'final',
      output: ({ context }) => ({
        outcome: 'signedIn',
        destination: context.user?.is_superuser === true ? '/admin' : '/',
      }),
    },
    cancelled: {
      description: 'The person closed the verify-social-info dialog: the login page stays.',
      type: 'final',
      output: { outcome: 'cancelled' },
    },
    failed: {
      description: 'The social login failed; the login page shows the error.',
      type: 'final',
      tags: ['error'],
      output: ({ context }) => ({ outcome: 'failed', error: context.error ?? { status: 0, body: {} } }),
    },
  },
})
