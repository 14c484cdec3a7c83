import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { resendConfirmationMachine } from '../../machines/resend-confirmation'
import type { DetailResult, EmailInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
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
]

const notBusy = ({ snapshot }: View) => expect(snapshot.hasTag('busy')).toBe(false)

const model = buildModel({
  name: 'resendConfirmationMachine',
  machine: resendConfirmationMachine,
  // opened empty, the dialog differs only in its first e-mail: see 'opens with the e-mail it is given'
  inputs: { 'from the login form': { email: loginEmail } },
  events: () => events,
  simplePaths: true,
  // spec §2, §5: the dialog sends the e-mail typed; a failure stays on the form with its error
  // panel and can be sent again; once sent, the dialog only says so
  edges: {
    'editing.ready': {
      'resend.submit': 'sending',
      'xstate.done.actor.sendConfirmation': null,
      'xstate.error.actor.sendConfirmation': null,
    },
    'editing.failed': {
      'resend.submit': 'sending',
      'xstate.done.actor.sendConfirmation': null,
      'xstate.error.actor.sendConfirmation': null,
    },
    sending: {
      'resend.submit': null,
      'xstate.done.actor.sendConfirmation': 'sent',
      'xstate.error.actor.sendConfirmation': 'editing.failed',
    },
    sent: {},
  },
  states: {
    'editing.ready': (view) => {
      const { snapshot, event, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // the form is pre-filled with the e-mail the login tried
      expect(event.type).toBe('xstate.init')
      expect(snapshot.context.email).toBe(loginEmail)
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
      // the link goes to the e-mail of the form, not the one it opened with
      expect(inputOf(snapshot.children.sendConfirmation)).toEqual({ email: event.email })
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

describe('resendConfirmationMachine', () => {
  it('opens with the e-mail it is given, or empty', () => {
    expect(snapshotAfter(resendConfirmationMachine, { email: '' }, []).context).toEqual({ email: '', error: null })
    expect(snapshotAfter(resendConfirmationMachine, { email: loginEmail }, []).context).toEqual({ email: loginEmail, error: null })
  })

  it('is named resendConfirmation in the flow gallery and the Stately editor', () => {
    expect(resendConfirmationMachine.id).toBe('resendConfirmation')
  })
})

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
