import { expect } from 'vitest'
import { teacherClassesMachine } from '../../machines/teacher-classes'
import type { ClassGroup } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
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

modelTests(
  buildModel({
    name: 'teacherClassesMachine',
    machine: teacherClassesMachine,
    inputs: { 'teacher 3': { organizationId: 7, teacher: { id: 3, email: 'edna@example.com' } } },
    events: () => events,
    simplePaths: { skip: 'the dialogs loop back through loading: the shortest paths (extended by every answered event) cover every transition' },
    states: {
      loading: ({ snapshot, event, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        if (ignored) return
        if (event.type === 'xstate.done.actor.assignTeacherClasses') expect(params.announceAssigned).toEqual(event.output)
        if (event.type === 'xstate.done.actor.removeTeacher') expect(params.announceRemoved).toEqual({ group: algebra })
      },
      failed: ({ snapshot, event, ignored }: View) => {
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.context.classes).toEqual(classes)
        expect(snapshot.context.removing).toBeNull()
      },
      choosing: ({ snapshot, event, ignored }: View) => {
        if (ignored) {
          // §5: assigning needs at least one class
          if (event.type === 'assign.submit') expect(snapshot.context.selected).toEqual([])
          return
        }
        if (event.type === 'assign.open') expect(snapshot.context.selected).toEqual([])
        if (event.type === 'assign.select') expect(snapshot.context.selected).toEqual(event.ids)
        if (event.type === 'xstate.error.actor.assignTeacherClasses') expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
      },
      assigning: ({ snapshot }: View) => {
        expect(snapshot.context.selected.length).toBeGreaterThan(0)
        expect(snapshot.children.assignTeacherClasses).toBeDefined()
      },
      confirmingRemove: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.context.removing).toEqual(algebra)
        if (!ignored && event.type === 'xstate.error.actor.removeTeacher') expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
      },
      removing: ({ snapshot }: View) => {
        expect(snapshot.children.removeTeacher).toBeDefined()
      },
    },
  }),
)
