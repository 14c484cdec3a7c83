import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { joinCodeSettingsMachine } from '../../machines/join-code-settings'
import type { JoinCode, UpdateJoinCodeInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
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
    // the users view's "Invite by code" dialog: the code is loaded (a failure may be tried again);
    // resetting asks first and can be cancelled; one change at a time; a refused change goes back to
    // the code as it was
    edges: {
      loading: {
        'joinCode.retry': null,
        'joinCode.reset': null,
        'reset.confirm': null,
        'reset.cancel': null,
        'joinCode.setEnabled': null,
        'joinCode.setApproval': null,
        'xstate.done.actor.loadJoinCode': 'ready',
        'xstate.error.actor.loadJoinCode': 'failed',
      },
      failed: {
        'joinCode.retry': 'loading',
        'joinCode.reset': null,
        'reset.confirm': null,
        'reset.cancel': null,
        'joinCode.setEnabled': null,
        'joinCode.setApproval': null,
      },
      ready: {
        'joinCode.retry': null,
        'joinCode.reset': 'confirmingReset',
        'reset.confirm': null,
        'reset.cancel': null,
        'joinCode.setEnabled': 'saving',
        'joinCode.setApproval': 'saving',
      },
      confirmingReset: {
        'joinCode.retry': null,
        'joinCode.reset': null,
        'reset.confirm': 'resetting',
        'reset.cancel': 'ready',
        'joinCode.setEnabled': null,
        'joinCode.setApproval': null,
      },
      resetting: {
        'joinCode.retry': null,
        'joinCode.reset': null,
        'reset.confirm': null,
        'reset.cancel': null,
        'joinCode.setEnabled': null,
        'joinCode.setApproval': null,
        'xstate.done.actor.resetJoinCode': 'ready',
        'xstate.error.actor.resetJoinCode': 'ready',
      },
      saving: {
        'joinCode.retry': null,
        'joinCode.reset': null,
        'reset.confirm': null,
        'reset.cancel': null,
        'joinCode.setEnabled': null,
        'joinCode.setApproval': null,
        'xstate.done.actor.updateJoinCode': 'ready',
        'xstate.error.actor.updateJoinCode': 'ready',
      },
    },
    states: {
      loading: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.loadJoinCode)).toEqual({ organizationId: 7 })
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
        if (event.type === 'xstate.done.actor.loadJoinCode') expect(snapshot.context.settings).toEqual(on)
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
        expect(inputOf(snapshot.children.resetJoinCode)).toEqual({ organizationId: 7 })
        if (!ignored) expect(previous?.matches('confirmingReset')).toBe(true)
      },
      saving: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.updateJoinCode)).toEqual({ organizationId: 7, change: snapshot.context.change })
        if (ignored) return
        expect(snapshot.context.change).toEqual(event.type === 'joinCode.setEnabled' ? { enabled: false } : { requires_approval: true })
      },
    },
  }),
)

describe('joinCodeSettingsMachine with actors', () => {
  it('is the joinCodeSettings flow (the id names it in the flow gallery and the inspector)', () => {
    expect(joinCodeSettingsMachine.id).toBe('joinCodeSettings')
  })

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
