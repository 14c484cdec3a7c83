import { fromPromise, setup } from 'xstate'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  NavigationGuardInput,
  NavigationGuardOutput,
} from './types'

/**
 * The navigation guard (spec §2 Navigation guard), decided once per navigation after the session
 * machine has restored any saved login. Route names are the spec's (see src/app/paths.ts):
 * Login and Signup are `public` (only for people who are logged out), private routes need a
 * session, `open` ones (confirm account, reset password, terms) are for everybody.
 *
 * Readings:
 * - "Not logged in and the destination is not Login or Signup: go to /login" applies to private
 *   routes; open routes (the links of confirmation and reset e-mails) stay reachable.
 * - "Dashboard for a super admin only when an organization is selected": a platform admin
 *   entering the Dashboard route (/) with no current organization goes to /admin; the
 *   organization dashboard (/organization/{id}/dashboard) names its organization and is allowed.
 * - /admin and /admin/organization/{id} are for platform admins only: anybody else goes home.
 * - "Changing organizationId in the route sets the current organization" (§4): a route that names
 *   an organization the user may work on makes it current (the session resets the data areas).
 *   A member of other organizations who opens one that is not theirs (or does not exist) is told
 *   so on a page of its own; a platform admin may open any.
 * - A logged-out person sent to /login keeps the page they asked for as ?next=, and goes there
 *   once logged in (the guard decides again whether they may see it).
 */

export type NavigationGuardContext = NavigationGuardInput

export const navigationGuardMachine = setup({
  types: {
    context: {} as NavigationGuardContext,
    input: {} as NavigationGuardInput,
    output: {} as NavigationGuardOutput,
    tags: {} as 'busy',
  },
  actors: {
    acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async () => {
      throw new Error('not provided: acceptInvite')
    }),
  },
  guards: {
    isLoggedInOnLoggedOutPage: ({ context }) => context.user !== null && context.destination.access === 'public',
    isLoggedOutOnPrivatePage: ({ context }) => context.user === null && context.destination.access === 'private',
    isAdminAreaForbidden: ({ context }) =>
      context.user !== null &&
      !context.user.is_superuser &&
      (context.destination.name === 'AdminOrganizations' || context.destination.name === 'AdminOrganization'),
    /** Mirrors roles.needsOnboarding: no organization and not a platform admin. */
    isOnboardingDue: ({ context }) =>
      context.user !== null &&
      !context.user.is_superuser &&
      context.user.organizations.length === 0 &&
      (context.destination.name === 'Dashboard' || context.destination.name === 'OrganizationDashboard'),
    isSuperuserWithoutOrganization: ({ context }) =>
      context.user !== null &&
      context.user.is_superuser &&
      context.destination.name === 'Dashboard' &&
      context.currentOrganizationId === null,
    /** Mirrors roles.membershipOf: a platform admin may open any organization. */
    isNotMember: ({ context }) =>
      context.user !== null &&
      !context.user.is_superuser &&
      context.destination.organizationId !== null &&
      !context.user.organizations.some((org) => org.id === context.destination.organizationId),
    isOtherOrganization: ({ context }) =>
      context.user !== null &&
      context.destination.organizationId !== null &&
      context.destination.organizationId > 0 &&
      context.destination.organizationId !== context.currentOrganizationId,
    hasReturnTo: ({ context }) => context.returnTo !== null,
    hasInvite: ({ context }) => context.invite !== null,
    inviteMatchesUser: ({ context }) =>
      context.invite !== null &&
      context.user !== null &&
      context.invite.email.trim().toLowerCase() === context.user.email.trim().toLowerCase(),
  },
  actions: {
    /** Toast: the invitation to the organization was accepted. */
    notifyInviteAccepted: (_, _params: { organizationName: string }) => {},
    /** Toast 'Invite could not be accepted'. */
    notifyInviteFailed: () => {},
    /** The app sends `session.refresh` to the session actor: the user has a new organization. */
    refreshSession: () => {},
    /** The app sends `session.switchOrganization` to the session actor: the route's organization becomes current. */
    selectOrganization: (_, _params: { organizationId: number }) => {},
  },
}).createMachine({
  id: 'navigationGuard',
  description: 'Decides, once per navigation, whether the destination is shown or where the person goes instead.',
  context: ({ input }) => input,
  initial: 'deciding',
  output: ({ event }) => event.output as NavigationGuardOutput,
  states: {
    deciding: {
      description: 'The rules, in order.',
      always: [
        {
          description: 'Logged in and going to Login or Signup.',
          guard: 'isLoggedInOnLoggedOutPage',
          target: 'loggedInOnLoggedOutPage',
        },
        { description: 'Not logged in and going to a private page.', guard: 'isLoggedOutOnPrivatePage', target: 'toLogin' },
        { description: 'The platform admin area, for somebody else.', guard: 'isAdminAreaForbidden', target: 'toDashboard' },
        {
          description: 'Entering the dashboard with no organization, not a platform admin.',
          guard: 'isOnboardingDue',
          target: 'toOnboarding',
        },
        {
          description: 'An organization route of an organization that is not theirs (or does not exist).',
          guard: 'isNotMember',
          target: 'notMember',
        },
        {
          description: 'A platform admin entering the dashboard with no organization selected.',
          guard: 'isSuperuserWithoutOrganization',
          target: 'toAdmin',
        },
        {
          description: 'The route names another organization than the current one: it becomes current.',
          guard: 'isOtherOrganization',
          target: 'allowed',
          actions: {
            type: 'selectOrganization',
            params: ({ context }) => ({ organizationId: context.destination.organizationId ?? 0 }),
          },
        },
        { target: 'allowed' },
      ],
    },
    loggedInOnLoggedOutPage: {
      description: 'A restored session on Login or Signup: accept the invitation of the link, if any, then go home.',
      always: [
        {
          description: "The invitation is for the logged-in user's e-mail: accept it.",
          guard: 'inviteMatchesUser',
          target: 'acceptingInvite',
        },
        {
          description: 'The invitation is for another e-mail: report failure.',
          guard: 'hasInvite',
          target: 'toDashboard',
          actions: 'notifyInviteFailed',
        },
        { description: 'Sent to login from a page: back to it.', guard: 'hasReturnTo', target: 'toReturnTo' },
        { target: 'toDashboard' },
      ],
    },
    acceptingInvite: {
      description: 'The invitation is accepted for the logged-in user.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({
          sessionToken: context.sessionToken ?? '',
          token: context.invite?.token ?? '',
          email: context.user?.email ?? '',
        }),
        onDone: {
          target: 'toDashboard',
          actions: [
            {
              type: 'notifyInviteAccepted',
              params: ({ event }) => ({ organizationName: event.output.organization.name }),
            },
            'refreshSession',
          ],
        },
        onError: { target: 'toDashboard', actions: 'notifyInviteFailed' },
      },
    },
    allowed: {
      description: 'The destination is shown.',
      type: 'final',
      output: ({ context }) => ({ decision: 'allowed', path: context.destination.path }),
    },
    toLogin: {
      description:
        'Go to /login, keeping the page asked for as ?next= (not the dashboard or onboarding, where a login goes anyway).',
      type: 'final',
      output: ({ context }) => ({
        decision: 'toLogin',
        path:
          context.destination.name === 'Dashboard' || context.destination.name === 'Onboarding'
            ? '/login'
            : '/login?next=' + encodeURIComponent(context.destination.path),
      }),
    },
    toReturnTo: {
      description: 'Go back to the page asked for before login.',
      type: 'final',
      output: ({ context }) => ({ decision: 'toReturnTo', path: context.returnTo ?? '/' }),
    },
    notMember: {
      description: "Stay on the address and say 'You are not a member of this organization', with a link to the dashboard.",
      type: 'final',
      output: ({ context }) => ({ decision: 'notMember', path: context.destination.path }),
    },
    toDashboard: { description: 'Go to the dashboard.', type: 'final', output: { decision: 'toDashboard', path: '/' } },
    toOnboarding: {
      description: 'Go to /onboarding.',
      type: 'final',
      output: { decision: 'toOnboarding', path: '/onboarding' },
    },
    toAdmin: {
      description: "Go to /admin, the platform admin's organization list.",
      type: 'final',
      output: { decision: 'toAdmin', path: '/admin' },
    },
  },
})
