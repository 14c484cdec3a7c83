import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { confirmAccountMachine } from '../../machines/confirm-account'
import type { ConfirmAccountResult, ConfirmationCheck, ConfirmLinkInput, DetailResult, EmailInput, TokenInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof confirmAccountMachine
type View = StepView<M>

const token = 'confirm-token-1'
const confirmedEmail = 'nia@example.com'
const changedEmail = 'nia.new@example.com'
const resendEmail = 'nia.sato@example.com'
const signUpPassword = 'the one chosen at sign-up'
const resetToken = 'reset-token-1'
const signUpLink: ConfirmationCheck = { email: confirmedEmail, purpose: 'sign_up', has_password: true }
const changeLink: ConfirmationCheck = { email: changedEmail, purpose: 'email_change', has_password: true }
const usedLink: ConfirmationCheck = { email: confirmedEmail, has_password: true, already_confirmed: true }
const passwordRemoved: ConfirmAccountResult = { email: confirmedEmail, reset_token: resetToken, removed: ['password'] }
const linkSpent = apiFailure(400, { token: ['This link has expired or was already used.'] })
const wrongPassword = apiFailure(400, { password: ['This is not the password chosen when the account was created.'] })
const serverFailure = apiFailure(500, { detail: 'Internal error' })
const tooMany = apiFailure(429, { detail: 'Too many attempts. Try again in 30 seconds.' })

const events: ModelEvent<M>[] = [
  { type: 'confirm.submit', password: signUpPassword },
  { type: 'confirm.choosePassword' },
  { type: 'confirm.decline' },
  { type: 'confirm.resend', email: resendEmail },
  { type: 'confirm.retry' },
  done('checkConfirmation', signUpLink),
  done('checkConfirmation', changeLink),
  done('checkConfirmation', usedLink),
  failed('checkConfirmation', linkSpent),
  failed('checkConfirmation', new TypeError('Failed to fetch')),
  done('confirmAccount', { email: confirmedEmail }),
  done('confirmAccount', { email: confirmedEmail, already_confirmed: true }),
  done('confirmAccount', passwordRemoved),
  failed('confirmAccount', wrongPassword),
  failed('confirmAccount', linkSpent),
  failed('confirmAccount', serverFailure),
  done('declineAccount', undefined),
  failed('declineAccount', linkSpent),
  failed('declineAccount', serverFailure),
  done('sendConfirmation', { detail: 'sent' }),
  failed('sendConfirmation', tooMany),
]

/** The smaller set for simple paths: one failure of each kind per actor. */
const fewerEvents: ModelEvent<M>[] = events.filter(
  (event) =>
    !(event.type === 'xstate.error.actor.checkConfirmation' && errorOf(event) instanceof TypeError) &&
    !(event.type === 'xstate.error.actor.declineAccount' && errorOf(event) === serverFailure),
)

/** The page's buttons, all refused while a call runs. */
const buttonsRefused = {
  'confirm.submit': null,
  'confirm.choosePassword': null,
  'confirm.decline': null,
  'confirm.resend': null,
  'confirm.retry': null,
}
/** A refusal naming the token: the link is spent (only then the invalid page). */
const spentOr = (otherwise: string) => (event: unknown) => (errorOf(event as { type: string }) === linkSpent ? 'invalid' : otherwise)

const busy = ({ snapshot }: View) => {
  expect(snapshot.status).toBe('active')
  expect(snapshot.hasTag('busy')).toBe(true)
  expect(snapshot.hasTag('error')).toBe(false)
  expect(snapshot.context.error).toBeNull()
}

const showsError = ({ snapshot }: View) => {
  expect(snapshot.status).toBe('active')
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.hasTag('error')).toBe(true)
  expect(snapshot.context.error).not.toBeNull()
}

const model = buildModel({
  name: 'confirmAccountMachine',
  machine: confirmAccountMachine,
  inputs: { 'link token': { token } },
  events: () => events,
  simplePaths: {
    events: () => fewerEvents,
    bound: 'the second kind of failure of the check and of the decline is left to the shortest paths (each multiplies the graph without new states)',
  },
  // spec §2 confirm account: the link is checked; a sign-up's link asks the person first (the
  // sign-up password, a new password, or "this wasn't me"), an e-mail change's is confirmed at
  // once; a spent link offers a new one; a failure to check it offers a retry
  edges: {
    checking: {
      ...buttonsRefused,
      'xstate.done.actor.checkConfirmation': (event) => {
        const check = (event as { output: ConfirmationCheck }).output
        return check.already_confirmed ? 'alreadyConfirmed' : check.purpose === 'sign_up' ? 'asking' : 'confirming'
      },
      'xstate.error.actor.checkConfirmation': spentOr('failed'),
    },
    asking: {
      ...buttonsRefused,
      'confirm.submit': 'confirming',
      'confirm.choosePassword': 'confirming',
      'confirm.decline': 'declining',
    },
    confirming: {
      ...buttonsRefused,
      'xstate.done.actor.confirmAccount': (event) => {
        const result = (event as { output: ConfirmAccountResult }).output
        return result.already_confirmed ? 'alreadyConfirmed' : result.reset_token !== undefined ? 'passwordToSet' : 'confirmed'
      },
      // a wrong sign-up password keeps the link and asks again; an e-mail change has none to get wrong
      'xstate.error.actor.confirmAccount': (event, snapshot) =>
        errorOf(event) === wrongPassword && snapshot.context.purpose === 'sign_up' ? 'asking' : spentOr('failed')(event),
    },
    declining: { ...buttonsRefused, 'xstate.done.actor.declineAccount': 'declined', 'xstate.error.actor.declineAccount': spentOr('asking') },
    failed: { ...buttonsRefused, 'confirm.retry': 'checking' },
    invalid: { ...buttonsRefused, 'confirm.resend': 'resending' },
    resending: { ...buttonsRefused, 'xstate.done.actor.sendConfirmation': 'resent', 'xstate.error.actor.sendConfirmation': 'invalid' },
    confirmed: {},
    passwordToSet: {},
    alreadyConfirmed: {},
    declined: {},
    resent: {},
  },
  states: {
    checking: (view) => {
      const { snapshot, event, actions, ignored } = view
      busy(view)
      expect(snapshot.context.token).toBe(token)
      if (ignored) return
      // the link is checked on arrival, and again when the person retries after a failure
      expect(['xstate.init', 'confirm.retry']).toContain(event.type)
      expect(actions).toEqual([])
    },
    asking: (view) => {
      const { snapshot, event, ignored } = view
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(false)
      // the page names the address and knows the account has a password to prove
      expect(snapshot.context.email).toBe(confirmedEmail)
      expect(snapshot.context.hasPassword).toBe(true)
      if (ignored) return
      switch (event.type) {
        case 'xstate.done.actor.checkConfirmation':
          // nothing happened yet: the sign-up's link waits for the person's answer
          expect(event).toEqual(done('checkConfirmation', signUpLink))
          expect(snapshot.context.error).toBeNull()
          break
        case 'xstate.error.actor.confirmAccount':
          // not the sign-up's password: asked again, the link kept
          expect(snapshot.context.error).toEqual(wrongPassword)
          break
        case 'xstate.error.actor.declineAccount':
          expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
          expect(snapshot.context.error?.status).not.toBe(400)
          break
        default:
          throw new Error(`unexpected way into asking: ${event.type}`)
      }
    },
    confirming: (view) => {
      const { snapshot, event, previous, ignored } = view
      busy(view)
      if (ignored) return
      if (event.type === 'xstate.done.actor.checkConfirmation') {
        // an e-mail change's link is confirmed at once, without a question
        expect(event).toEqual(done('checkConfirmation', changeLink))
        expect(snapshot.context.email).toBe(changedEmail)
      } else {
        expect(['confirm.submit', 'confirm.choosePassword']).toContain(event.type)
        expect(previous?.matches('asking')).toBe(true)
      }
    },
    declining: (view) => {
      const { event, previous, ignored } = view
      busy(view)
      if (ignored) return
      expect(event.type).toBe('confirm.decline')
      expect(previous?.matches('asking')).toBe(true)
    },
    confirmed: ({ snapshot, event, previous }) => {
      expect(snapshot.status).toBe('done')
      expect(event).toEqual(done('confirmAccount', { email: confirmedEmail }))
      // the page offers the login with the confirmed e-mail
      expect(snapshot.output).toEqual({ outcome: 'confirmed', email: confirmedEmail })
      expect(previous?.matches('confirming')).toBe(true)
    },
    passwordToSet: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(event).toEqual(done('confirmAccount', passwordRemoved))
      // the page says what was removed and leads to choosing a password with the token
      expect(snapshot.output).toEqual({ outcome: 'passwordToSet', email: confirmedEmail, resetToken, removed: ['password'] })
    },
    alreadyConfirmed: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(false)
      // the link was opened again: not a dead link, the login is offered with the e-mail
      expect([done('checkConfirmation', usedLink), done('confirmAccount', { email: confirmedEmail, already_confirmed: true })]).toContainEqual(event)
      expect(snapshot.output).toEqual({ outcome: 'alreadyConfirmed', email: confirmedEmail })
    },
    declined: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(event).toEqual(done('declineAccount', undefined))
      expect(snapshot.output).toEqual({ outcome: 'declined', email: confirmedEmail })
    },
    failed: (view) => {
      const { snapshot, event, ignored } = view
      showsError(view)
      // no answer, a server failure or an answer the link's kind does not explain (a password refused
      // for an e-mail change's link, which sends none) is not a spent link
      expect(snapshot.context.error?.body).not.toHaveProperty('token')
      if (ignored) return
      expect(['xstate.error.actor.checkConfirmation', 'xstate.error.actor.confirmAccount']).toContain(event.type)
      if (event.type === 'xstate.error.actor.checkConfirmation' || event.type === 'xstate.error.actor.confirmAccount') {
        expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      }
    },
    invalid: (view) => {
      const { snapshot, event, ignored } = view
      showsError(view)
      if (ignored) return
      switch (event.type) {
        case 'xstate.error.actor.checkConfirmation':
        case 'xstate.error.actor.confirmAccount':
        case 'xstate.error.actor.declineAccount':
          // the server named the token: expired, used or unknown
          expect(errorOf(event)).toBe(linkSpent)
          expect(snapshot.context.error).toEqual(linkSpent)
          break
        case 'xstate.error.actor.sendConfirmation':
          // a failed resend shows its reason and the person can ask again
          expect(snapshot.context.error).toEqual(tooMany)
          expect(snapshot.context.email).toBe(resendEmail)
          break
        default:
          throw new Error(`unexpected way into invalid: ${event.type}`)
      }
    },
    resending: (view) => {
      const { snapshot, event, previous, ignored } = view
      busy(view)
      if (ignored) return
      if (event.type !== 'confirm.resend') throw new Error(`unexpected way into resending: ${event.type}`)
      expect(previous?.matches('invalid')).toBe(true)
      expect(snapshot.context.email).toBe(event.email)
    },
    resent: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(event.type).toBe('xstate.done.actor.sendConfirmation')
      expect(snapshot.output).toEqual({ outcome: 'resent', email: resendEmail })
    },
  },
})

modelTests(model)

describe('confirmAccountMachine', () => {
  const confirmWith = (link: ConfirmationCheck, error: unknown) => {
    const first = link.purpose === 'sign_up' ? [{ type: 'confirm.submit', password: signUpPassword } as const] : []
    return snapshotAfter(confirmAccountMachine, { token }, [done('checkConfirmation', link), ...first, failed('confirmAccount', error)])
  }

  // only a 400 naming the password of a sign-up's link asks again; only a 400 naming the token spends the link
  it.each([
    ['a 400 naming the password, sign-up link', 'asking', signUpLink, wrongPassword],
    ['a 400 naming the password, e-mail change link', 'failed', changeLink, wrongPassword],
    ['a 401 naming the password', 'failed', signUpLink, apiFailure(401, { password: ['No.'] })],
    ['a 400 naming the token', 'invalid', signUpLink, linkSpent],
    ['a 404 naming the token', 'failed', signUpLink, apiFailure(404, { token: ['Not found.'] })],
    ['a 400 naming neither', 'failed', signUpLink, apiFailure(400, { detail: 'Bad request' })],
  ])('after %s the page is %s', (_, state, link, error) => {
    const snapshot = confirmWith(link, error)
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.error).toEqual(error)
  })

  it('confirms with the sign-up password when given one, with the token alone otherwise', () => {
    const asked = [done('checkConfirmation', signUpLink)] as const
    expect(inputOf(snapshotAfter(confirmAccountMachine, { token }, [...asked, { type: 'confirm.submit', password: signUpPassword }]).children.confirmAccount)).toEqual({
      token,
      password: signUpPassword,
    })
    expect(inputOf(snapshotAfter(confirmAccountMachine, { token }, [...asked, { type: 'confirm.choosePassword' }]).children.confirmAccount)).toEqual({ token })
    expect(inputOf(snapshotAfter(confirmAccountMachine, { token }, [...asked, { type: 'confirm.decline' }]).children.declineAccount)).toEqual({ token })
    expect(inputOf(snapshotAfter(confirmAccountMachine, { token }, []).children.checkConfirmation)).toEqual({ token })
    const resending = snapshotAfter(confirmAccountMachine, { token }, [failed('checkConfirmation', linkSpent), { type: 'confirm.resend', email: resendEmail }])
    expect(inputOf(resending.children.sendConfirmation)).toEqual({ email: resendEmail })
  })

  it('is named confirmAccount in the flow gallery and the Stately editor', () => {
    expect(confirmAccountMachine.id).toBe('confirmAccount')
  })
})

describe('confirmAccountMachine with actors', () => {
  const checking = (check: ConfirmationCheck) =>
    fromPromise<ConfirmationCheck, TokenInput>(async () => check)

  it('asks first on a sign-up link, then confirms with the password chosen at sign-up', async () => {
    const calls: ConfirmLinkInput[] = []
    const machine = confirmAccountMachine.provide({
      actors: {
        checkConfirmation: checking(signUpLink),
        confirmAccount: fromPromise<ConfirmAccountResult, ConfirmLinkInput>(async ({ input }) => {
          calls.push(input)
          return { email: confirmedEmail }
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    await waitFor(actor, (s) => s.matches('asking'))
    // nothing is confirmed before the person answers
    expect(calls).toEqual([])
    actor.send({ type: 'confirm.submit', password: signUpPassword })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'confirmed', email: confirmedEmail })
    expect(calls).toEqual([{ token, password: signUpPassword }])
  })

  it('confirms without the password and hands the reset token on; "This wasn\'t me" deletes instead', async () => {
    const calls: ConfirmLinkInput[] = []
    const declined: TokenInput[] = []
    const machine = confirmAccountMachine.provide({
      actors: {
        checkConfirmation: checking(signUpLink),
        confirmAccount: fromPromise<ConfirmAccountResult, ConfirmLinkInput>(async ({ input }) => {
          calls.push(input)
          return passwordRemoved
        }),
        declineAccount: fromPromise<void, TokenInput>(async ({ input }) => {
          declined.push(input)
        }),
      },
    })
    const choosing = createActor(machine, { input: { token } }).start()
    await waitFor(choosing, (s) => s.matches('asking'))
    choosing.send({ type: 'confirm.choosePassword' })
    await expect(toPromise(choosing)).resolves.toEqual({ outcome: 'passwordToSet', email: confirmedEmail, resetToken, removed: ['password'] })
    expect(calls).toEqual([{ token }])

    const declining = createActor(machine, { input: { token } }).start()
    await waitFor(declining, (s) => s.matches('asking'))
    declining.send({ type: 'confirm.decline' })
    await expect(toPromise(declining)).resolves.toEqual({ outcome: 'declined', email: confirmedEmail })
    expect(declined).toEqual([{ token }])
    expect(calls).toHaveLength(1)
  })

  it('mails a new link when the link was already used', async () => {
    const sent: EmailInput[] = []
    const machine = confirmAccountMachine.provide({
      actors: {
        checkConfirmation: fromPromise<ConfirmationCheck, TokenInput>(async () => {
          throw linkSpent
        }),
        sendConfirmation: fromPromise<DetailResult, EmailInput>(async ({ input }) => {
          sent.push(input)
          return { detail: 'sent' }
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    const invalid = await waitFor(actor, (s) => s.matches('invalid'))
    expect(invalid.context.error).toEqual(linkSpent)
    actor.send({ type: 'confirm.resend', email: resendEmail })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'resent', email: resendEmail })
    expect(sent).toEqual([{ email: resendEmail }])
  })
})
