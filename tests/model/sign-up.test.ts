import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { signUpMachine } from '../../machines/sign-up'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  DetailResult,
  EmailInput,
  LoadAccountInput,
  OrganizationMembership,
  Session,
  SignInInput,
  SignUpInput,
  SignUpResult,
  User,
} from '../../machines/types'
import { inviteForNewcomer, inviteForOther, newcomer, sessionOf, superuser } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof signUpMachine
type View = StepView<M>

const form = { first_name: 'Nia', last_name: 'Sato', email: 'new@example.com', password: 'secret1' }
const escolaSol: OrganizationMembership = { id: 33, name: 'Escola Sol', type: 'school', roles: ['student'] }
const joined: User = { ...newcomer, organizations: [escolaSol] }

const events: ModelEvent<M>[] = [
  { type: 'signUp.submit', ...form },
  { type: 'signUp.resend' },
  { type: 'signUp.close' },
  { type: 'signUp.login' },
  done('signUp', { email: form.email, confirmed: true }),
  done('signUp', { email: form.email, confirmed: false }),
  failed('signUp', apiFailure(400, { password: ['This password is too common. Choose another one.'] })),
  done('signIn', sessionOf(newcomer)),
  failed('signIn', apiFailure(429, { detail: 'Too many attempts. Try again in 30 seconds.' })),
  done('acceptInvite', { organization: escolaSol }),
  failed('acceptInvite', apiFailure(404, { detail: 'Invitation is expired or not valid' })),
  done('loadAccount', joined),
  failed('loadAccount', new TypeError('Failed to fetch')),
  done('sendConfirmation', { detail: 'Sent' }),
  failed('sendConfirmation', apiFailure(429, { detail: 'Too many attempts. Try again in 60 seconds.' })),
]

/** The dialog's buttons, all refused while a call runs. */
const buttonsRefused = { 'signUp.submit': null, 'signUp.resend': null, 'signUp.close': null, 'signUp.login': null }
/** The check-your-inbox dialog: send again, or close. */
const inbox = { 'signUp.resend': 'resending', 'signUp.close': 'closed', 'signUp.submit': null, 'signUp.login': null }
/** The form: create the account, or go to the login. */
const signUpForm = { 'signUp.submit': 'submitting', 'signUp.login': 'toLogin', 'signUp.resend': null, 'signUp.close': null }

/** The password is held only while the account is created and signed in with. */
function expectPasswordForgotten({ snapshot }: View) {
  expect(snapshot.context.password).toBeNull()
}

function expectErrorPanel({ snapshot, event, ignored }: View) {
  expect(snapshot.hasTag('error')).toBe(true)
  expect(snapshot.hasTag('busy')).toBe(false)
  if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
}

const model = buildModel({
  name: 'signUpMachine',
  machine: signUpMachine,
  inputs: {
    'no invite': { invite: null, invitationCode: null },
    'invite for the new address': { invite: inviteForNewcomer, invitationCode: null },
    // an invitation for another address takes the steps of no invitation: see 'opens with the code'
  },
  events: () => events,
  simplePaths: true,
  // spec §2 Sign-up, §4: create the account; a confirmed one signs in, accepts the invitation
  // for its e-mail and loads the account; an unconfirmed one waits on the check-your-inbox
  // dialog, which can send the link again; a failure stays on the form with the error panel
  edges: {
    'editing.ready': signUpForm,
    'editing.failed': signUpForm,
    submitting: {
      ...buttonsRefused,
      'xstate.done.actor.signUp': (event) => ((event as { output: SignUpResult }).output.confirmed ? 'signingIn' : 'awaitingConfirmation.sent'),
      'xstate.error.actor.signUp': 'editing.failed',
    },
    signingIn: {
      ...buttonsRefused,
      'xstate.done.actor.signIn': (_, snapshot) => (snapshot.context.invite?.email === form.email ? 'acceptingInvite' : 'loadingAccount'),
      'xstate.error.actor.signIn': 'editing.failed',
    },
    acceptingInvite: { ...buttonsRefused, 'xstate.done.actor.acceptInvite': 'loadingAccount', 'xstate.error.actor.acceptInvite': 'loadingAccount' },
    loadingAccount: { ...buttonsRefused, 'xstate.done.actor.loadAccount': 'done', 'xstate.error.actor.loadAccount': 'editing.failed' },
    'awaitingConfirmation.sent': inbox,
    'awaitingConfirmation.resent': inbox,
    'awaitingConfirmation.resendFailed': inbox,
    resending: {
      ...buttonsRefused,
      'xstate.done.actor.sendConfirmation': 'awaitingConfirmation.resent',
      'xstate.error.actor.sendConfirmation': 'awaitingConfirmation.resendFailed',
    },
    done: {},
    closed: {},
    toLogin: {},
  },
  states: {
    'editing.ready': (view) => {
      const { snapshot } = view
      expectPasswordForgotten(view)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.hasTag('busy')).toBe(false)
      // the heading names the inviting organization; the invitation code field is pre-filled
      expect(snapshot.context.invite?.organization_name ?? null).toBe(
        snapshot.context.invite === inviteForNewcomer ? 'Escola Sol' : snapshot.context.invite === inviteForOther ? 'Colegio Azul' : null,
      )
      expect(snapshot.context.invitationCode).toBe(snapshot.context.invite === inviteForOther ? 'AB12CD' : null)
    },
    'editing.failed': (view) => {
      expectPasswordForgotten(view)
      expectErrorPanel(view)
      if (!view.ignored) expect(view.actions).toEqual([])
    },
    submitting: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.email).toBe(form.email)
      expect(snapshot.context.password).toBe(form.password)
      expect(snapshot.context.error).toBeNull()
      // the invitation's token goes along; the code field only when filled
      expect(inputOf(snapshot.children.signUp)).toEqual({ ...form, invitation_code: undefined, invite_token: snapshot.context.invite?.token, next: undefined })
      if (!ignored) expect(event.type).toBe('signUp.submit')
    },
    signingIn: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.password).toBe(form.password)
      expect(inputOf(snapshot.children.signIn)).toEqual({ email: form.email, password: form.password })
      if (!ignored) expect(event).toMatchObject({ type: 'xstate.done.actor.signUp', output: { confirmed: true } })
    },
    acceptingInvite: (view) => {
      expectPasswordForgotten(view)
      expect(view.snapshot.hasTag('busy')).toBe(true)
      expect(view.snapshot.context.invite).toBe(inviteForNewcomer)
      expect(view.snapshot.context.session).toEqual(sessionOf(newcomer))
      expect(inputOf(view.snapshot.children.acceptInvite)).toEqual({ sessionToken: sessionOf(newcomer).token, token: inviteForNewcomer.token, email: form.email })
    },
    loadingAccount: (view) => {
      const { snapshot, event, actions, params, ignored } = view
      expectPasswordForgotten(view)
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(inputOf(snapshot.children.loadAccount)).toEqual({ sessionToken: sessionOf(newcomer).token, userId: newcomer.id })
      if (ignored) return
      if (event.type === 'xstate.done.actor.acceptInvite') {
        expect(actions).toEqual(['notifyInviteAccepted'])
        expect(params.notifyInviteAccepted).toEqual({ organizationName: 'Escola Sol' })
      } else if (event.type === 'xstate.error.actor.acceptInvite') {
        expect(actions).toEqual(['notifyInviteFailed'])
      } else {
        expect(event.type).toBe('xstate.done.actor.signIn')
        expect(actions).toEqual([])
      }
    },
    done: (view) => {
      const { snapshot, actions, params, ignored } = view
      expectPasswordForgotten(view)
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'signedIn', destination: '/' })
      if (ignored) return
      expect(actions).toEqual(['startSession'])
      expect(params.startSession).toEqual({ session: sessionOf(newcomer), user: joined })
    },
    'awaitingConfirmation.sent': (view) => {
      expectPasswordForgotten(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
      // the dialog names the address the link went to
      expect(view.snapshot.context.email).toBe(form.email)
    },
    'awaitingConfirmation.resent': (view) => {
      expectPasswordForgotten(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
      expect(view.snapshot.context.error).toBeNull()
      if (!view.ignored) expect(view.event.type).toBe('xstate.done.actor.sendConfirmation')
    },
    'awaitingConfirmation.resendFailed': (view) => {
      expectPasswordForgotten(view)
      expectErrorPanel(view)
    },
    resending: (view) => {
      expectPasswordForgotten(view)
      expect(view.snapshot.hasTag('busy')).toBe(true)
      expect(inputOf(view.snapshot.children.sendConfirmation)).toEqual({ email: form.email })
    },
    closed: ({ snapshot }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'closed' })
    },
    toLogin: ({ snapshot }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'login' })
    },
  },
})

modelTests(model)

describe('signUpMachine', () => {
  const confirmed = [{ type: 'signUp.submit', ...form }, done('signUp', { email: form.email, confirmed: true })] as const

  it('opens with the code of an invitation for another address, and does not accept it', () => {
    const input = { invite: inviteForOther, invitationCode: 'AB12CD' }
    expect(snapshotAfter(signUpMachine, input, []).context).toMatchObject({ invite: inviteForOther, invitationCode: 'AB12CD', password: null })
    expect(snapshotAfter(signUpMachine, input, [...confirmed, done('signIn', sessionOf(newcomer))]).value).toBe('loadingAccount')
  })

  it('accepts an invitation whose e-mail differs only in case and spaces', () => {
    const invite = { ...inviteForNewcomer, email: ' NEW@Example.COM ' }
    expect(snapshotAfter(signUpMachine, { invite, invitationCode: null }, [...confirmed, done('signIn', sessionOf(newcomer))]).value).toBe('acceptingInvite')
  })

  it('sends the invitation code typed, and a platform admin to /admin', () => {
    const submitting = snapshotAfter(signUpMachine, { invite: null, invitationCode: null }, [{ type: 'signUp.submit', ...form, invitation_code: 'AB12CD', next: '/profile' }])
    expect(inputOf(submitting.children.signUp)).toMatchObject({ invitation_code: 'AB12CD', next: '/profile' })
    const admin = snapshotAfter(signUpMachine, { invite: null, invitationCode: null }, [...confirmed, done('signIn', sessionOf(newcomer)), done('loadAccount', superuser)])
    expect(admin.output).toEqual({ outcome: 'signedIn', destination: '/admin' })
  })

  it('is named signUp in the flow gallery and the Stately editor', () => {
    expect(signUpMachine.id).toBe('signUp')
  })
})

describe('signUpMachine with actors', () => {
  it('creates an unconfirmed account and resends the confirmation e-mail', async () => {
    const created: SignUpInput[] = []
    const mailed: string[] = []
    const machine = signUpMachine.provide({
      actors: {
        signUp: fromPromise<SignUpResult, SignUpInput>(async ({ input }) => {
          created.push(input)
          return { email: input.email, confirmed: false }
        }),
        sendConfirmation: fromPromise<DetailResult, EmailInput>(async ({ input }) => {
          mailed.push(input.email)
          return { detail: 'Sent' }
        }),
      },
    })
    const actor = createActor(machine, { input: { invite: null, invitationCode: 'AB12CD' } }).start()
    actor.send({ type: 'signUp.submit', ...form, invitation_code: 'AB12CD' })
    await waitFor(actor, (s) => s.matches({ awaitingConfirmation: 'sent' }))
    expect(created).toEqual([{ ...form, invitation_code: 'AB12CD', invite_token: undefined }])
    expect(actor.getSnapshot().context.password).toBeNull()
    actor.send({ type: 'signUp.resend' })
    await waitFor(actor, (s) => s.matches({ awaitingConfirmation: 'resent' }))
    expect(mailed).toEqual(['new@example.com'])
    actor.send({ type: 'signUp.close' })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'closed' })
  })

  it('signs an invited address straight in and accepts the invitation', async () => {
    const calls: string[] = []
    const started: { session: Session; user: User }[] = []
    const machine = signUpMachine.provide({
      actors: {
        signUp: fromPromise<SignUpResult, SignUpInput>(async ({ input }) => {
          calls.push(`signUp ${input.email} invite ${input.invite_token ?? '-'}`)
          return { email: input.email, confirmed: true }
        }),
        signIn: fromPromise<Session, SignInInput>(async ({ input }) => {
          calls.push(`signIn ${input.email} ${input.password}`)
          return sessionOf(newcomer)
        }),
        acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async ({ input }) => {
          calls.push(`accept ${input.token} ${input.email}`)
          return { organization: escolaSol }
        }),
        loadAccount: fromPromise<User, LoadAccountInput>(async ({ input }) => {
          calls.push(`load ${input.userId}`)
          return joined
        }),
      },
      actions: { startSession: (_, params) => void started.push(params) },
    })
    const actor = createActor(machine, { input: { invite: inviteForNewcomer, invitationCode: null } }).start()
    actor.send({ type: 'signUp.submit', ...form })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'signedIn', destination: '/' })
    expect(calls).toEqual(['signUp new@example.com invite inv-3', 'signIn new@example.com secret1', 'accept inv-3 new@example.com', 'load 3'])
    expect(started).toEqual([{ session: sessionOf(newcomer), user: joined }])
    expect(actor.getSnapshot().context.password).toBeNull()
  })
})
