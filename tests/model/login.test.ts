import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { loginMachine } from '../../machines/login'
import { homePathOf } from '../../machines/roles'
import type { AcceptInviteInput, AcceptInviteResult, LoadAccountInput, Session, SignInInput, User } from '../../machines/types'
import { inviteForNewcomer, inviteForOther, inviteForTeacher, school, sessionOf, superuser, teacher } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

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
  failed('signIn', new TypeError('Failed to fetch')),
  done('acceptInvite', { organization: school }),
  failed('acceptInvite', apiFailure(400, { detail: 'Invite could not be accepted' })),
  done('loadAccount', teacher),
  done('loadAccount', superuser),
  failed('loadAccount', apiFailure(500, { detail: 'Internal error' })),
]

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
    'invite for another e-mail': { invite: inviteForOther },
    'invite for a newcomer': { invite: inviteForNewcomer },
  },
  events: () => events,
  simplePaths: true,
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
