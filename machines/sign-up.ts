import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  ApiError,
  ApiFailure,
  DetailResult,
  EmailInput,
  InvitePayload,
  LoadAccountInput,
  Session,
  SignInInput,
  SignUpInput,
  SignUpOutput,
  SignUpResult,
  User,
} from './types'

/**
 * The sign-up dialog (spec §2 Sign-up dialog, Confirm account): create the account, then either
 * wait for the e-mail confirmation (check-your-inbox dialog, with a resend) or, when an invite
 * proved the address, sign in, accept the invitation and start the session. The heading shows
 * the inviting organization: `context.invite.organization_name`.
 */

export interface SignUpMachineInput {
  /** The invitation of the link (its organization goes in the heading), or null. */
  invite: InvitePayload | null
  /** An organization's invitation code from a join link, pre-filled in the optional field. */
  invitationCode: string | null
}

export interface SignUpContext {
  invite: InvitePayload | null
  invitationCode: string | null
  /** The e-mail of the new account (shown in the check-your-inbox dialog). */
  email: string
  /** Kept only between creating an invited account and signing in with it. */
  password: string | null
  session: Session | null
  user: User | null
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type SignUpEvent =
  | {
      type: 'signUp.submit'
      first_name: string
      last_name: string
      email: string
      password: string
      invitation_code?: string
      /** The page to come back to after confirming and logging in (the login's ?next=, e.g. a join link). */
      next?: string
    }
  | { type: 'signUp.resend' }
  | { type: 'signUp.close' }
  | { type: 'signUp.login' }

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpMachineInput,
    output: {} as SignUpOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    signUp: fromPromise<SignUpResult, SignUpInput>(async () => {
      throw new Error('not provided: signUp')
    }),
    signIn: fromPromise<Session, SignInInput>(async () => {
      throw new Error('not provided: signIn')
    }),
    acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async () => {
      throw new Error('not provided: acceptInvite')
    }),
    loadAccount: fromPromise<User, LoadAccountInput>(async () => {
      throw new Error('not provided: loadAccount')
    }),
    sendConfirmation: fromPromise<DetailResult, EmailInput>(async () => {
      throw new Error('not provided: sendConfirmation')
    }),
  },
  guards: {
    isConfirmed: (_, params: { result: SignUpResult }) => params.result.confirmed,
    inviteMatchesEmail: ({ context }) => context.invite !== null && sameEmail(context.invite.email, context.email),
  },
  actions: {
    assignCredentials: assign((_, params: { email: string; password: string }) => ({
      email: params.email,
      password: params.password,
      error: null,
    })),
    forgetPassword: assign({ password: null }),
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
  },
}).createMachine({
  id: 'signUp',
  description: 'The sign-up dialog and what follows it: the check-your-inbox dialog, or straight in for an invited address.',
  context: ({ input }) => ({
    invite: input.invite,
    invitationCode: input.invitationCode,
    email: '',
    password: null,
    session: null,
    user: null,
    error: null,
  }),
  initial: 'editing',
  output: ({ event }) => event.output as SignUpOutput,
  states: {
    editing: {
      description:
        'First name, last name, e-mail, password and an optional invitation code; the heading names the inviting organization.',
      initial: 'ready',
      on: {
        'signUp.submit': {
          description: 'Create the account.',
          target: 'submitting',
          actions: {
            type: 'assignCredentials',
            params: ({ event }) => ({ email: event.email, password: event.password }),
          },
        },
        'signUp.login': { description: '"Already have an account": back to the login dialog.', target: 'toLogin' },
      },
      states: {
        ready: {},
        failed: { description: 'The error panel shows why the account was not created.', tags: ['error'] },
      },
    },
    submitting: {
      description: 'The account is created.',
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context, event }) => {
          assertEvent(event, 'signUp.submit')
          return {
            first_name: event.first_name,
            last_name: event.last_name,
            email: event.email,
            password: event.password,
            invitation_code: event.invitation_code || undefined,
            invite_token: context.invite?.token,
            next: event.next,
          }
        },
        onDone: [
          {
            description: 'The invitation proved the address: the account is ready, sign in.',
            guard: { type: 'isConfirmed', params: ({ event }) => ({ result: event.output }) },
            target: 'signingIn',
          },
          {
            description: 'A confirmation e-mail was sent.',
            target: 'awaitingConfirmation',
            actions: 'forgetPassword',
          },
        ],
        onError: {
          description: 'Weak password, unknown invitation code, expired invitation...',
          target: 'editing.failed',
          actions: ['forgetPassword', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    signingIn: {
      description: 'The new account signs in.',
      tags: ['busy'],
      exit: 'forgetPassword',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password ?? '' }),
        onDone: [
          {
            description: 'The account was created with the invited address: accept the invitation.',
            guard: 'inviteMatchesEmail',
            target: 'acceptingInvite',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'loadingAccount',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
        ],
        onError: {
          target: 'editing.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    acceptingInvite: {
      description: 'The invitation is accepted; success or failure is reported and the sign-up goes on.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({
          sessionToken: context.session?.token ?? '',
          token: context.invite?.token ?? '',
          email: context.email,
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
          target: 'editing.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      description: 'Signed in: the dashboard (which sends a user without organization to onboarding).',
      type: 'final',
      output: ({ context }) => ({
        outcome: 'signedIn',
        destination: context.user?.is_superuser === true ? '/admin' : '/',
      }),
    },
    awaitingConfirmation: {
      description: 'The check-your-inbox dialog: a link was mailed to the address; it can be sent again.',
      initial: 'sent',
      on: {
        'signUp.resend': { description: 'Send the confirmation e-mail again.', target: 'resending' },
        'signUp.close': { description: 'Close the dialog.', target: 'closed' },
      },
      states: {
        sent: {},
        resent: { description: 'A note says the e-mail was sent again.' },
        resendFailed: { description: 'The error panel shows why it was not sent again.', tags: ['error'] },
      },
    },
    resending: {
      description: 'The confirmation e-mail is sent again.',
      tags: ['busy'],
      invoke: {
        id: 'sendConfirmation',
        src: 'sendConfirmation',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'awaitingConfirmation.resent', actions: 'clearError' },
        onError: {
          target: 'awaitingConfirmation.resendFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    closed: { description: 'The check-your-inbox dialog was closed.', type: 'final', output: { outcome: 'closed' } },
    toLogin: { description: 'The view opens the login dialog.', type: 'final', output: { outcome: 'login' } },
  },
})
