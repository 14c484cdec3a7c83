import { describe, expect, it } from 'vitest'
import { teacherClassesMachine } from '../../machines/teacher-classes'
import type { ClassGroup } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof teacherClassesMachine
type View = StepView<M>

const group = (id: number, name: string): ClassGroup => ({
  id,
  name,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  status: 'active',
  organization_id: 7,
  owner: null,
  pending_teacher: null,
  is_draft: false,
  users_count: 0,
  pending_invitations: 0,
  assignment: null,
  created: '2026-02-01T10:00:00.000Z',
})
const algebra = group(1, 'Algebra')
const classes = { owned: [algebra], all: [algebra, group(2, 'Biology')] }
const refused = apiFailure(403, { detail: 'You do not have permission to do this.' })

const events: ModelEvent<M>[] = [
  { type: 'classes.retry' },
  { type: 'assign.open' },
  { type: 'assign.select', ids: [2] },
  { type: 'assign.select', ids: [] },
  { type: 'assign.submit' },
  { type: 'classes.remove', group: algebra },
  { type: 'remove.confirm' },
  { type: 'dialog.cancel' },
  done('loadTeacherClasses', classes),
  failed('loadTeacherClasses', new TypeError('Failed to fetch')),
  done('assignTeacherClasses', { assigned: [2], failed: [] }),
  failed('assignTeacherClasses', refused),
  done('removeTeacher', algebra),
  failed('removeTeacher', refused),
]

const teacher = { id: 3, email: 'edna@example.com' }
const input = { organizationId: 7, teacher }
/** Every event the teacher's classes take, refused: the edges below say which a state accepts. */
const none = {
  'classes.retry': null,
  'assign.open': null,
  'assign.select': null,
  'assign.submit': null,
  'classes.remove': null,
  'remove.confirm': null,
  'dialog.cancel': null,
} as const

modelTests(
  buildModel({
    name: 'teacherClassesMachine',
    machine: teacherClassesMachine,
    inputs: { 'teacher 3': input },
    events: () => events,
    simplePaths: { skip: 'the dialogs loop back through loading: the shortest paths (extended by every answered event) cover every transition' },
    // spec 000 §2 (a teacher's profile), §5 at least one class to assign, §6 removing from a class asks first
    edges: {
      loading: { ...none, 'xstate.done.actor.loadTeacherClasses': 'ready', 'xstate.error.actor.loadTeacherClasses': 'failed' },
      failed: { ...none, 'classes.retry': 'loading' },
      ready: { ...none, 'assign.open': 'choosing', 'classes.remove': 'confirmingRemove' },
      choosing: {
        ...none,
        'assign.select': 'choosing',
        'assign.submit': (_, snapshot) => (snapshot.context.selected.length > 0 ? 'assigning' : null),
        'dialog.cancel': 'ready',
      },
      assigning: { ...none, 'xstate.done.actor.assignTeacherClasses': 'loading', 'xstate.error.actor.assignTeacherClasses': 'choosing' },
      confirmingRemove: { ...none, 'remove.confirm': 'removing', 'dialog.cancel': 'ready' },
      removing: { ...none, 'xstate.done.actor.removeTeacher': 'loading', 'xstate.error.actor.removeTeacher': 'confirmingRemove' },
    },
    states: {
      loading: ({ snapshot, event, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.loadTeacherClasses)).toEqual(input)
        if (ignored) return
        if (event.type === 'xstate.done.actor.assignTeacherClasses') expect(params.announceAssigned).toEqual(event.output)
        if (event.type === 'xstate.done.actor.removeTeacher') expect(params.announceRemoved).toEqual({ group: algebra })
      },
      failed: ({ snapshot, event, ignored }: View) => {
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.error).toBeNull()
        expect(snapshot.context.classes).toEqual(classes)
        expect(snapshot.context.removing).toBeNull()
      },
      choosing: ({ snapshot, event, ignored }: View) => {
        if (ignored) {
          // §5: assigning needs at least one class
          if (event.type === 'assign.submit') expect(snapshot.context.selected).toEqual([])
          return
        }
        if (event.type === 'assign.open') {
          expect(snapshot.context.selected).toEqual([])
          expect(snapshot.context.actionError).toBeNull()
        }
        if (event.type === 'assign.select') expect(snapshot.context.selected).toEqual(event.ids)
        if (event.type === 'xstate.error.actor.assignTeacherClasses') expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
      },
      assigning: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.selected.length).toBeGreaterThan(0)
        expect(inputOf(snapshot.children.assignTeacherClasses)).toEqual({ organizationId: 7, teacher, groupIds: snapshot.context.selected })
      },
      confirmingRemove: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.context.removing).toEqual(algebra)
        if (!ignored && event.type === 'classes.remove') expect(snapshot.context.actionError).toBeNull()
        if (!ignored && event.type === 'xstate.error.actor.removeTeacher') expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
      },
      removing: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.removeTeacher)).toEqual({ organizationId: 7, groupId: algebra.id })
      },
    },
  }),
)

describe('teacherClassesMachine selection bound', () => {
  // §5: at least one class ticked; none is refused
  it.each([
    [[], 'choosing'],
    [[2], 'assigning'],
    [[1, 2], 'assigning'],
  ] as const)('%j ticked: %s', (ids, state) => {
    const snapshot = snapshotAfter(teacherClassesMachine, input, [done('loadTeacherClasses', classes), { type: 'assign.open' }, { type: 'assign.select', ids: [...ids] }, { type: 'assign.submit' }])
    expect(snapshot.value).toBe(state)
  })

  it('opens the dialog with nothing ticked and no old message, and cancelling the removal forgets the class', () => {
    const snapshot = snapshotAfter(teacherClassesMachine, input, [
      done('loadTeacherClasses', classes),
      { type: 'assign.open' },
      { type: 'assign.select', ids: [2] },
      { type: 'assign.submit' },
      failed('assignTeacherClasses', refused),
      { type: 'dialog.cancel' },
      { type: 'assign.open' },
    ])
    expect(snapshot.context.selected).toEqual([])
    expect(snapshot.context.actionError).toBeNull()
    const cancelled = snapshotAfter(teacherClassesMachine, input, [done('loadTeacherClasses', classes), { type: 'classes.remove', group: algebra }, { type: 'dialog.cancel' }])
    expect(cancelled.context.removing).toBeNull()
  })
})

describe('teacherClassesMachine id', () => {
  it('is named teacherClasses (the inspector and the flow gallery show it by this id)', () => {
    expect(teacherClassesMachine.id).toBe('teacherClasses')
  })
})

describe('teacherClassesMachine start', () => {
  it('starts with nothing loaded, ticked, being removed or refused', () => {
    expect(snapshotAfter(teacherClassesMachine, input, []).context).toEqual({
      organizationId: 7,
      teacher,
      classes: null,
      selected: [],
      removing: null,
      error: null,
      actionError: null,
    })
  })
})
