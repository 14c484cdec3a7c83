import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { resendConfirmationMachine } from '../../machines/resend-confirmation'
import type { DetailResult, EmailInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof resendConfirmationMachine
type View = StepView<M>

const loginEmail = 'ana@example.com'
const typedEmail = 'nia@example.com'
const tooMany = apiFailure(429, { detail: 'Too many attempts. Try again in 30 seconds.' })

const events: ModelEvent<M>[] = [
  { type: 'resend.submit', email: loginEmail },
  { type: 'resend.submit', email: typedEmail },
  done('sendConfirmation', { detail: 'If this e-mail has an unconfirmed account, a confirmation link was sent.' }),
  failed('sendConfirmation', tooMany),
  failed('sendConfirmation', new TypeError('Failed to fetch')),
]

const notBusy = ({ snapshot }: View) => expect(snapshot.hasTag('busy')).toBe(false)

const model = buildModel({
  name: 'resendConfirmationMachine',
  machine: resendConfirmationMachine,
  inputs: {
    'from the login form': { email: loginEmail },
    'opened empty': { email: '' },
  },
  events: () => events,
  simplePaths: true,
  states: {
    'editing.ready': (view) => {
      const { snapshot, event, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // the form is pre-filled with the e-mail the login tried
      expect(event.type).toBe('xstate.init')
      expect(['', loginEmail]).toContain(snapshot.context.email)
    },
    'editing.failed': (view) => {
      const { snapshot, event, previous, actions, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(true)
      // the e-mail typed stays in the form
      expect(snapshot.context.email).toBe(previous?.context.email)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.sendConfirmation')
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      expect(actions).toEqual([])
    },
    sending: ({ snapshot, event, actions, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      if (event.type !== 'resend.submit') throw new Error(`unexpected way into sending: ${event.type}`)
      expect(snapshot.context.email).toBe(event.email)
      expect(actions).toEqual([])
    },
    sent: ({ snapshot, event, previous }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(false)
      expect(event.type).toBe('xstate.done.actor.sendConfirmation')
      // the dialog names the address the link went to
      expect(snapshot.output).toEqual({ outcome: 'sent', email: previous?.context.email })
      expect([loginEmail, typedEmail]).toContain(snapshot.output?.email)
    },
  },
})

modelTests(model)

describe('resendConfirmationMachine with actors', () => {
  it('mails a new confirmation link to the e-mail the login tried', async () => {
    const calls: EmailInput[] = []
    const machine = resendConfirmationMachine.provide({
      actors: {
        sendConfirmation: fromPromise<DetailResult, EmailInput>(async ({ input }) => {
          calls.push(input)
          return { detail: 'sent' }
        }),
      },
    })
    const actor = createActor(machine, { input: { email: loginEmail } }).start()
    expect(actor.getSnapshot().context.email).toBe(loginEmail)
    actor.send({ type: 'resend.submit', email: loginEmail })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'sent', email: loginEmail })
    expect(calls).toEqual([{ email: loginEmail }])
  })
})
