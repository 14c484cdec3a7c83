import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { resetPasswordMachine } from '../../machines/reset-password'
import type { DetailResult, ResetPasswordInput, TokenInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter, stateKey } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof resetPasswordMachine
type View = StepView<M>

const token = 'reset-token-1'
const password = 'n3w-Secret'
const linkExpired = apiFailure(400, { token: ['This link has expired or was already used.'] })
const tooCommon = apiFailure(400, { password: ['This password is too common.'] })

const events: ModelEvent<M>[] = [
  { type: 'reset.submit', password },
  done('validateResetToken', undefined),
  failed('validateResetToken', linkExpired),
  failed('validateResetToken', new TypeError('Failed to fetch')),
  done('resetPassword', { detail: 'Your password was changed.' }),
  failed('resetPassword', linkExpired),
  failed('resetPassword', tooCommon),
  failed('resetPassword', new TypeError('Failed to fetch')),
]

/** The new password travels in the event only: it is never kept in the flow's data. */
const passwordNotKept = ({ snapshot }: View) => {
  expect(snapshot.context.token).toBe(token)
  expect(JSON.stringify(snapshot.context)).not.toContain(password)
}

const model = buildModel({
  name: 'resetPasswordMachine',
  machine: resetPasswordMachine,
  inputs: { 'link token': { token } },
  events: () => events,
  simplePaths: true,
  // spec §2: the link is checked before the form; a spent link ends on the invalid page, from the
  // check or from the save; any other failure leaves the form to try again
  edges: {
    checking: {
      'reset.submit': null,
      'xstate.done.actor.validateResetToken': 'editing.ready',
      'xstate.error.actor.validateResetToken': (event) => (errorOf(event) === linkExpired ? 'invalid' : 'editing.failed'),
    },
    'editing.ready': { 'reset.submit': 'submitting' },
    'editing.failed': { 'reset.submit': 'submitting' },
    submitting: {
      'reset.submit': null,
      'xstate.done.actor.resetPassword': 'done',
      'xstate.error.actor.resetPassword': (event) => (errorOf(event) === linkExpired ? 'invalid' : 'editing.failed'),
    },
    done: {},
    invalid: {},
  },
  states: {
    checking: (view) => {
      const { snapshot, event, ignored } = view
      passwordNotKept(view)
      // nothing to type yet: the link is checked first
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      expect(inputOf(snapshot.children.validateResetToken)).toEqual({ token })
      if (ignored) return
      expect(event.type).toBe('xstate.init')
    },
    'editing.ready': (view) => {
      const { snapshot, event, ignored } = view
      passwordNotKept(view)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // the form opens only once the server said the link can be used
      expect(event.type).toBe('xstate.done.actor.validateResetToken')
    },
    'editing.failed': (view) => {
      const { snapshot, event, actions, ignored } = view
      passwordNotKept(view)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.hasTag('error')).toBe(true)
      // a refused password is shown in the form; a refused link never lands here
      expect(snapshot.context.error).not.toBeNull()
      expect(snapshot.context.error?.body).not.toHaveProperty('token')
      if (ignored) return
      // a failed save, or a check that got no answer (the form is still offered)
      expect(['xstate.error.actor.resetPassword', 'xstate.error.actor.validateResetToken']).toContain(event.type)
      if (event.type === 'xstate.error.actor.validateResetToken') expect(snapshot.context.error?.status).toBe(0)
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      expect(actions).toEqual([])
    },
    submitting: (view) => {
      const { snapshot, event, actions, ignored } = view
      passwordNotKept(view)
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      // the password goes to the server with the token, and nowhere else
      expect(inputOf(snapshot.children.resetPassword)).toEqual({ token, password })
      if (ignored) return
      expect(event).toEqual({ type: 'reset.submit', password })
      // the error panel of a previous attempt is cleared
      expect(snapshot.context.error).toBeNull()
      expect(actions).toEqual([])
    },
    done: (view) => {
      const { snapshot, event } = view
      passwordNotKept(view)
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(false)
      // the page offers the login
      expect(snapshot.output).toEqual({ outcome: 'done' })
      expect(event.type).toBe('xstate.done.actor.resetPassword')
    },
    invalid: (view) => {
      const { snapshot, event } = view
      passwordNotKept(view)
      expect(snapshot.status).toBe('done')
      expect(snapshot.hasTag('error')).toBe(true)
      // only a 400 naming the token means the link is spent, told by the check before anything is
      // typed, or by the save when the link died meanwhile; the page offers a new link
      expect(['xstate.error.actor.validateResetToken', 'xstate.error.actor.resetPassword']).toContain(event.type)
      expect(event).toMatchObject({ error: linkExpired })
      expect(snapshot.output).toEqual({ outcome: 'invalid', error: linkExpired })
    },
  },
})

modelTests(model)

describe('resetPasswordMachine', () => {
  // only a 400 that names the token says the link is spent, at the check and at the save
  it.each([
    ['a 400 naming the token', 'invalid', linkExpired],
    ['a 400 naming the password', 'editing.failed', tooCommon],
    ['a 404 naming the token', 'editing.failed', apiFailure(404, { token: ['Not found.'] })],
    ['a 401 naming the token', 'editing.failed', apiFailure(401, { token: ['Not allowed.'] })],
  ])('after %s the page is %s', (_, state, error) => {
    const checked = snapshotAfter(resetPasswordMachine, { token }, [failed('validateResetToken', error)])
    const saved = snapshotAfter(resetPasswordMachine, { token }, [
      done('validateResetToken', undefined),
      { type: 'reset.submit', password },
      failed('resetPassword', error),
    ])
    for (const snapshot of [checked, saved]) {
      expect(stateKey(snapshot.value)).toBe(state)
      expect(snapshot.context.error).toEqual(error)
    }
  })

  it('is named resetPassword in the flow gallery and the Stately editor', () => {
    expect(resetPasswordMachine.id).toBe('resetPassword')
  })
})

const linkChecked = fromPromise<void, TokenInput>(async () => undefined)

describe('resetPasswordMachine with actors', () => {
  it('tells a dead link before the form is shown, without trying to save', async () => {
    const checked: TokenInput[] = []
    const machine = resetPasswordMachine.provide({
      actors: {
        validateResetToken: fromPromise<void, TokenInput>(async ({ input }) => {
          checked.push(input)
          throw linkExpired
        }),
        resetPassword: fromPromise<DetailResult, ResetPasswordInput>(async () => {
          throw new Error('a dead link is never saved with')
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    expect(actor.getSnapshot().matches('checking')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'invalid', error: linkExpired })
    expect(checked).toEqual([{ token }])
  })

  it('saves the new password with the token of the link, after a refused one', async () => {
    const calls: ResetPasswordInput[] = []
    const machine = resetPasswordMachine.provide({
      actors: {
        validateResetToken: linkChecked,
        resetPassword: fromPromise<DetailResult, ResetPasswordInput>(async ({ input }) => {
          calls.push(input)
          if (input.password === 'password') throw tooCommon
          return { detail: 'Your password was changed.' }
        }),
      },
    })
    const actor = createActor(machine, { input: { token } }).start()
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }))
    actor.send({ type: 'reset.submit', password: 'password' })
    const refused = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(refused.matches({ editing: 'failed' })).toBe(true)
    expect(refused.context.error).toEqual(tooCommon)
    actor.send({ type: 'reset.submit', password })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'done' })
    expect(calls).toEqual([
      { token, password: 'password' },
      { token, password },
    ])
  })
})
