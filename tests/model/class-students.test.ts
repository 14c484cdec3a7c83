import { expect } from 'vitest'
import { classStudentsMachine } from '../../machines/class-students'
import type { GroupStudent, GroupStudentPage } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof classStudentsMachine
type View = StepView<M>

const student = (id: number, email: string): GroupStudent => ({
  id,
  name: email,
  assessment_test: null,
  last_active: null,
  time_spent: 0,
  lesson_count: 0,
  last_eps: null,
  time_avg_daily: 0,
  user: { id, first_name: '', last_name: '', email, photo_url: null },
})
const grace = student(1, 'grace@example.com')
const page: GroupStudentPage = { count: 2, next: null, previous: null, results: [grace, student(2, 'alan@example.com')] }
const pastTheEnd: GroupStudentPage = { count: 10, next: null, previous: '/v1/groups/9/users?page=1', results: [] }
const firstQuery = { search: '', from: '', to: '', ordering: 'name', page: 1 } as const
const page2 = { ...firstQuery, page: 2 }
const sorted = { ...firstQuery, ordering: '-time_spent', search: 'gr' } as const
const backwards = apiFailure(400, { to: ["The end of the range can't be before its start."] })

const remove: ModelEvent<M> = { type: 'students.remove', student: grace }
const events: ModelEvent<M>[] = [
  { type: 'students.query', query: sorted },
  { type: 'students.query', query: firstQuery },
  { type: 'students.reload' },
  { type: 'students.retry' },
  remove,
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  done('loadStudents', page),
  done('loadStudents', pastTheEnd),
  failed('loadStudents', backwards),
  done('removeStudent', undefined),
  failed('removeStudent', apiFailure(404, { detail: 'This student is not in the class.' })),
]

modelTests(
  buildModel({
    name: 'classStudentsMachine',
    machine: classStudentsMachine,
    inputs: { 'first page': { organizationId: 7, groupId: 9, query: firstQuery }, 'second page': { organizationId: 7, groupId: 9, query: page2 } },
    events: () => events,
    simplePaths: {
      events: () => [remove, { type: 'remove.confirm' }, { type: 'remove.cancel' }, done('loadStudents', page), done('removeStudent', undefined)],
      bound: 'queries, reloads and refusals are left to the shortest paths',
    },
    states: {
      loading: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.loadStudents).toBeDefined()
        if (ignored) return
        if (event.type === 'students.query') expect(snapshot.context.query).toEqual(event.query)
        if (event.type === 'xstate.done.actor.loadStudents') expect(snapshot.context.query.page).toBe((previous?.context.query.page ?? 0) - 1)
        if (event.type === 'xstate.done.actor.removeStudent') {
          expect(params.announceRemoved).toEqual({ student: grace })
          expect(snapshot.context.removing).toBeNull()
        }
      },
      failed: ({ snapshot, event, ignored }: View) => {
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.page).not.toBeNull()
        expect(snapshot.context.error).toBeNull()
        if (!ignored && event.type === 'remove.cancel') expect(snapshot.context.removing).toBeNull()
      },
      confirmingRemove: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.context.removing).toEqual(grace)
        expect(Object.keys(snapshot.children)).toEqual([])
        if (!ignored && event.type === 'xstate.error.actor.removeStudent') expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
      },
      removing: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.removeStudent).toBeDefined()
      },
    },
  }),
)
