import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { undoEmailChangeMachine } from '../../machines/undo-email-change'
import type { DetailResult, TokenInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof undoEmailChangeMachine
type View = StepView<M>

const token = 'undo-token-1'
const undone = { detail: 'The email change was undone and every session of your account was ended. Reset your password now.' }
const linkSpent = apiFailure(400, { token: ['This link is invalid, has expired or was already used.'] })
const serverDown = apiFailure(500, { detail: 'Internal error' })

const events: ModelEvent<M>[] = [
  { type: 'undo.retry' },
  done('undoEmailChange', undone),
  failed('undoEmailChange', linkSpent),
  failed('undoEmailChange', serverDown),
  failed('undoEmailChange', new TypeError('Failed to fetch')),
]

const model = buildModel({
  name: 'undoEmailChangeMachine',
  machine: undoEmailChangeMachine,
  inputs: { 'link token': { token } },
  events: () => events,
  simplePaths: true,
  // the page undoes on arrival; a refused link ends it, a failure to check it offers a retry
  edges: {
    undoing: {
      'undo.retry': null,
      'xstate.done.actor.undoEmailChange': 'undone',
      'xstate.error.actor.undoEmailChange': (event) => (errorOf(event) === linkSpent ? 'invalid' : 'failed'),
    },
    failed: { 'undo.retry': 'undoing' },
    undone: {},
    invalid: {},
  },
  states: {
    undoing: (view: View) => {
      const { snapshot, event, ignored } = view
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context).toEqual({ token, error: null })
      if (ignored) return
      // the link is used on arrival, and again when the person retries after a failure
      expect(['xstate.init', 'undo.retry']).toContain(event.type)
    },
    undone: ({ snapshot, event }: View) => {
      expect(snapshot.status).toBe('done')
      expect(event.type).toBe('xstate.done.actor.undoEmailChange')
      // the page asks for a password reset
      expect(snapshot.output).toEqual({ outcome: 'undone' })
    },
    failed: (view: View) => {
      const { snapshot, event, ignored } = view
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      // no answer or a server failure is not a spent link
      expect(snapshot.context.error?.status).not.toBe(400)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.undoEmailChange')
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    invalid: ({ snapshot, event }: View) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(errorOf(event)).toBe(linkSpent)
      expect(snapshot.output).toEqual({ outcome: 'invalid', error: linkSpent })
    },
  },
})

modelTests(model)

describe('undoEmailChangeMachine', () => {
  // only a 400 that names the token says the link is spent; any other failure may pass on a retry
  it.each([
    ['a 400 naming the token', 'invalid', linkSpent],
    ['a 400 naming no token', 'failed', apiFailure(400, { detail: 'Bad request' })],
    ['a 404 naming the token', 'failed', apiFailure(404, { token: ['Not found.'] })],
    ['a 401 naming the token', 'failed', apiFailure(401, { token: ['Not allowed.'] })],
  ])('after %s the page is %s', (_, state, error) => {
    const snapshot = snapshotAfter(undoEmailChangeMachine, { token }, [failed('undoEmailChange', error)])
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.error).toEqual(error)
  })

  it('is named undoEmailChange in the flow gallery and the Stately editor', () => {
    expect(undoEmailChangeMachine.id).toBe('undoEmailChange')
  })
})

describe('undoEmailChangeMachine with actors', () => {
  it('sends the token of the link once and ends undone', async () => {
    const calls: TokenInput[] = []
    const machine = undoEmailChangeMachine.provide({
      actors: {
        undoEmailChange: fromPromise<DetailResult, TokenInput>(async ({ input }) => {
          calls.push(input)
          return undone
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'undone' })
    expect(calls).toEqual([{ token }])
  })

  it('tries again after a network failure', async () => {
    let attempts = 0
    const machine = undoEmailChangeMachine.provide({
      actors: {
        undoEmailChange: fromPromise<DetailResult, TokenInput>(async () => {
          attempts += 1
          if (attempts === 1) throw new TypeError('Failed to fetch')
          return undone
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'undo.retry' })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'undone' })
    expect(attempts).toBe(2)
  })
})
