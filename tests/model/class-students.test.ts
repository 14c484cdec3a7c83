import { describe, expect, it } from 'vitest'
import { classStudentsMachine } from '../../machines/class-students'
import type { GroupStudent, GroupStudentPage } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
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

const isNew = (event: ModelEvent<M>, snapshot: { context: { query: unknown } }) =>
  'query' in event && JSON.stringify(event.query) === JSON.stringify(snapshot.context.query) ? null : 'loading'
/** An empty page after the first (its last student went) loads the one before; any other answer is shown. */
const afterLoad = (event: ModelEvent<M>, snapshot: { context: { query: { page: number } } }) =>
  (event as { output: GroupStudentPage }).output.results.length === 0 && snapshot.context.query.page > 1 ? 'loading' : 'ready'

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
    // spec 001 §2 Class details (students tab), §6: removing a student asks first; a refusal stays in the confirmation
    edges: {
      loading: {
        'students.query': isNew,
        'students.reload': null,
        'students.retry': null,
        'students.remove': null,
        'remove.confirm': null,
        'remove.cancel': null,
        'xstate.done.actor.loadStudents': afterLoad,
        'xstate.error.actor.loadStudents': 'failed',
      },
      failed: {
        'students.query': 'loading',
        'students.reload': null,
        'students.retry': 'loading',
        'students.remove': null,
        'remove.confirm': null,
        'remove.cancel': null,
      },
      ready: {
        'students.query': isNew,
        'students.reload': 'loading',
        'students.retry': null,
        'students.remove': 'confirmingRemove',
        'remove.confirm': null,
        'remove.cancel': null,
      },
      confirmingRemove: {
        'students.query': null,
        'students.reload': null,
        'students.retry': null,
        'students.remove': null,
        'remove.confirm': 'removing',
        'remove.cancel': 'ready',
      },
      removing: {
        'students.query': null,
        'students.reload': null,
        'students.retry': null,
        'students.remove': null,
        'remove.confirm': null,
        'remove.cancel': null,
        'xstate.done.actor.removeStudent': 'loading',
        'xstate.error.actor.removeStudent': 'confirmingRemove',
      },
    },
    states: {
      loading: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.loadStudents)).toEqual({ organizationId: 7, groupId: 9, query: snapshot.context.query })
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
        expect(inputOf(snapshot.children.removeStudent)).toEqual({ organizationId: 7, groupId: 9, studentId: grace.id })
      },
    },
  }),
)

describe('classStudentsMachine page bounds', () => {
  const oneRow: GroupStudentPage = { count: 11, next: null, previous: '/v1/groups/9/users?page=1', results: [grace] }
  const empty: GroupStudentPage = { count: 0, next: null, previous: null, results: [] }
  // an emptied page falls back to the one before, never below the first
  it.each([
    ['page 1, empty', 1, empty, 'ready', 1],
    ['page 2, empty', 2, pastTheEnd, 'loading', 1],
    ['page 2, one student', 2, oneRow, 'ready', 2],
    ['page 3, empty', 3, pastTheEnd, 'loading', 2],
  ] as const)('%s: %s on page %i', (_, pageNumber, answer, state, shown) => {
    const snapshot = snapshotAfter(classStudentsMachine, { organizationId: 7, groupId: 9, query: { ...firstQuery, page: pageNumber } }, [done('loadStudents', answer)])
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.query.page).toBe(shown)
    if (state === 'ready') expect(snapshot.context.page).toEqual(answer)
  })

  it('a removal refused keeps the student and the message in the confirmation', () => {
    const refused = apiFailure(404, { detail: 'This student is not in the class.' })
    const snapshot = snapshotAfter(classStudentsMachine, { organizationId: 7, groupId: 9, query: firstQuery }, [
      done('loadStudents', page),
      remove,
      { type: 'remove.confirm' },
      failed('removeStudent', refused),
    ])
    expect(snapshot.context.removing).toEqual(grace)
    expect(snapshot.context.actionError).toEqual(refused)
    // asking again clears the message
    const again = snapshotAfter(classStudentsMachine, { organizationId: 7, groupId: 9, query: firstQuery }, [
      done('loadStudents', page),
      remove,
      { type: 'remove.confirm' },
      failed('removeStudent', refused),
      { type: 'remove.cancel' },
      remove,
    ])
    expect(again.context.actionError).toBeNull()
  })
})

describe('classStudentsMachine id', () => {
  it('is named classStudents (the inspector and the flow gallery show it by this id)', () => {
    expect(classStudentsMachine.id).toBe('classStudents')
  })
})
