import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { joinOrganizationMachine } from '../../machines/join-organization'
import type { JoinByCodeInput, JoinByCodeResult } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof joinOrganizationMachine
type View = StepView<M>

const organization = { id: 4, name: 'Springfield Elementary', type: 'school' as const }
const joined: JoinByCodeResult = { status: 'joined', role: 'student', organization }
const requested: JoinByCodeResult = { status: 'pending', role: 'teacher', organization }
const unknown = apiFailure(400, { invitation_code: ['This invitation code is not valid.'] })

const events: ModelEvent<M>[] = [
  { type: 'join.type', code: 'k7p' },
  { type: 'join.type', code: ' k7p-q2m ' },
  { type: 'join.submit' },
  done('joinByCode', joined),
  done('joinByCode', requested),
  failed('joinByCode', unknown),
]

modelTests(
  buildModel({
    name: 'joinOrganizationMachine',
    machine: joinOrganizationMachine,
    inputs: {
      'the join page': { code: null, role: 'student' },
      // a join link only fills the boxes: see 'takes the code of a join link the same way'
      'back after joining': { code: 'K7PQ2M', role: 'student', joined },
    },
    events: () => events,
    simplePaths: true,
    // spec §2, §5: a code of six boxes is sent; an incomplete one says 'Code is not complete' until
    // typed again; the server joins or makes a request; a refusal can be corrected or sent again
    edges: {
      editing: {
        'join.type': 'editing',
        'join.submit': (_, snapshot) => (snapshot.context.code.length === 6 ? 'submitting' : 'incomplete'),
      },
      incomplete: { 'join.type': 'editing', 'join.submit': null },
      submitting: {
        'join.type': null,
        'join.submit': null,
        'xstate.done.actor.joinByCode': (event) => ((event as { output: JoinByCodeResult }).output.status === 'pending' ? 'requested' : 'joined'),
        'xstate.error.actor.joinByCode': 'refused',
      },
      refused: { 'join.type': 'editing', 'join.submit': 'submitting' },
      joined: {},
      requested: {},
    },
    states: {
      editing: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.context.code).toMatch(/^[A-Z0-9]{0,6}$/)
        if (ignored) return
        // pasted with spaces and a dash: the boxes get the letters, upper-case
        if (event.type === 'join.type') expect(snapshot.context.code).toBe(event.code.includes('q2m') ? 'K7PQ2M' : 'K7P')
      },
      incomplete: ({ snapshot }: View) => {
        // 'Code is not complete': nothing was sent
        expect(snapshot.hasTag('incomplete')).toBe(true)
        expect(snapshot.context.code.length).toBeLessThan(6)
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      submitting: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.code).toBe('K7PQ2M')
        expect(inputOf(snapshot.children.joinByCode)).toEqual({ code: 'K7PQ2M', role: snapshot.context.role })
      },
      refused: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      joined: ({ snapshot, params, event }: View) => {
        expect(snapshot.status).toBe('done')
        expect(snapshot.context.result).toEqual(joined)
        // announced once, when joining; not again when the page comes back with the result
        if (event.type === 'xstate.init') expect(params.announceJoined).toBeUndefined()
        else expect(params.announceJoined).toEqual({ result: joined })
      },
      requested: ({ snapshot, actions }: View) => {
        expect(snapshot.status).toBe('done')
        expect(snapshot.context.result).toEqual(requested)
        // no membership yet: the session has nothing to reload
        expect(actions).not.toContain('announceJoined')
      },
    },
  }),
)

describe('joinOrganizationMachine code bounds', () => {
  // six characters: five are not complete, a seventh is cut off; marks and spaces are not characters
  it.each([
    ['k7pq2', 'K7PQ2', 'incomplete'],
    ['k7pq2m', 'K7PQ2M', 'submitting'],
    ['k7pq2mx', 'K7PQ2M', 'submitting'],
    [' k7_pq-2é ', 'K7PQ2', 'incomplete'],
    ['', '', 'incomplete'],
  ])('%j is the code %j, and submitting it goes to %s', (typed, code, state) => {
    const snapshot = snapshotAfter(joinOrganizationMachine, { code: null, role: 'student' }, [{ type: 'join.type', code: typed }, { type: 'join.submit' }])
    expect(snapshot.context.code).toBe(code)
    expect(snapshot.value).toBe(state)
  })

  it('takes the code of a join link the same way, and starts on the result after joining', () => {
    expect(snapshotAfter(joinOrganizationMachine, { code: 'k7-pq2m9', role: 'teacher' }, []).context).toEqual({
      code: 'K7PQ2M',
      role: 'teacher',
      result: null,
      error: null,
    })
    expect(snapshotAfter(joinOrganizationMachine, { code: null, role: 'student', joined }, []).value).toBe('joined')
  })

  it('is named joinOrganization in the flow gallery and the Stately editor', () => {
    expect(joinOrganizationMachine.id).toBe('joinOrganization')
  })
})

describe('joinOrganizationMachine with its actor', () => {
  it('sends the code with the role asked for', async () => {
    const sent: JoinByCodeInput[] = []
    const actor = createActor(
      joinOrganizationMachine.provide({
        actors: {
          joinByCode: fromPromise<JoinByCodeResult, JoinByCodeInput>(async ({ input }) => {
            sent.push(input)
            return requested
          }),
        },
      }),
      { input: { code: 'k7pq2m', role: 'teacher' } },
    ).start()
    actor.send({ type: 'join.submit' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(sent).toEqual([{ code: 'K7PQ2M', role: 'teacher' }])
    expect(actor.getSnapshot().value).toBe('requested')
  })
})
