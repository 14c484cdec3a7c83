import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { confirmAccountMachine } from '../../machines/confirm-account'
import type { ConfirmAccountResult, DetailResult, EmailInput, TokenInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof confirmAccountMachine
type View = StepView<M>

const token = 'confirm-token-1'
const confirmedEmail = 'nia@example.com'
const resendEmail = 'nia.sato@example.com'
const linkSpent = apiFailure(400, { token: ['This link has expired or was already used.'] })
const tooMany = apiFailure(429, { detail: 'Too many attempts. Try again in 30 seconds.' })

const events: ModelEvent<M>[] = [
  { type: 'confirm.resend', email: resendEmail },
  { type: 'confirm.retry' },
  done('confirmAccount', { email: confirmedEmail }),
  done('confirmAccount', { email: confirmedEmail, already_confirmed: true }),
  failed('confirmAccount', linkSpent),
  failed('confirmAccount', apiFailure(500, { detail: 'Internal error' })),
  failed('confirmAccount', new TypeError('Failed to fetch')),
  done('sendConfirmation', { detail: 'sent' }),
  failed('sendConfirmation', tooMany),
]

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
  simplePaths: true,
  states: {
    confirming: (view) => {
      const { snapshot, event, actions, ignored } = view
      busy(view)
      expect(snapshot.context.token).toBe(token)
      expect(snapshot.context.email).toBe('')
      if (ignored) return
      // the link is checked on arrival, and again when the person retries after a failure
      expect(['xstate.init', 'confirm.retry']).toContain(event.type)
      expect(actions).toEqual([])
    },
    confirmed: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(event).toEqual(done('confirmAccount', { email: confirmedEmail }))
      // the page offers the login with the confirmed e-mail
      expect(snapshot.output).toEqual({ outcome: 'confirmed', email: confirmedEmail })
    },
    alreadyConfirmed: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(false)
      // the link was opened again: not a dead link, the login is offered with the e-mail
      expect(event).toEqual(done('confirmAccount', { email: confirmedEmail, already_confirmed: true }))
      expect(snapshot.output).toEqual({ outcome: 'alreadyConfirmed', email: confirmedEmail })
    },
    failed: (view) => {
      const { snapshot, event, ignored } = view
      showsError(view)
      // no answer or a server failure is not a spent link
      expect(snapshot.context.error?.status).not.toBe(400)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.confirmAccount')
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    invalid: (view) => {
      const { snapshot, event, ignored } = view
      showsError(view)
      if (ignored) return
      switch (event.type) {
        case 'xstate.error.actor.confirmAccount':
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

describe('confirmAccountMachine with actors', () => {
  it('confirms the account of the link and offers the login with its e-mail', async () => {
    const calls: TokenInput[] = []
    const machine = confirmAccountMachine.provide({
      actors: {
        confirmAccount: fromPromise<ConfirmAccountResult, TokenInput>(async ({ input }) => {
          calls.push(input)
          return { email: confirmedEmail }
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'confirmed', email: confirmedEmail })
    expect(calls).toEqual([{ token }])
  })

  it('mails a new link when the link was already used', async () => {
    const sent: EmailInput[] = []
    const machine = confirmAccountMachine.provide({
      actors: {
        confirmAccount: fromPromise<ConfirmAccountResult, TokenInput>(async () => {
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
