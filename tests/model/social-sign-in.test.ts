import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { socialSignInMachine } from '../../machines/social-sign-in'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  LoadAccountInput,
  OrganizationMembership,
  Session,
  SignUpInput,
  SignUpResult,
  SocialSignInInput,
  User,
} from '../../machines/types'
import { claims, inviteForNewcomer, newcomer, sessionOf, superuser } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter, stateKey } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof socialSignInMachine
type View = StepView<M>

const escolaSol: OrganizationMembership = { id: 33, name: 'Escola Sol', type: 'school', roles: ['student'] }
const joined: User = { ...newcomer, organizations: [escolaSol] }
const accountRequired = apiFailure(404, { detail: 'Please create an account', code: 'account_required', ...claims })
const badTicket = apiFailure(400, { detail: 'The sign-in link has expired. Please try again.' })

const events: ModelEvent<M>[] = [
  { type: 'social.confirm' },
  { type: 'social.cancel' },
  done('socialSignIn', sessionOf(newcomer)),
  failed('socialSignIn', accountRequired),
  failed('socialSignIn', badTicket),
  done('signUp', { email: claims.email, confirmed: true }),
  failed('signUp', apiFailure(400, { social_token: ['Your sign-in with this provider has expired. Sign in with it again.'] })),
  done('acceptInvite', { organization: escolaSol }),
  failed('acceptInvite', apiFailure(400, { detail: 'Invite could not be accepted' })),
  done('loadAccount', joined),
  failed('loadAccount', new TypeError('Failed to fetch')),
]

const busy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(true)
  expect(snapshot.hasTag('error')).toBe(false)
}

const model = buildModel({
  name: 'socialSignInMachine',
  machine: socialSignInMachine,
  inputs: {
    'no invite': { ticket: 'ticket-1', invite: null },
    'with invite': { ticket: 'ticket-1', invite: inviteForNewcomer },
  },
  events: () => events,
  simplePaths: true,
  // spec §4 Social login: 'Please create an account' opens the verify-info dialog, whose confirm
  // creates the account and signs in again; then the invitation, if any, and the account
  edges: {
    signingIn: {
      'social.confirm': null,
      'social.cancel': null,
      'xstate.done.actor.socialSignIn': (_, snapshot) => (snapshot.context.invite ? 'acceptingInvite' : 'loadingAccount'),
      'xstate.error.actor.socialSignIn': (event) => (errorOf(event) === accountRequired ? 'verifyingInfo.ready' : 'failed'),
    },
    'verifyingInfo.ready': { 'social.confirm': 'creatingAccount', 'social.cancel': 'cancelled' },
    'verifyingInfo.failed': { 'social.confirm': 'creatingAccount', 'social.cancel': 'cancelled' },
    creatingAccount: {
      'social.confirm': null,
      'social.cancel': null,
      'xstate.done.actor.signUp': 'signingIn',
      'xstate.error.actor.signUp': 'verifyingInfo.failed',
    },
    acceptingInvite: {
      'social.confirm': null,
      'social.cancel': null,
      'xstate.done.actor.acceptInvite': 'loadingAccount',
      'xstate.error.actor.acceptInvite': 'loadingAccount',
    },
    loadingAccount: {
      'social.confirm': null,
      'social.cancel': null,
      'xstate.done.actor.loadAccount': 'done',
      'xstate.error.actor.loadAccount': 'failed',
    },
    done: {},
    cancelled: {},
    failed: {},
  },
  states: {
    signingIn: (view) => {
      busy(view)
      expect(view.snapshot.context.ticket).toBe('ticket-1')
      expect(inputOf(view.snapshot.children.socialSignIn)).toEqual({ social_token: 'ticket-1' })
      expect(view.snapshot.context.error).toBeNull()
      // first with the ticket alone, again once the account exists
      if (!view.ignored && view.event.type !== 'xstate.init') expect(view.event.type).toBe('xstate.done.actor.signUp')
    },
    'verifyingInfo.ready': ({ snapshot, actions }) => {
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.hasTag('busy')).toBe(false)
      // the dialog shows the provider's name and e-mail
      expect(snapshot.context.claims).toEqual(claims)
      expect(actions).toEqual([])
    },
    'verifyingInfo.failed': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.claims).toEqual(claims)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    creatingAccount: (view) => {
      busy(view)
      expect(view.snapshot.context.claims).toEqual(claims)
      // the account is made of the provider's name and e-mail, linked by the ticket
      expect(inputOf(view.snapshot.children.signUp)).toEqual({ ...claims, social_token: 'ticket-1' })
    },
    acceptingInvite: (view) => {
      busy(view)
      expect(view.snapshot.context.invite).toBe(inviteForNewcomer)
      expect(view.snapshot.context.session).toEqual(sessionOf(newcomer))
      expect(inputOf(view.snapshot.children.acceptInvite)).toEqual({
        sessionToken: sessionOf(newcomer).token,
        token: inviteForNewcomer.token,
        email: inviteForNewcomer.email,
      })
    },
    loadingAccount: (view) => {
      const { snapshot, event, actions, params, ignored } = view
      busy(view)
      expect(snapshot.context.session).toEqual(sessionOf(newcomer))
      expect(inputOf(snapshot.children.loadAccount)).toEqual({ sessionToken: sessionOf(newcomer).token, userId: newcomer.id })
      if (ignored) return
      if (event.type === 'xstate.done.actor.acceptInvite') {
        expect(actions).toEqual(['notifyInviteAccepted'])
        expect(params.notifyInviteAccepted).toEqual({ organizationName: 'Escola Sol' })
      } else if (event.type === 'xstate.error.actor.acceptInvite') {
        expect(actions).toEqual(['notifyInviteFailed'])
      } else {
        expect(snapshot.context.invite).toBeNull()
        expect(actions).toEqual([])
      }
    },
    done: ({ snapshot, actions, params, ignored }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'signedIn', destination: '/' })
      if (ignored) return
      expect(actions).toEqual(['startSession'])
      expect(params.startSession).toEqual({ session: sessionOf(newcomer), user: joined })
    },
    cancelled: ({ snapshot }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'cancelled' })
    },
    failed: ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(true)
      if (ignored) return
      const error = expectedFailure(errorOf(event))
      expect(snapshot.output).toEqual({ outcome: 'failed', error })
      expect(actions).toEqual(['notifySocialFailed'])
      expect(params.notifySocialFailed).toEqual({ error })
    },
  },
})

modelTests(model)

describe('socialSignInMachine', () => {
  const input = { ticket: 'ticket-1', invite: null }

  // only a 404 with code account_required asks for an account
  it.each([
    ['a 404 account_required', 'verifyingInfo.ready', accountRequired],
    ['a 404 with another code', 'failed', apiFailure(404, { detail: 'Not found', code: 'not_found' })],
    ['a 400 account_required', 'failed', apiFailure(400, { detail: 'Please create an account', code: 'account_required' })],
  ])('after %s the sign-in is %s', (_, state, error) => {
    expect(stateKey(snapshotAfter(socialSignInMachine, input, [failed('socialSignIn', error)]).value)).toBe(state)
  })

  it('keeps only the claims that are texts, empty otherwise', () => {
    const odd = apiFailure(404, { code: 'account_required', first_name: 7, last_name: null, email: 'nia@example.com' } as never)
    expect(snapshotAfter(socialSignInMachine, input, [failed('socialSignIn', odd)]).context.claims).toEqual({
      first_name: '',
      last_name: '',
      email: 'nia@example.com',
    })
  })

  it('sends a platform admin to /admin', () => {
    const snapshot = snapshotAfter(socialSignInMachine, input, [done('socialSignIn', sessionOf(superuser)), done('loadAccount', superuser)])
    expect(snapshot.output).toEqual({ outcome: 'signedIn', destination: '/admin' })
  })

  it('is named socialSignIn in the flow gallery and the Stately editor', () => {
    expect(socialSignInMachine.id).toBe('socialSignIn')
  })
})

describe('socialSignInMachine with actors', () => {
  it('creates the account from the verified claims, signs in again, accepts the invitation', async () => {
    const calls: string[] = []
    let attempts = 0
    const machine = socialSignInMachine.provide({
      actors: {
        socialSignIn: fromPromise<Session, SocialSignInInput>(async ({ input }) => {
          calls.push(`sign in ${input.social_token}`)
          attempts += 1
          if (attempts === 1) throw accountRequired
          return sessionOf(newcomer)
        }),
        signUp: fromPromise<SignUpResult, SignUpInput>(async ({ input }) => {
          calls.push(`sign up ${input.first_name} ${input.last_name} ${input.email} ${input.social_token ?? '-'}`)
          return { email: input.email, confirmed: true }
        }),
        acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async ({ input }) => {
          calls.push(`accept ${input.token} ${input.email} as ${input.sessionToken}`)
          return { organization: escolaSol }
        }),
        loadAccount: fromPromise<User, LoadAccountInput>(async ({ input }) => {
          calls.push(`load ${input.userId}`)
          return joined
        }),
      },
    })
    const actor = createActor(machine, { input: { ticket: 'ticket-1', invite: inviteForNewcomer } }).start()
    await waitFor(actor, (s) => s.matches({ verifyingInfo: 'ready' }))
    expect(actor.getSnapshot().context.claims).toEqual(claims)
    actor.send({ type: 'social.confirm' })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'signedIn', destination: '/' })
    expect(calls).toEqual([
      'sign in ticket-1',
      'sign up Nia Sato new@example.com ticket-1',
      'sign in ticket-1',
      'accept inv-3 new@example.com as token-3',
      'load 3',
    ])
  })
})
