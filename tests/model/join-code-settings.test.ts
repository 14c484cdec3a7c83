import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { joinCodeSettingsMachine } from '../../machines/join-code-settings'
import type { JoinCode, UpdateJoinCodeInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof joinCodeSettingsMachine
type View = StepView<M>

const on: JoinCode = { code: 'K7PQ2M', enabled: true, requires_approval: false, link: 'https://portal.example.com/join/K7PQ2M' }
const fresh: JoinCode = { ...on, code: 'W3XY9Z', link: 'https://portal.example.com/join/W3XY9Z' }
const off: JoinCode = { ...on, enabled: false }
const forbidden = apiFailure(403, { detail: 'You do not have permission to do this.' })

const events: ModelEvent<M>[] = [
  { type: 'joinCode.retry' },
  { type: 'joinCode.reset' },
  { type: 'reset.confirm' },
  { type: 'reset.cancel' },
  { type: 'joinCode.setEnabled', enabled: false },
  { type: 'joinCode.setApproval', requiresApproval: true },
  done('loadJoinCode', on),
  failed('loadJoinCode', forbidden),
  done('resetJoinCode', fresh),
  failed('resetJoinCode', forbidden),
  done('updateJoinCode', off),
  failed('updateJoinCode', forbidden),
]

modelTests(
  buildModel({
    name: 'joinCodeSettingsMachine',
    machine: joinCodeSettingsMachine,
    inputs: { 'organization admin': { organizationId: 7 } },
    events: () => events,
    simplePaths: {
      events: () => [{ type: 'joinCode.reset' }, { type: 'reset.confirm' }, { type: 'reset.cancel' }, done('loadJoinCode', on), done('resetJoinCode', fresh)],
      bound: 'the switches and refusals are left to the shortest paths (each multiplies the graph without new states)',
    },
    states: {
      loading: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.loadJoinCode).toBeDefined()
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.settings).not.toBeNull()
        expect(snapshot.context.change).toBeNull()
        if (ignored) return
        if (event.type === 'xstate.done.actor.resetJoinCode') {
          expect(snapshot.context.settings).toEqual(fresh)
          expect(params.announceReset).toEqual({ code: 'W3XY9Z' })
        }
        if (event.type === 'xstate.done.actor.updateJoinCode') expect(snapshot.context.settings).toEqual(off)
        if (event.type === 'reset.cancel') expect(snapshot.context.settings).toEqual(previous?.context.settings)
        if (event.type.startsWith('xstate.error.actor.')) {
          // a refused change is said in the dialog; the code shown stays
          expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
          expect(snapshot.context.settings).toEqual(previous?.context.settings)
        }
      },
      confirmingReset: ({ snapshot }: View) => {
        // nothing changes before the confirmation
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(Object.keys(snapshot.children)).toEqual([])
        expect(snapshot.context.actionError).toBeNull()
      },
      resetting: ({ snapshot, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.resetJoinCode).toBeDefined()
        if (!ignored) expect(previous?.matches('confirmingReset')).toBe(true)
      },
      saving: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.updateJoinCode).toBeDefined()
        if (ignored) return
        expect(snapshot.context.change).toEqual(event.type === 'joinCode.setEnabled' ? { enabled: false } : { requires_approval: true })
      },
    },
  }),
)

describe('joinCodeSettingsMachine with actors', () => {
  it('saves one switch and shows the answer', async () => {
    const changes: UpdateJoinCodeInput[] = []
    const actor = createActor(
      joinCodeSettingsMachine.provide({
        actors: {
          loadJoinCode: fromPromise(async () => on),
          updateJoinCode: fromPromise<JoinCode, UpdateJoinCodeInput>(async ({ input }) => {
            changes.push(input)
            return { ...on, requires_approval: true }
          }),
        },
      }),
      { input: { organizationId: 7 } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'joinCode.setApproval', requiresApproval: true })
    await waitFor(actor, (s) => s.matches('ready') && changes.length === 1)
    expect(changes).toEqual([{ organizationId: 7, change: { requires_approval: true } }])
    expect(actor.getSnapshot().context.settings?.requires_approval).toBe(true)
  })
})
