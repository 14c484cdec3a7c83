import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { recoverPasswordMachine } from '../../machines/recover-password'
import type { DetailResult, EmailInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof recoverPasswordMachine
type View = StepView<M>

const email = 'ana@example.com'
/** A second address, as after "send again" with a corrected e-mail. */
const otherEmail = 'ana.lima@example.com'
const emails = [email, otherEmail]
const sentAnswer: DetailResult = { detail: 'If an account has this e-mail, a link to reset the password was sent.' }

const events: ModelEvent<M>[] = [
  { type: 'recover.submit', email },
  { type: 'recover.submit', email: otherEmail },
  { type: 'recover.again' },
  done('requestPasswordReset', sentAnswer),
  failed('requestPasswordReset', apiFailure(429, { detail: 'Too many attempts. Try again in 30 seconds.' })),
  failed('requestPasswordReset', new TypeError('Failed to fetch')),
]

const idle = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}

const model = buildModel({
  name: 'recoverPasswordMachine',
  machine: recoverPasswordMachine,
  events: () => events,
  simplePaths: true,
  // spec: the form sends a reset link; a failure stays on the form; "send again" goes back to it
  edges: {
    'asking.ready': { 'recover.submit': 'sending', 'recover.again': null },
    'asking.failed': { 'recover.submit': 'sending', 'recover.again': null },
    sending: {
      'recover.submit': null,
      'recover.again': null,
      'xstate.done.actor.requestPasswordReset': 'sent',
      'xstate.error.actor.requestPasswordReset': 'asking.failed',
    },
    sent: { 'recover.submit': null, 'recover.again': 'asking.ready' },
  },
  states: {
    'asking.ready': (view) => {
      const { snapshot, event, previous, actions, ignored } = view
      idle(view)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      expect(actions).toEqual([])
      if (ignored) return
      if (event.type === 'xstate.init') {
        expect(snapshot.context.email).toBe('')
      } else {
        // "send again" goes back to the form with the e-mail it was sent to filled in
        expect(event.type).toBe('recover.again')
        expect(previous?.matches('sent')).toBe(true)
        expect(snapshot.context.email).toBe(previous?.context.email)
        expect(emails).toContain(snapshot.context.email)
      }
    },
    'asking.failed': (view) => {
      const { snapshot, event, previous, actions, ignored } = view
      idle(view)
      expect(snapshot.hasTag('error')).toBe(true)
      // the form keeps the e-mail the person typed
      expect(snapshot.context.email).toBe(previous?.context.email)
      expect(emails).toContain(snapshot.context.email)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.requestPasswordReset')
      // the error panel shows why: too many attempts, or no connection (status 0)
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      expect(actions).toEqual([])
    },
    sending: ({ snapshot, event, actions, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      if (event.type !== 'recover.submit') throw new Error(`unexpected way into sending: ${event.type}`)
      expect(snapshot.context.email).toBe(event.email)
      expect(actions).toEqual([])
      expect(inputOf(snapshot.children.requestPasswordReset)).toEqual({ email: event.email })
    },
    sent: (view) => {
      const { snapshot, event, previous, ignored } = view
      idle(view)
      expect(snapshot.hasTag('error')).toBe(false)
      // the success note names the address the link was sent to
      expect(snapshot.context.email).toBe(previous?.context.email)
      expect(emails).toContain(snapshot.context.email)
      if (ignored) return
      expect(event.type).toBe('xstate.done.actor.requestPasswordReset')
    },
  },
})

modelTests(model)

describe('recoverPasswordMachine with actors', () => {
  it('asks for a reset link and shows the address it was sent to', async () => {
    const calls: EmailInput[] = []
    const machine = recoverPasswordMachine.provide({
      actors: {
        requestPasswordReset: fromPromise<DetailResult, EmailInput>(async ({ input }) => {
          calls.push(input)
          return sentAnswer
        }),
      },
    })
    const actor = createActor(machine).start()
    expect(actor.getSnapshot().matches({ asking: 'ready' })).toBe(true)
    actor.send({ type: 'recover.submit', email })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const sent = await waitFor(actor, (s) => s.matches('sent'))
    expect(sent.context).toEqual({ email, error: null })
    expect(calls).toEqual([{ email }])
    actor.send({ type: 'recover.again' })
    expect(actor.getSnapshot().matches({ asking: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.email).toBe(email)
    actor.stop()
  })
})
