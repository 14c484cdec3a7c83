import { assign, fromPromise, setup } from 'xstate'
import type { LoadAccountInput, RestoredSession, SaveLanguageInput, Session, SessionTokenInput, User } from './types'

/**
 * The session: logged in or out, with the session-expired warning (spec §4 Session).
 * The root actor keeps it as a long-lived child under systemId 'session'; a 401 with
 * "Session expired" anywhere is sent to it as `session.expired`.
 */

export interface SessionContext {
  /** The bearer token, while logged in. */
  token: string | null
  /** The logged-in user, with their organizations. */
  user: User | null
  /** The organization the screens work on (null: none; a platform admin starts with none). */
  currentOrganizationId: number | null
}

export type SessionEvent =
  | { type: 'session.login'; session: Session; user: User }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.warningSeen' }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'session.refresh' }
  | { type: 'session.switchOrganization'; organizationId: number | null }
  /** Another tab of this browser logged out (the stored login is gone). */
  | { type: 'session.loggedOutElsewhere' }
  /** Another tab of this browser logged in: `token` is the login now stored. */
  | { type: 'session.loggedInElsewhere'; token: string }
  /** The person picked another interface language (a locale, e.g. 'es-MX'); the browser already shows it. */
  | { type: 'session.changeLanguage'; language: string }

/** The status of whatever an actor threw (an API failure carries one; anything else is 0). */
function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status
  }
  return 0
}

/**
 * The organization that stays current for `user`: the wanted one when the user may work on it,
 * else the first of theirs. A platform admin keeps whatever was selected (none after login).
 * Mirrors roles.defaultOrganizationId.
 */
function organizationFor(user: User, wanted: number | null): number | null {
  if (user.is_superuser) return wanted
  if (wanted !== null && user.organizations.some((org) => org.id === wanted)) return wanted
  return user.organizations[0]?.id ?? null
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'authenticated' | 'busy',
  },
  actors: {
    restoreSession: fromPromise<RestoredSession | null>(async () => {
      throw new Error('not provided: restoreSession')
    }),
    revokeSession: fromPromise<void, SessionTokenInput>(async () => {
      throw new Error('not provided: revokeSession')
    }),
    loadAccount: fromPromise<User, LoadAccountInput>(async () => {
      throw new Error('not provided: loadAccount')
    }),
    saveLanguage: fromPromise<User, SaveLanguageInput>(async () => {
      throw new Error('not provided: saveLanguage')
    }),
  },
  guards: {
    isRestored: (_, params: { restored: RestoredSession | null }) => params.restored !== null,
    isSessionExpiredError: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    /** The server refused the saved login for good (its account is not the token's, or gone): not a failure to reach it. */
    isLoginRefusedError: (_, params: { error: unknown }) => [403, 404].includes(statusOf(params.error)),
    isOtherToken: ({ context }, params: { token: string }) => context.token !== params.token,
    isOtherLanguage: ({ context }, params: { language: string }) =>
      context.user !== null && context.user.language !== params.language,
    /** Another organization than the current one, which the user may work on. */
    canSelectOrganization: ({ context }, params: { organizationId: number | null }) =>
      context.user !== null &&
      params.organizationId !== context.currentOrganizationId &&
      (context.user.is_superuser ||
        (params.organizationId !== null && context.user.organizations.some((org) => org.id === params.organizationId))),
  },
  actions: {
    assignSession: assign((_, params: { session: Session; user: User }) => ({
      token: params.session.token,
      user: params.user,
      currentOrganizationId: organizationFor(params.user, null),
    })),
    assignRestoredSession: assign((_, params: { restored: RestoredSession | null }) =>
      params.restored === null
        ? {}
        : {
            token: params.restored.token,
            user: params.restored.user,
            currentOrganizationId: organizationFor(params.restored.user, params.restored.organizationId),
          },
    ),
    assignUser: assign(({ context }, params: { user: User }) => ({
      user: params.user,
      currentOrganizationId: organizationFor(params.user, context.currentOrganizationId),
    })),
    assignOrganization: assign((_, params: { organizationId: number | null }) => ({
      currentOrganizationId: params.organizationId,
    })),
    clearSession: assign({ token: null, user: null, currentOrganizationId: null }),
    /** Stores the token and the user id (the saved login). */
    persistSession: (_, _params: { session: Session }) => {},
    /** Stores the current organization. */
    persistOrganization: (_, _params: { organizationId: number | null }) => {},
    /** Removes the stored token, user id and organization. */
    clearStorage: () => {},
    /** Empties every data area (lists, caches) so nothing of the last user stays on screen. */
    resetDataAreas: () => {},
    /** The one-time toast 'Your session has expired, please login'. */
    warnSessionExpired: () => {},
  },
}).createMachine({
  id: 'session',
  description: 'Whether somebody is logged in, who, and which organization they work on.',
  context: { token: null, user: null, currentOrganizationId: null },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'At startup a saved login (token and user id) is restored by loading the account; without one the person is logged out.',
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            description: 'A saved login was found and its account loaded.',
            guard: { type: 'isRestored', params: ({ event }) => ({ restored: event.output }) },
            target: 'loggedIn',
            actions: [
              { type: 'assignRestoredSession', params: ({ event }) => ({ restored: event.output }) },
              { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
            ],
          },
          { description: 'Nothing saved: logged out.', target: 'loggedOut.idle' },
        ],
        onError: [
          {
            description: 'The saved login has expired.',
            guard: { type: 'isSessionExpiredError', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut.expired',
            actions: ['clearStorage', 'resetDataAreas'],
          },
          {
            description: "The server refused the saved login's account: it is forgotten.",
            guard: { type: 'isLoginRefusedError', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut.idle',
            actions: ['clearStorage'],
          },
          {
            description:
              'The server could not be reached, failed, or the page is being left: the saved login stays, for the next start.',
            target: 'loggedOut.idle',
          },
        ],
      },
      on: {
        'session.expired': {
          description: 'The server said the saved session has expired.',
          target: 'loggedOut.expired',
          actions: ['clearStorage', 'resetDataAreas'],
        },
        'session.loggedInElsewhere': {
          description: 'Another tab logged in meanwhile: the restore starts again from what is stored now.',
          target: 'restoring',
          reenter: true,
        },
      },
    },
    loggedIn: {
      description: 'Somebody is logged in: the top navigation and the private screens are shown.',
      tags: ['authenticated'],
      initial: 'ready',
      on: {
        'session.login': {
          description: 'Another login replaces this one.',
          target: '.ready',
          actions: [
            { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'assignSession', params: ({ event }) => ({ session: event.session, user: event.user }) },
            { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
          ],
        },
        'session.userUpdated': {
          description: 'A screen changed the account (profile edit, withdraw, joined organization).',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
          ],
        },
        'session.switchOrganization': {
          description:
            "The user picks another of their organizations in the user menu, or opens a route that names one; a platform admin opens any organization. The data areas of the last one are emptied.",
          guard: { type: 'canSelectOrganization', params: ({ event }) => ({ organizationId: event.organizationId }) },
          actions: [
            { type: 'assignOrganization', params: ({ event }) => ({ organizationId: event.organizationId }) },
            { type: 'persistOrganization', params: ({ event }) => ({ organizationId: event.organizationId }) },
            'resetDataAreas',
          ],
        },
        'session.loggedOutElsewhere': {
          description: 'Another tab logged out: this one follows, without the expiry warning.',
          target: 'loggedOut.idle',
          actions: ['resetDataAreas', 'clearSession'],
        },
        'session.loggedInElsewhere': {
          description: "Another tab logged in with another login: this one follows, restoring what is stored.",
          guard: { type: 'isOtherToken', params: ({ event }) => ({ token: event.token }) },
          target: 'restoring',
          actions: ['resetDataAreas', 'clearSession'],
        },
        'session.changeLanguage': {
          description:
            'The person picked another interface language: it is saved on their account. Picking the language the account already has saves nothing.',
          guard: { type: 'isOtherLanguage', params: ({ event }) => ({ language: event.language }) },
          target: '.savingLanguage',
        },
        'session.logout': { description: 'Logout in the user menu.', target: 'loggingOut' },
        'session.expired': {
          description: 'A call answered 401 "Session expired": everything is cleared and the login page warns once.',
          target: 'loggedOut.expired',
          actions: ['clearStorage', 'resetDataAreas', 'clearSession'],
        },
      },
      states: {
        ready: {
          description: 'Nothing is being loaded or saved for the account.',
          on: { 'session.refresh': { description: 'Reload the account and its organizations.', target: 'refreshing' } },
        },
        refreshing: {
          description: 'The account is reloaded; the screens keep showing the last one meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'loadAccount',
            src: 'loadAccount',
            input: ({ context }) => ({ sessionToken: context.token ?? '', userId: context.user?.id ?? 0 }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isSessionExpiredError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.loggedOut.expired',
                actions: ['clearStorage', 'resetDataAreas', 'clearSession'],
              },
              { description: 'Other failures are ignored: the last account stays.', target: 'ready' },
            ],
          },
        },
        savingLanguage: {
          description:
            'The interface language the person picked is saved on their account, so that e-mails and text messages reach them in it. The screens already show the new language meanwhile. A reload of the account that was under way gives way to this save, whose answer is the whole account.',
          tags: ['busy'],
          invoke: {
            id: 'saveLanguage',
            src: 'saveLanguage',
            input: ({ context, event }) => ({
              sessionToken: context.token ?? '',
              userId: context.user?.id ?? 0,
              language: event.type === 'session.changeLanguage' ? event.language : (context.user?.language ?? ''),
            }),
            onDone: {
              description: 'Saved: the account now has the new language.',
              target: 'ready',
              actions: [
                { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
              ],
            },
            onError: {
              description:
                'Not saved: the new language stays in this browser only and the account keeps the old one, so messages from the server still come in it. An expired session has already been ended (the server said so to the whole session).',
              target: 'ready',
            },
          },
          on: {
            'session.changeLanguage': {
              description:
                "Another language picked before the save finished: the save starts again with the latest choice, even when it is the account's own language, so the earlier choice cannot win.",
              target: 'savingLanguage',
              reenter: true,
            },
          },
        },
      },
    },
    loggingOut: {
      description: 'The session is revoked on the server; a failure does not stop the logout.',
      tags: ['busy'],
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ sessionToken: context.token ?? '' }),
        onDone: { target: 'loggedOut.idle', actions: ['clearStorage', 'resetDataAreas', 'clearSession'] },
        onError: { target: 'loggedOut.idle', actions: ['clearStorage', 'resetDataAreas', 'clearSession'] },
      },
    },
    loggedOut: {
      description: 'Nobody is logged in: only the login, sign-up and open pages are shown.',
      initial: 'idle',
      on: {
        'session.loggedInElsewhere': {
          description: 'Another tab logged in: this one follows, restoring what is stored.',
          target: 'restoring',
        },
        'session.login': {
          description: 'A login or sign-up flow finished: the token and user id are stored.',
          target: 'loggedIn',
          actions: [
            { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'assignSession', params: ({ event }) => ({ session: event.session, user: event.user }) },
            { type: 'persistOrganization', params: ({ context }) => ({ organizationId: context.currentOrganizationId }) },
          ],
        },
      },
      states: {
        idle: {},
        expired: {
          description: "The session-expired flag: the warning 'Your session has expired, please login' is raised once.",
          entry: 'warnSessionExpired',
          on: { 'session.warningSeen': { description: 'The warning was shown; the flag is cleared.', target: 'idle' } },
        },
      },
    },
  },
})
