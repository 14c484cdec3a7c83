import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { navigationGuardMachine } from '../../machines/navigation-guard'
import { canSeeDashboard, membershipOf, needsOnboarding } from '../../machines/roles'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  GuardDestination,
  NavigationDecision,
  NavigationGuardInput,
} from '../../machines/types'
import { inviteForOther, inviteForTeacher, newcomer, school, superuser, teacher } from './fixtures'
import { apiFailure, buildModel, done, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof navigationGuardMachine
type View = StepView<M>

const route = {
  login: { name: 'Login', path: '/login', access: 'public', organizationId: null },
  loginBackToProfile: { name: 'Login', path: '/login?next=%2Fprofile', access: 'public', organizationId: null },
  signup: { name: 'Signup', path: '/signup', access: 'public', organizationId: null },
  confirm: { name: 'ConfirmAccount', path: '/confirm-account', access: 'open', organizationId: null },
  dashboard: { name: 'Dashboard', path: '/', access: 'private', organizationId: null },
  orgDashboard: { name: 'OrganizationDashboard', path: '/organization/22/dashboard', access: 'private', organizationId: 22 },
  schoolStudents: { name: 'Students', path: '/organization/11/students', access: 'private', organizationId: 11 },
  otherStudents: { name: 'Students', path: '/organization/99/students', access: 'private', organizationId: 99 },
  badIdStudents: { name: 'Students', path: '/organization/abc/students', access: 'private', organizationId: 0 },
  profile: { name: 'Profile', path: '/profile', access: 'private', organizationId: null },
  onboarding: { name: 'Onboarding', path: '/onboarding', access: 'private', organizationId: null },
  classesPage2: { name: 'Classes', path: '/organization/11/classes?page=2', access: 'private', organizationId: 11 },
  admin: { name: 'AdminOrganizations', path: '/admin', access: 'private', organizationId: null },
  adminOrg: { name: 'AdminOrganization', path: '/admin/organization/22', access: 'private', organizationId: 22 },
} satisfies Record<string, GuardDestination>

const loggedOut = { user: null, sessionToken: null, currentOrganizationId: null, invite: null, returnTo: null }
const asTeacher = { user: teacher, sessionToken: 'token-1', currentOrganizationId: 11, invite: null, returnTo: null }
const asNewcomer = { user: newcomer, sessionToken: 'token-3', currentOrganizationId: null, invite: null, returnTo: null }
const asSuperuser = { user: superuser, sessionToken: 'token-2', currentOrganizationId: null, invite: null, returnTo: null }

/** The spec's cases: where each navigation ends ('accept' = the invitation is accepted first). */
const cases: Record<string, [NavigationGuardInput, NavigationDecision | 'accept']> = {
  'logged out to the dashboard': [{ ...loggedOut, destination: route.dashboard }, 'toLogin'],
  'logged out to the admin list': [{ ...loggedOut, destination: route.admin }, 'toLogin'],
  'logged out to the profile': [{ ...loggedOut, destination: route.profile }, 'toLogin'],
  'logged out to onboarding': [{ ...loggedOut, destination: route.onboarding }, 'toLogin'],
  'logged out to a class list page': [{ ...loggedOut, destination: route.classesPage2 }, 'toLogin'],
  'logged out to login': [{ ...loggedOut, destination: route.login }, 'allowed'],
  'logged out to login, back to the profile after': [
    { ...loggedOut, destination: route.loginBackToProfile, returnTo: '/profile' },
    'allowed',
  ],
  'logged out to login with an invite': [{ ...loggedOut, destination: route.login, invite: inviteForTeacher }, 'allowed'],
  'logged out to confirm account': [{ ...loggedOut, destination: route.confirm }, 'allowed'],
  'teacher to login': [{ ...asTeacher, destination: route.login }, 'toDashboard'],
  'teacher to login, back to the profile after': [
    { ...asTeacher, destination: route.loginBackToProfile, returnTo: '/profile' },
    'toReturnTo',
  ],
  'teacher to the students of her current organization': [{ ...asTeacher, destination: route.schoolStudents }, 'allowed'],
  'teacher to the dashboard of her other organization': [{ ...asTeacher, destination: route.orgDashboard }, 'allowed'],
  'teacher to an organization that is not hers': [{ ...asTeacher, destination: route.otherStudents }, 'notMember'],
  'teacher to an organization route without an id': [{ ...asTeacher, destination: route.badIdStudents }, 'notMember'],
  'newcomer to the students of an organization': [{ ...asNewcomer, destination: route.otherStudents }, 'notMember'],
  'teacher to login with her invite': [{ ...asTeacher, destination: route.login, invite: inviteForTeacher }, 'accept'],
  'teacher to signup with her invite': [{ ...asTeacher, destination: route.signup, invite: inviteForTeacher }, 'accept'],
  // the e-mail of the invitation is hers whatever its case and surrounding spaces, on either side
  'teacher whose account spells her e-mail in capitals, to login with her invite': [
    { ...asTeacher, user: { ...teacher, email: ' Ana@EXAMPLE.com' }, destination: route.login, invite: inviteForTeacher },
    'accept',
  ],
  'teacher to login with her invite, its e-mail in capitals': [
    { ...asTeacher, destination: route.login, invite: { ...inviteForTeacher, email: ' ANA@Example.COM ' } },
    'accept',
  ],
  "teacher to signup with somebody else's invite": [
    { ...asTeacher, destination: route.signup, invite: inviteForOther },
    'toDashboard',
  ],
  'teacher to the dashboard': [{ ...asTeacher, destination: route.dashboard }, 'allowed'],
  'teacher to the admin list': [{ ...asTeacher, destination: route.admin }, 'toDashboard'],
  'teacher to an admin organization page': [{ ...asTeacher, destination: route.adminOrg }, 'toDashboard'],
  'teacher to confirm account': [{ ...asTeacher, destination: route.confirm }, 'allowed'],
  'newcomer to the dashboard': [{ ...asNewcomer, destination: route.dashboard }, 'toOnboarding'],
  'newcomer to an organization dashboard': [{ ...asNewcomer, destination: route.orgDashboard }, 'toOnboarding'],
  'newcomer to the profile': [{ ...asNewcomer, destination: route.profile }, 'allowed'],
  'platform admin to the dashboard, no organization selected': [{ ...asSuperuser, destination: route.dashboard }, 'toAdmin'],
  'platform admin to the dashboard, an organization selected': [
    { ...asSuperuser, destination: route.dashboard, currentOrganizationId: 22 },
    'allowed',
  ],
  'platform admin to an organization dashboard': [{ ...asSuperuser, destination: route.orgDashboard }, 'allowed'],
  'platform admin to any organization': [{ ...asSuperuser, destination: route.otherStudents }, 'allowed'],
  'platform admin to an organization route without an id': [{ ...asSuperuser, destination: route.badIdStudents }, 'allowed'],
  'platform admin to the admin list': [{ ...asSuperuser, destination: route.admin }, 'allowed'],
  'platform admin to an admin organization page': [{ ...asSuperuser, destination: route.adminOrg }, 'allowed'],
  'platform admin to login': [{ ...asSuperuser, destination: route.login }, 'toDashboard'],
}

const events: ModelEvent<M>[] = [
  done('acceptInvite', { organization: school }),
  failed('acceptInvite', apiFailure(404, { detail: 'Invitation is expired or not valid' })),
]

const paths: Record<NavigationDecision, (input: NavigationGuardInput) => string> = {
  allowed: (input) => input.destination.path,
  // the page asked for goes along to the login (the dashboard and onboarding are where a login goes anyway)
  toLogin: (input) =>
    ({
      '/': '/login',
      '/onboarding': '/login',
      '/profile': '/login?next=%2Fprofile',
      '/admin': '/login?next=%2Fadmin',
      '/organization/11/classes?page=2': '/login?next=%2Forganization%2F11%2Fclasses%3Fpage%3D2',
    })[input.destination.path] ?? 'unexpected',
  toDashboard: () => '/',
  toOnboarding: () => '/onboarding',
  toAdmin: () => '/admin',
  toReturnTo: (input) => input.returnTo ?? 'none',
  // the address stays; the page says the person is not a member
  notMember: (input) => input.destination.path,
}

const expectedOf = (input: NavigationGuardInput): NavigationDecision | 'accept' => {
  const found = Object.values(cases).find(([candidate]) => JSON.stringify(candidate) === JSON.stringify(input))
  if (!found) throw new Error('unknown case')
  return found[1]
}

function decided(decision: NavigationDecision) {
  return ({ snapshot, event, actions, params, ignored }: View) => {
    const input = snapshot.context
    expect(snapshot.status).toBe('done')
    expect(snapshot.output).toEqual({ decision, path: paths[decision](input) })
    if (ignored) return
    const expected = expectedOf(input)
    if (expected !== 'accept') {
      expect(decision).toBe(expected)
      // the organization a route names becomes current when it is not already
      const switches =
        decision === 'allowed' &&
        input.destination.organizationId !== null &&
        input.destination.organizationId > 0 &&
        input.destination.organizationId !== input.currentOrganizationId
      // somebody else's invitation is reported as not accepted
      const inviteFailed = input.user !== null && input.destination.access === 'public' && input.invite !== null
      expect(actions).toEqual([...(inviteFailed ? ['notifyInviteFailed'] : []), ...(switches ? ['selectOrganization'] : [])])
      if (switches) expect(params.selectOrganization).toEqual({ organizationId: input.destination.organizationId })
    } else {
      expect(decision).toBe('toDashboard')
      if (event.type === 'xstate.done.actor.acceptInvite') {
        expect(actions).toEqual(['notifyInviteAccepted', 'refreshSession'])
        expect(params.notifyInviteAccepted).toEqual({ organizationName: school.name })
      } else {
        expect(event.type).toBe('xstate.error.actor.acceptInvite')
        expect(actions).toEqual(['notifyInviteFailed'])
      }
    }
    // the guard agrees with the role rules the app shows entries by
    if (decision === 'toOnboarding') expect(needsOnboarding(input.user)).toBe(true)
    if (decision === 'toAdmin') expect(canSeeDashboard(input.user, input.currentOrganizationId)).toBe(false)
    if (decision === 'notMember') expect(membershipOf(input.user, input.destination.organizationId)).toBeUndefined()
    if (decision === 'allowed' && input.destination.organizationId !== null && input.user && !input.user.is_superuser)
      expect(membershipOf(input.user, input.destination.organizationId)).toBeDefined()
    if (decision === 'allowed' && input.destination.name === 'Dashboard') {
      expect(canSeeDashboard(input.user, input.currentOrganizationId)).toBe(true)
      expect(needsOnboarding(input.user)).toBe(false)
    }
  }
}

const model = buildModel({
  name: 'navigationGuardMachine',
  machine: navigationGuardMachine,
  inputs: Object.fromEntries(Object.entries(cases).map(([name, [input]]) => [name, input])),
  events: () => events,
  noErrorPanel: 'a failed invitation sends to the dashboard with a notice; nothing shows what was thrown',
  simplePaths: true,
  // spec §2 Navigation guard: the decision is taken on entry (the cases above); only accepting the
  // invitation waits, and goes to the dashboard whether or not it was accepted
  edges: {
    acceptingInvite: { 'xstate.done.actor.acceptInvite': 'toDashboard', 'xstate.error.actor.acceptInvite': 'toDashboard' },
    allowed: {},
    toLogin: {},
    toDashboard: {},
    toOnboarding: {},
    toAdmin: {},
    toReturnTo: {},
    notMember: {},
  },
  states: {
    acceptingInvite: ({ snapshot, actions }) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(expectedOf(snapshot.context)).toBe('accept')
      expect(actions).toEqual([])
      // accepted with the session's token for the logged-in user's own e-mail
      expect(inputOf(snapshot.children.acceptInvite)).toEqual({ sessionToken: 'token-1', token: inviteForTeacher.token, email: snapshot.context.user?.email })
    },
    allowed: decided('allowed'),
    toLogin: decided('toLogin'),
    toDashboard: decided('toDashboard'),
    toOnboarding: decided('toOnboarding'),
    toAdmin: decided('toAdmin'),
    toReturnTo: decided('toReturnTo'),
    notMember: decided('notMember'),
  },
})

modelTests(model)

describe('navigationGuardMachine', () => {
  it('is named navigationGuard in the flow gallery and the Stately editor', () => {
    expect(navigationGuardMachine.id).toBe('navigationGuard')
  })
})

describe('navigationGuardMachine with actors', () => {
  it("accepts the logged-in user's invitation on the login page, then goes home", async () => {
    const accepted: AcceptInviteInput[] = []
    let refreshed = 0
    const machine = navigationGuardMachine.provide({
      actors: {
        acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async ({ input }) => {
          accepted.push(input)
          return { organization: school }
        }),
      },
      actions: { refreshSession: () => void (refreshed += 1) },
    })
    const actor = createActor(machine, {
      input: { ...asTeacher, destination: route.login, invite: inviteForTeacher },
    }).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ decision: 'toDashboard', path: '/' })
    expect(accepted).toEqual([{ sessionToken: 'token-1', token: 'inv-1', email: 'ana@example.com' }])
    expect(refreshed).toBe(1)
  })
})
