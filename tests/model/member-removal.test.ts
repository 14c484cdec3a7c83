import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { memberRemovalMachine } from '../../machines/member-removal'
import type { RemoveMemberInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof memberRemovalMachine
type View = StepView<M>

const soleAdmin = apiFailure(409, { code: 'sole_admin', detail: 'Cannot remove the only admin of an organization.' })
const forbidden = apiFailure(403, { detail: 'You do not have permission to perform this action.' })
const member = { organizationId: 7, userId: 42 }

const events: ModelEvent<M>[] = [
  { type: 'removal.confirm' },
  { type: 'removal.chooseSystem' },
  { type: 'removal.back' },
  { type: 'removal.retry' },
  { type: 'removal.cancel' },
  done('removeMember', undefined),
  failed('removeMember', soleAdmin),
  failed('removeMember', forbidden),
  failed('removeMember', new TypeError('Failed to fetch')),
]

const model = buildModel({
  name: 'memberRemovalMachine',
  machine: memberRemovalMachine,
  inputs: {
    'organization admin': { ...member, canRemoveFromSystem: false },
    'unrestricted platform admin': { ...member, canRemoveFromSystem: true },
  },
  events: () => events,
  simplePaths: true,
  // spec §2, §6, §8: a confirmation, then the removal; only a platform admin may choose the system,
  // which asks a second confirmation with a way back; the only admin is refused for good (close only);
  // any other failure may be tried again; the dialog closes when cancelled, not while removing
  edges: {
    confirming: {
      'removal.confirm': 'removing',
      'removal.chooseSystem': (_, snapshot) => (snapshot.context.canRemoveFromSystem ? 'confirmingFromSystem' : null),
      'removal.back': null,
      'removal.retry': null,
      'removal.cancel': 'cancelled',
    },
    confirmingFromSystem: {
      'removal.confirm': 'removing',
      'removal.chooseSystem': null,
      'removal.back': 'confirming',
      'removal.retry': null,
      'removal.cancel': 'cancelled',
    },
    removing: {
      'removal.confirm': null,
      'removal.chooseSystem': null,
      'removal.back': null,
      'removal.retry': null,
      'removal.cancel': null,
      'xstate.done.actor.removeMember': 'removed',
      'xstate.error.actor.removeMember': (event) => (errorOf(event) === soleAdmin ? 'refused' : 'failed'),
    },
    refused: { 'removal.confirm': null, 'removal.chooseSystem': null, 'removal.back': null, 'removal.retry': null, 'removal.cancel': 'cancelled' },
    failed: { 'removal.confirm': null, 'removal.chooseSystem': null, 'removal.back': null, 'removal.retry': 'removing', 'removal.cancel': 'cancelled' },
    removed: {},
    cancelled: {},
  },
  states: {
    confirming: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      // the removal offered first is from the organization only
      expect(snapshot.context.scope).toBe('organization')
      if (ignored) return
      // opened, or back from the system's second confirmation
      expect(['xstate.init', 'removal.back']).toContain(event.type)
    },
    confirmingFromSystem: ({ snapshot, ignored, event }: View) => {
      // only an unrestricted platform admin is ever asked this
      expect(snapshot.context.canRemoveFromSystem).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      if (!ignored) expect(event.type).toBe('removal.chooseSystem')
    },
    removing: ({ snapshot, previous, ignored }: View) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // the system only after its own confirmation
      if (previous?.matches('confirmingFromSystem')) expect(snapshot.context.scope).toBe('system')
      if (previous?.matches('confirming')) expect(snapshot.context.scope).toBe('organization')
      expect(inputOf(snapshot.children.removeMember)).toEqual({ ...member, fromSystem: snapshot.context.scope === 'system' })
    },
    removed: ({ snapshot, params }: View) => {
      expect(snapshot.status).toBe('done')
      // the view is told what the member was removed from
      expect(params.announceRemoved).toEqual({ scope: snapshot.context.scope })
    },
    refused: ({ snapshot, event, ignored }: View) => {
      // the dialog stays open with the message until it is closed
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      if (!ignored) expect(errorOf(event)).toBe(soleAdmin)
      expect(snapshot.context.error).toEqual(soleAdmin)
      expect(snapshot.can({ type: 'removal.retry' })).toBe(false)
      expect(snapshot.can({ type: 'removal.confirm' })).toBe(false)
    },
    failed: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.error?.body.code).not.toBe('sole_admin')
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    cancelled: ({ snapshot, event, actions }: View) => {
      expect(snapshot.status).toBe('done')
      expect(event.type).toBe('removal.cancel')
      // the dialog is closed by the machine, and only here
      expect(actions).toEqual(['close'])
    },
  },
})

modelTests(model)

describe('memberRemovalMachine refusals', () => {
  // only 409 with the sole_admin code is the only admin; anything else may pass on a retry
  it.each([
    ['409 sole_admin', soleAdmin, 'refused'],
    ['409 another code', apiFailure(409, { code: 'conflict', detail: 'Changed meanwhile.' }), 'failed'],
    ['400 sole_admin', apiFailure(400, { code: 'sole_admin', detail: 'Bad request.' }), 'failed'],
  ])('%s: %s', (_, error, state) => {
    const snapshot = snapshotAfter(memberRemovalMachine, { ...member, canRemoveFromSystem: false }, [{ type: 'removal.confirm' }, failed('removeMember', error)])
    expect(snapshot.value).toBe(state)
  })

  it('is the memberRemoval flow (the id names it in the flow gallery and the inspector)', () => {
    expect(memberRemovalMachine.id).toBe('memberRemoval')
  })
})

describe('memberRemovalMachine with actors', () => {
  const run = (canRemoveFromSystem: boolean, answer: () => Promise<void>) => {
    const calls: RemoveMemberInput[] = []
    const actor = createActor(
      memberRemovalMachine.provide({
        actors: {
          removeMember: fromPromise<void, RemoveMemberInput>(async ({ input }) => {
            calls.push(input)
            return answer()
          }),
        },
      }),
      { input: { ...member, canRemoveFromSystem } },
    ).start()
    return { actor, calls }
  }

  it('removes from the organization after one confirmation', async () => {
    const { actor, calls } = run(false, async () => undefined)
    actor.send({ type: 'removal.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('removed')
    expect(calls).toEqual([{ ...member, fromSystem: false }])
  })

  it('removes from the system only after the second confirmation, and never for an organization admin', async () => {
    const admin = run(false, async () => undefined)
    admin.actor.send({ type: 'removal.chooseSystem' })
    expect(admin.actor.getSnapshot().value).toBe('confirming')

    const platform = run(true, async () => undefined)
    platform.actor.send({ type: 'removal.chooseSystem' })
    expect(platform.calls).toEqual([])
    platform.actor.send({ type: 'removal.confirm' })
    await waitFor(platform.actor, (s) => s.status === 'done')
    expect(platform.calls).toEqual([{ ...member, fromSystem: true }])
  })

  it('ends refused when the server says the member is the only admin', async () => {
    const { actor } = run(false, async () => Promise.reject(soleAdmin))
    actor.send({ type: 'removal.confirm' })
    await waitFor(actor, (s) => s.matches('refused'))
    actor.send({ type: 'removal.retry' })
    expect(actor.getSnapshot().value).toBe('refused')
    actor.send({ type: 'removal.cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
  })
})
