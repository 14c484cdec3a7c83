import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { joinRequestsMachine } from '../../machines/join-requests'
import type { DecideJoinRequestInput, JoinRequest } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof joinRequestsMachine
type View = StepView<M>

const edna: JoinRequest = {
  id: 3,
  role: 'teacher',
  created: '2026-11-20T10:00:00.000Z',
  user: { id: 9, first_name: 'Edna', last_name: 'Krabappel', email: 'edna@example.com' },
}
const gone = apiFailure(404, { detail: 'Not found.' })

const events: ModelEvent<M>[] = [
  { type: 'requests.reload' },
  { type: 'requests.retry' },
  { type: 'requests.approve', request: edna },
  { type: 'requests.refuse', request: edna },
  { type: 'refuse.confirm' },
  { type: 'refuse.cancel' },
  done('loadJoinRequests', [edna]),
  failed('loadJoinRequests', gone),
  done('approveJoinRequest', undefined),
  failed('approveJoinRequest', gone),
  done('refuseJoinRequest', undefined),
  failed('refuseJoinRequest', gone),
]

/** Every event of the join requests, refused: the edges below say which a state accepts. */
const none = {
  'requests.reload': null,
  'requests.retry': null,
  'requests.approve': null,
  'requests.refuse': null,
  'refuse.confirm': null,
  'refuse.cancel': null,
} as const

modelTests(
  buildModel({
    name: 'joinRequestsMachine',
    machine: joinRequestsMachine,
    inputs: {
      'organization admin': { organizationId: 7, enabled: true },
      teacher: { organizationId: 7, enabled: false },
    },
    events: () => events,
    simplePaths: {
      events: () => [{ type: 'requests.approve', request: edna }, { type: 'requests.refuse', request: edna }, { type: 'refuse.confirm' }, done('loadJoinRequests', [edna]), done('approveJoinRequest', undefined), done('refuseJoinRequest', undefined)],
      bound: 'reloads and refusals are left to the shortest paths (each multiplies the graph without new states)',
    },
    // the users view's join requests: approving makes a member, refusing asks first (§8); after each the list loads again
    edges: {
      off: {},
      loading: { ...none, 'xstate.done.actor.loadJoinRequests': 'ready', 'xstate.error.actor.loadJoinRequests': 'failed' },
      failed: { ...none, 'requests.retry': 'loading', 'requests.reload': 'loading' },
      ready: { ...none, 'requests.reload': 'loading', 'requests.approve': 'approving', 'requests.refuse': 'confirmingRefusal' },
      approving: { ...none, 'xstate.done.actor.approveJoinRequest': 'loading', 'xstate.error.actor.approveJoinRequest': 'loading' },
      confirmingRefusal: { ...none, 'refuse.confirm': 'refusing', 'refuse.cancel': 'ready' },
      refusing: { ...none, 'xstate.done.actor.refuseJoinRequest': 'loading', 'xstate.error.actor.refuseJoinRequest': 'loading' },
    },
    states: {
      off: ({ snapshot }: View) => {
        expect(snapshot.status).toBe('done')
        expect(snapshot.context.requests).toBeNull()
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      loading: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.loadJoinRequests)).toEqual({ organizationId: 7 })
        expect(snapshot.context.deciding).toBeNull()
        if (ignored) return
        if (event.type === 'xstate.done.actor.approveJoinRequest') expect(params.announceApproved).toEqual({ request: previous?.context.deciding })
        if (event.type === 'xstate.error.actor.approveJoinRequest' || event.type === 'xstate.error.actor.refuseJoinRequest') {
          expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
        }
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.hasTag('error')).toBe(false)
        expect(snapshot.context.requests).toEqual([edna])
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.context.deciding).toBeNull()
      },
      confirmingRefusal: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.deciding).toEqual(edna)
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      approving: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.deciding).toEqual(edna)
        expect(snapshot.context.actionError).toBeNull()
        expect(inputOf(snapshot.children.approveJoinRequest)).toEqual({ organizationId: 7, requestId: edna.id })
      },
      refusing: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.deciding).toEqual(edna)
        expect(snapshot.context.actionError).toBeNull()
        expect(inputOf(snapshot.children.refuseJoinRequest)).toEqual({ organizationId: 7, requestId: edna.id })
      },
    },
  }),
)

describe('joinRequestsMachine with actors', () => {
  it('approves a request, then loads the list again', async () => {
    const approved: DecideJoinRequestInput[] = []
    let loads = 0
    const actor = createActor(
      joinRequestsMachine.provide({
        actors: {
          loadJoinRequests: fromPromise(async () => (++loads === 1 ? [edna] : [])),
          approveJoinRequest: fromPromise<void, DecideJoinRequestInput>(async ({ input }) => {
            approved.push(input)
          }),
        },
      }),
      { input: { organizationId: 7, enabled: true } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'requests.approve', request: edna })
    await waitFor(actor, (s) => s.matches('ready') && loads === 2)
    expect(approved).toEqual([{ organizationId: 7, requestId: 3 }])
    expect(actor.getSnapshot().context.requests).toEqual([])
  })

  it('refuses a request only once confirmed; cancelling keeps it', async () => {
    const refused: DecideJoinRequestInput[] = []
    const actor = createActor(
      joinRequestsMachine.provide({
        actors: {
          loadJoinRequests: fromPromise(async () => (refused.length === 0 ? [edna] : [])),
          refuseJoinRequest: fromPromise<void, DecideJoinRequestInput>(async ({ input }) => {
            refused.push(input)
          }),
        },
      }),
      { input: { organizationId: 7, enabled: true } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'requests.refuse', request: edna })
    actor.send({ type: 'refuse.cancel' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(refused).toEqual([])
    actor.send({ type: 'requests.refuse', request: edna })
    expect(refused).toEqual([])
    actor.send({ type: 'refuse.confirm' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.requests?.length === 0)
    expect(refused).toEqual([{ organizationId: 7, requestId: 3 }])
  })
})

describe('joinRequestsMachine id', () => {
  it('is named joinRequests (the inspector and the flow gallery show it by this id)', () => {
    expect(joinRequestsMachine.id).toBe('joinRequests')
  })
})
