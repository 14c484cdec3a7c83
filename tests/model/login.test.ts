import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { loginMachine } from '../../machines/login'
import { homePathOf } from '../../machines/roles'
import type { AcceptInviteInput, AcceptInviteResult, LoadAccountInput, Session, SignInInput, User } from '../../machines/types'
import { inviteForNewcomer, inviteForOther, inviteForTeacher, school, sessionOf, superuser, teacher } from './fixtures'
import { replay } from './coverage'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'
import type { SnapshotFrom } from 'xstate'

type M = typeof loginMachine
type View = StepView<M>

const credentials = { email: 'ana@example.com', password: 'secret1' }

const events: ModelEvent<M>[] = [
  { type: 'login.submit', ...credentials },
  { type: 'login.forgotPassword' },
  { type: 'login.createAccount' },
  { type: 'login.resendConfirmation', email: 'ana@example.com' },
  { type: 'login.closeDialog' },
  done('signIn', sessionOf(teacher)),
  failed('signIn', apiFailure(400, { detail: 'Unable to log in with provided credentials.' })),
  failed('signIn', apiFailure(403, { detail: 'Account not confirmed', code: 'unconfirmed' })),
  done('acceptInvite', { organization: school }),
  failed('acceptInvite', apiFailure(400, { detail: 'Invite could not be accepted' })),
  done('loadAccount', teacher),
  failed('loadAccount', apiFailure(500, { detail: 'Internal error' })),
]

/** The form's events, all refused while a call runs or the login has ended. */
const formRefused = {
  'login.submit': null,
  'login.forgotPassword': null,
  'login.createAccount': null,
  'login.resendConfirmation': null,
  'login.closeDialog': null,
}

/** Sign-up is offered without an invitation or with one for a newcomer (spec §2: valid with new_user opens sign-up). */
const createAccountFrom = (snapshot: SnapshotFrom<M>) => (snapshot.context.invite === null || snapshot.context.invite.new_user ? 'createAccount' : null)

/** The form, with or without the error panel (spec §2 Login, §4 Login). */
const form = {
  'login.submit': 'signingIn',
  'login.forgotPassword': 'forgotPassword',
  'login.createAccount': (_: unknown, snapshot: SnapshotFrom<M>) => createAccountFrom(snapshot),
  'login.closeDialog': null,
}

const notBusy = ({ snapshot }: View) => expect(snapshot.hasTag('busy')).toBe(false)

/** 'Create account' is refused only for an invitation to an existing account (it accepts by logging in). */
const createAccountRefused = ({ snapshot, event, ignored }: View) => {
  if (!ignored || event.type !== 'login.createAccount') return
  expect(snapshot.context.invite).not.toBeNull()
  expect(snapshot.context.invite?.new_user).toBe(false)
}

const model = buildModel({
  name: 'loginMachine',
  machine: loginMachine,
  inputs: {
    'no invite': { invite: null },
    'invite for this e-mail': { invite: inviteForTeacher },
    // an invitation to another existing account takes no step these two do not: see 'reports an invitation for another e-mail'
    'invite for a newcomer': { invite: inviteForNewcomer },
  },
  events: () => events,
  simplePaths: true,
  // spec §2 Login and §4 Login: sign in, accept the invitation when it is for this e-mail, load the
  // account, hand over the session; a failure shows the errors and logs out; the dialogs it opens
  // (recover password; resend confirmation after an unconfirmed account's refusal) close back to it
  edges: {
    'editing.ready': { ...form, 'login.resendConfirmation': null },
    'editing.failed': {
      ...form,
      'login.resendConfirmation': (_, snapshot) => (snapshot.context.error?.body.code === 'unconfirmed' ? 'resendConfirmation' : null),
    },
    signingIn: {
      ...formRefused,
      'xstate.done.actor.signIn': (_, snapshot) =>
        snapshot.context.invite?.email.toLowerCase() === snapshot.context.email.toLowerCase() ? 'acceptingInvite' : 'loadingAccount',
      'xstate.error.actor.signIn': 'editing.failed',
    },
    acceptingInvite: { ...formRefused, 'xstate.done.actor.acceptInvite': 'loadingAccount', 'xstate.error.actor.acceptInvite': 'loadingAccount' },
    loadingAccount: { ...formRefused, 'xstate.done.actor.loadAccount': 'done', 'xstate.error.actor.loadAccount': 'editing.failed' },
    forgotPassword: { ...formRefused, 'login.closeDialog': 'editing.ready' },
    resendConfirmation: { ...formRefused, 'login.closeDialog': 'editing.failed' },
    done: {},
    createAccount: {},
  },
  states: {
    'editing.ready': (view) => {
      notBusy(view)
      createAccountRefused(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
      expect(view.snapshot.context.error).toBeNull()
      // no refusal to resend a confirmation for, and no dialog to close
      expect(view.snapshot.can({ type: 'login.resendConfirmation', email: 'ana@example.com' })).toBe(false)
      expect(view.snapshot.can({ type: 'login.closeDialog' })).toBe(false)
      if (!view.ignored && view.event.type === 'login.closeDialog') expect(view.previous?.value).toBe('forgotPassword')
    },
    'editing.failed': (view) => {
      const { snapshot, event, actions, ignored } = view
      notBusy(view)
      createAccountRefused(view)
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.session).toBeNull()
      // the confirmation link can be sent again only after an unconfirmed account's refusal
      expect(snapshot.can({ type: 'login.resendConfirmation', email: 'ana@example.com' })).toBe(snapshot.context.error?.body.code === 'unconfirmed')
      if (ignored) return
      if (event.type === 'login.closeDialog') {
        // back from the resend dialog: the refusal is still shown
        expect(view.previous?.value).toBe('resendConfirmation')
        expect(snapshot.context.error).toEqual(view.previous?.context.error)
        expect(actions).toEqual([])
        return
      }
      // the error panel shows the failure, and the person is logged out
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      expect(['xstate.error.actor.signIn', 'xstate.error.actor.loadAccount']).toContain(event.type)
      expect(actions).toEqual(['logOut'])
    },
    signingIn: ({ snapshot, event, actions, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      if (ignored) return
      expect(event.type).toBe('login.submit')
      expect(snapshot.context.email).toBe(credentials.email)
      expect(snapshot.context.error).toBeNull()
      expect(actions).toEqual([])
    },
    acceptingInvite: ({ snapshot, event, actions, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      // only an invitation for the signed-in e-mail is accepted (case-insensitive)
      expect(snapshot.context.invite?.email.toLowerCase()).toBe(snapshot.context.email.toLowerCase())
      if (ignored) return
      expect(event.type).toBe('xstate.done.actor.signIn')
      expect(snapshot.context.session).toEqual(sessionOf(teacher))
      expect(actions).toEqual([])
    },
    loadingAccount: ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.session).toEqual(sessionOf(teacher))
      if (ignored) return
      switch (event.type) {
        case 'xstate.done.actor.signIn':
          // an invitation for another e-mail is reported as not accepted
          expect(actions).toEqual(snapshot.context.invite ? ['notifyInviteFailed'] : [])
          expect(snapshot.context.invite?.email ?? '').not.toBe(snapshot.context.email)
          break
        case 'xstate.done.actor.acceptInvite':
          expect(actions).toEqual(['notifyInviteAccepted'])
          expect(params.notifyInviteAccepted).toEqual({ organizationName: school.name })
          break
        case 'xstate.error.actor.acceptInvite':
          expect(actions).toEqual(['notifyInviteFailed'])
          break
        default:
          throw new Error(`unexpected way into loadingAccount: ${event.type}`)
      }
    },
    done: ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.status).toBe('done')
      const user = snapshot.context.user as User
      expect(snapshot.output).toEqual({ outcome: 'signedIn', destination: homePathOf(user) })
      if (ignored) return
      expect(event.type).toBe('xstate.done.actor.loadAccount')
      // the app hands this session and user to the session actor
      expect(actions).toEqual(['startSession'])
      expect(params.startSession).toEqual({ session: sessionOf(teacher), user })
    },
    forgotPassword: ({ snapshot, ignored }) => {
      // the recover-password dialog is open over the form: the login flow waits for it to close
      expect(snapshot.status).toBe('active')
      notBusy({ snapshot } as View)
      expect(snapshot.can({ type: 'login.closeDialog' })).toBe(true)
      expect(snapshot.can({ type: 'login.submit', ...credentials })).toBe(false)
      if (!ignored) expect(snapshot.context.session).toBeNull()
    },
    resendConfirmation: ({ snapshot, event, ignored }) => {
      // the resend dialog is open for the e-mail typed; the refusal stays behind it
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.error?.body.code).toBe('unconfirmed')
      expect(snapshot.context.email).toBe('ana@example.com')
      expect(snapshot.can({ type: 'login.closeDialog' })).toBe(true)
      expect(snapshot.can({ type: 'login.submit', ...credentials })).toBe(false)
      if (!ignored) expect(event.type).toBe('login.resendConfirmation')
    },
    createAccount: ({ snapshot }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'createAccount' })
      // sign-up is for a person without an account: no invitation, or one for a newcomer
      expect(snapshot.context.invite === null || snapshot.context.invite.new_user).toBe(true)
    },
  },
})

modelTests(model)

describe('loginMachine', () => {
  const signedIn = [{ type: 'login.submit', ...credentials }, done('signIn', sessionOf(teacher))] as const

  it('reports an invitation for another e-mail as not accepted, and refuses it a sign-up', () => {
    const steps = replay(loginMachine, { invite: inviteForOther }, [...signedIn])
    expect(steps.at(-1)?.snapshot.value).toBe('loadingAccount')
    expect(steps.at(-1)?.actions).toEqual(['notifyInviteFailed'])
    expect(snapshotAfter(loginMachine, { invite: inviteForOther }, []).can({ type: 'login.createAccount' })).toBe(false)
  })

  it('accepts an invitation whose e-mail differs only in case and spaces', () => {
    const invite = { ...inviteForTeacher, email: ' ANA@Example.COM ' }
    const snapshot = snapshotAfter(loginMachine, { invite }, [...signedIn])
    expect(snapshot.value).toBe('acceptingInvite')
    expect(inputOf(snapshot.children.acceptInvite)).toEqual({ sessionToken: sessionOf(teacher).token, token: invite.token, email: credentials.email })
  })

  it('accepts an invitation when the e-mail typed differs from it only in case and spaces', () => {
    const typed = { type: 'login.submit', email: ' ANA@Example.com ', password: credentials.password } as const
    expect(snapshotAfter(loginMachine, { invite: inviteForTeacher }, [typed, done('signIn', sessionOf(teacher))]).value).toBe('acceptingInvite')
  })

  it('opens with an empty e-mail, and resends the confirmation to the address typed now', () => {
    expect(snapshotAfter(loginMachine, { invite: null }, []).context.email).toBe('')
    const snapshot = snapshotAfter(loginMachine, { invite: null }, [
      signedIn[0],
      failed('signIn', apiFailure(403, { detail: 'Account not confirmed', code: 'unconfirmed' })),
      { type: 'login.resendConfirmation', email: 'ana.lima@example.com' },
    ])
    expect(snapshot.value).toBe('resendConfirmation')
    expect(snapshot.context.email).toBe('ana.lima@example.com')
  })

  it('sends a platform admin to /admin, anybody else to the dashboard', () => {
    for (const [user, destination] of [
      [superuser, '/admin'],
      [teacher, '/'],
    ] as const) {
      const snapshot = snapshotAfter(loginMachine, { invite: null }, [...signedIn, done('loadAccount', user)])
      expect(snapshot.output).toEqual({ outcome: 'signedIn', destination })
    }
  })

  it('signs in with the e-mail and password of the form, and loads the account of the session', () => {
    const signingIn = snapshotAfter(loginMachine, { invite: null }, [signedIn[0]])
    expect(inputOf(signingIn.children.signIn)).toEqual(credentials)
    const loading = snapshotAfter(loginMachine, { invite: null }, [...signedIn])
    expect(inputOf(loading.children.loadAccount)).toEqual({ sessionToken: sessionOf(teacher).token, userId: teacher.id })
  })

  it('is named login in the flow gallery and the Stately editor', () => {
    expect(loginMachine.id).toBe('login')
  })
})

describe('loginMachine with actors', () => {
  it('signs in, accepts the invitation of the link, loads the account and starts the session', async () => {
    const calls: string[] = []
    const started: { session: Session; user: User }[] = []
    const machine = loginMachine.provide({
      actors: {
        signIn: fromPromise<Session, SignInInput>(async ({ input }) => {
          calls.push(`signIn ${input.email}`)
          return sessionOf(teacher, 'fresh-token')
        }),
        acceptInvite: fromPromise<AcceptInviteResult, AcceptInviteInput>(async ({ input }) => {
          calls.push(`accept ${input.token} ${input.email} as ${input.sessionToken}`)
          return { organization: school }
        }),
        loadAccount: fromPromise<User, LoadAccountInput>(async ({ input }) => {
          calls.push(`load ${input.userId} as ${input.sessionToken}`)
          return teacher
        }),
      },
      actions: { startSession: (_, params) => void started.push(params) },
    })
    const actor = createActor(machine, { input: { invite: inviteForTeacher } }).start()
    actor.send({ type: 'login.submit', email: 'ana@example.com', password: 'secret1' })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'signedIn', destination: '/' })
    expect(calls).toEqual(['signIn ana@example.com', 'accept inv-1 ana@example.com as fresh-token', 'load 1 as fresh-token'])
    expect(started).toEqual([{ session: sessionOf(teacher, 'fresh-token'), user: teacher }])
  })
})
