import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { classCreateMachine } from '../../machines/class-create'
import type { ClassGroup, CreateClassInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof classCreateMachine
type View = StepView<M>

const details = { name: 'Grade 4 A', start_date: '2026-04-01', end_date: '2026-04-30', is_draft: false }
const goals = { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 }
const group: ClassGroup = {
  id: 9,
  ...details,
  status: 'not_started',
  organization_id: 7,
  owner: null,
  pending_teacher: null,
  users_count: 0,
  pending_invitations: 0,
  assignment: goals,
  created: '2026-03-01T10:00:00.000Z',
}
const nameMissing = apiFailure(400, { name: ['Please provide a team/class name'] })

const submit: ModelEvent<M> = { type: 'create.submit', details, goals }
const events: ModelEvent<M>[] = [submit, done('createClass', group), failed('createClass', nameMissing)]

modelTests(
  buildModel({
    name: 'classCreateMachine',
    machine: classCreateMachine,
    inputs: { 'an organization': { organizationId: 7 } },
    events: () => events,
    simplePaths: true,
    states: {
      editing: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        if (ignored || event.type === 'xstate.init') return expect(snapshot.context.error).toBeNull()
        // a refusal is said by field, and what was typed is kept
        expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
        expect(snapshot.context.submitted).toEqual({ details, goals })
      },
      saving: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.children.createClass).toBeDefined()
      },
      created: ({ snapshot, params }: View) => {
        expect(snapshot.status).toBe('done')
        expect(params.announceCreated).toEqual({ group })
      },
    },
  }),
)

describe('classCreateMachine with actors', () => {
  it('sends the details and the goals for the organization', async () => {
    const calls: CreateClassInput[] = []
    const actor = createActor(
      classCreateMachine.provide({
        actors: {
          createClass: fromPromise<ClassGroup, CreateClassInput>(async ({ input }) => {
            calls.push(input)
            return group
          }),
        },
      }),
      { input: { organizationId: 7 } },
    ).start()
    actor.send(submit)
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ organizationId: 7, details, goals }])
  })
})
