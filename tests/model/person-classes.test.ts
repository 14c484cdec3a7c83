import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { personClassesMachine } from '../../machines/person-classes'
import type { ClassGroup, ClassGroupPage, PersonClassesInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof personClassesMachine
type View = StepView<M>

const group = (id: number, name: string): ClassGroup => ({
  id,
  name,
  start_date: '2026-04-01',
  end_date: '2026-04-30',
  status: 'active',
  organization_id: 7,
  owner: null,
  pending_teacher: null,
  is_draft: false,
  users_count: 3,
  pending_invitations: 0,
  assignment: null,
  created: '2026-03-01T00:00:00.000Z',
})
const fourClasses: ClassGroupPage = {
  count: 4,
  next: null,
  previous: null,
  results: [group(1, 'Grade 7 A'), group(2, 'Grade 7 B'), group(3, 'Grade 8'), group(4, 'Grade 9')],
}
const forbidden = apiFailure(403, { detail: 'You do not have permission to perform this action.' })

const events: ModelEvent<M>[] = [
  { type: 'classes.retry' },
  done('loadPersonClasses', fourClasses),
  failed('loadPersonClasses', forbidden),
  failed('loadPersonClasses', new TypeError('Failed to fetch')),
]

modelTests(
  buildModel({
    name: 'personClassesMachine',
    machine: personClassesMachine,
    inputs: { 'a student': { organizationId: 7, userId: 42 } },
    events: () => events,
    simplePaths: true,
    states: {
      loading: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.loadPersonClasses).toBeDefined()
        // trying again forgets the failure
        if (!ignored && event.type === 'classes.retry') expect(snapshot.context.error).toBeNull()
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.classes).toEqual(fourClasses)
        expect(snapshot.context.error).toBeNull()
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        expect(snapshot.context.classes).toBeNull()
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
    },
  }),
)

describe('personClassesMachine with actors', () => {
  it("loads the person's classes with the organization and the person, and again after a failure", async () => {
    const loads: PersonClassesInput[] = []
    const actor = createActor(
      personClassesMachine.provide({
        actors: {
          loadPersonClasses: fromPromise<ClassGroupPage, PersonClassesInput>(async ({ input }) => {
            loads.push(input)
            if (loads.length === 1) throw Object.assign(new Error('refused'), forbidden)
            return fourClasses
          }),
        },
      }),
      { input: { organizationId: 7, userId: 42 } },
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toEqual(forbidden)
    actor.send({ type: 'classes.retry' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(loads).toEqual([
      { organizationId: 7, userId: 42 },
      { organizationId: 7, userId: 42 },
    ])
    expect(actor.getSnapshot().context.classes?.count).toBe(4)
  })
})
