import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  ApiError,
  ApiFailure,
  InvitePayload,
  LoadAccountInput,
  LoginOutput,
  Session,
  SignInInput,
  User,
} from './types'

/**
 * The login dialog (spec §2 Login, §4 Login): sign in, accept the invitation of the link if there
 * is one, load the account, then hand the session to the session actor. The form's values live in
 * the view, which sends `login.submit` with the validated e-mail and password.
 */

export interface LoginInput {
  /** The decoded and validated ?invite= of the login page, or null. */
  invite: InvitePayload | null
}

export interface LoginContext {
  invite: InvitePayload | null
  /** The e-mail the person signs in with. */
  email: string
  session: Session | null
  user: User | null
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'login.forgotPassword' }
  | { type: 'login.createAccount' }
  | { type: 'login.resendConfirmation'; email: string }
  | { type: 'login.closeDialog' }

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The invitation of the link is for a person who already has an account (for its e-mail): they
 * accept it by logging in, and are not offered a sign-up. The login page's view reads it too.
 */
export const invitedToExistingAccount = (context: Pick<LoginContext, 'invite'>): boolean =>
  context.invite !== null && !context.invite.new_user

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    signIn: fromPromise<Session, SignInInput>(async () => {
      throw new Error('not provided: signIn')
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
    inviteMatchesEmail: ({ context }) => context.invite !== null && sameEmail(context.invite.email, context.email),
    /** No invitation, or one for a person without an account; an existing account accepts by logging in. */
    mayCreateAccount: ({ context }) => !invitedToExistingAccount(context),
    /** The sign-in was refused because the account's e-mail is not confirmed yet. */
    isUnconfirmed: ({ context }) => context.error?.body.code === 'unconfirmed',
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    clearError: assign({ error: null }),
    /** The address the confirmation link is sent to again (the form's, as typed now). */
    assignConfirmationEmail: assign((_, params: { email: string }) => ({ email: params.email })),
    assignSession: assign((_, params: { session: Session }) => ({ session: params.session })),
    assignUser: assign((_, params: { user: User }) => ({ user: params.user })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: toApiFailure(params.error),
      session: null,
      user: null,
    })),
    /** The app sends `session.login` with this session and user to the session actor. */
    startSession: (_, _params: { session: Session; user: User }) => {},
    /** The app logs out (spec: on failure show the errors and log out). */
    logOut: () => {},
    /** Toast: the invitation to the organization was accepted. */
    notifyInviteAccepted: (_, _params: { organizationName: string }) => {},
    /** Toast 'Invite could not be accepted'. */
    notifyInviteFailed: () => {},
  },
}).createMachine({
  id: 'login',
  description: 'The login dialog, with the acceptance of an invitation when the page came from an invite link.',
  context: ({ input }) => ({ invite: input.invite, email: '', session: null, user: null, error: null }),
  initial: 'editing',
  output: ({ event }) => event.output as LoginOutput,
  states: {
    editing: {
      description: 'The person types e-mail and password; the login button is enabled once both are valid.',
      initial: 'ready',
      on: {
        'login.submit': {
          description: 'Login (and accept the invitation).',
          target: 'signingIn',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
        'login.forgotPassword': { description: 'Opens the recover-password dialog.', target: 'forgotPassword' },
        'login.createAccount': {
          description:
            'Opens the sign-up dialog. Not offered for an invitation to an existing account: that person already has an account for the e-mail and accepts by logging in.',
          guard: 'mayCreateAccount',
          target: 'createAccount',
        },
      },
      states: {
        ready: {},
        failed: {
          description: 'The error panel shows why the login failed.',
          tags: ['error'],
          on: {
            'login.resendConfirmation': {
              description: 'An unconfirmed account: opens the dialog that sends the confirmation link again.',
              guard: 'isUnconfirmed',
              target: '#login.resendConfirmation',
              actions: { type: 'assignConfirmationEmail', params: ({ event }) => ({ email: event.email }) },
            },
          },
        },
      },
    },
    signingIn: {
      description: 'E-mail and password are checked.',
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'login.submit')
          return { email: event.email, password: event.password }
        },
        onDone: [
          {
            description: 'The invitation is for this e-mail: accept it.',
            guard: 'inviteMatchesEmail',
            target: 'acceptingInvite',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            description: 'The invitation is for another e-mail: report that it could not be accepted.',
            guard: 'hasInvite',
            target: 'loadingAccount',
            actions: [{ type: 'assignSession', params: ({ event }) => ({ session: event.output }) }, 'notifyInviteFailed'],
          },
          {
            target: 'loadingAccount',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
        ],
        onError: {
          description: 'Wrong credentials, unconfirmed account, too many attempts...',
          target: 'editing.failed',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'logOut'],
        },
      },
    },
    acceptingInvite: {
      description: 'The invitation of the link is accepted; success or failure is reported and the login goes on.',
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
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'logOut'],
        },
      },
    },
    done: {
      description: 'Logged in: a platform admin goes to /admin, everybody else to the dashboard.',
      type: 'final',
      output: ({ context }) => ({
        outcome: 'signedIn',
        destination: context.user?.is_superuser === true ? '/admin' : '/',
      }),
    },
    forgotPassword: {
      description: 'The recover-password dialog is open over the login form; closing it goes back to the form.',
      on: { 'login.closeDialog': { target: 'editing.ready', actions: 'clearError' } },
    },
    resendConfirmation: {
      description: 'The dialog that sends the confirmation link again is open; the refusal stays on the form behind it.',
      tags: ['error'],
      on: { 'login.closeDialog': { target: 'editing.failed' } },
    },
    createAccount: {
      description: 'The view opens the sign-up dialog.',
      type: 'final',
      output: { outcome: 'createAccount' },
    },
  },
})
