import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { memberRemovalMachine } from '../../machines/member-removal'
import type { RemoveMemberInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
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
  states: {
    confirming: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.error).toBeNull()
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
      expect(snapshot.children.removeMember).toBeDefined()
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
