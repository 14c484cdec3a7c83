import { expect } from 'vitest'
import { classDetailsMachine } from '../../machines/class-details'
import type { ClassGroup } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ExpectedEdges, ModelEvent, StepView } from './harness'

type M = typeof classDetailsMachine
type View = StepView<M>

const teacher = { id: 3, first_name: 'Edna', last_name: 'Krabappel', email: 'edna@example.com', photo_url: null }
const group = (changes: Partial<ClassGroup> = {}): ClassGroup => ({
  id: 9,
  name: 'Grade 4 A',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  status: 'active',
  organization_id: 7,
  owner: teacher,
  pending_teacher: null,
  is_draft: false,
  users_count: 2,
  pending_invitations: 1,
  assignment: null,
  created: '2026-02-01T10:00:00.000Z',
  ...changes,
})
const withTeacher = group()
const withoutTeacher = group({ owner: null })
const details = { name: 'Grade 4 B', start_date: '2026-03-01', end_date: '2026-04-30' }
const goals = { practice_days_per_week: 4, practice_minutes_per_day: 15, test_before_class_stats: null }
const refused = apiFailure(400, { email: ['Enter a valid email address.'] })
const missing = apiFailure(404, { detail: 'Not found.' })

const events: ModelEvent<M>[] = [
  { type: 'class.retry' },
  { type: 'class.reload' },
  { type: 'class.edit' },
  { type: 'edit.save', details, teacher: 'edna@example.com' },
  { type: 'goals.edit' },
  { type: 'goals.save', goals },
  { type: 'teacher.assign' },
  { type: 'teacher.submit', email: 'new@example.com' },
  { type: 'teacher.remove' },
  { type: 'remove.confirm' },
  { type: 'form.cancel' },
  done('loadClass', withTeacher),
  done('loadClass', withoutTeacher),
  failed('loadClass', missing),
  done('saveClass', group({ name: 'Grade 4 B' })),
  failed('saveClass', refused),
  done('saveGoals', group({ assignment: { practice_days_per_week: 4, practice_minutes_per_day: 15, test_before_class_stats: null } })),
  failed('saveGoals', refused),
  done('assignTeacher', group({ owner: null, pending_teacher: 'new@example.com' })),
  failed('assignTeacher', refused),
  done('removeTeacher', withoutTeacher),
  failed('removeTeacher', new TypeError('Failed to fetch')),
]

const formError = ({ snapshot, event, ignored }: View) => {
  expect(snapshot.hasTag('form')).toBe(true)
  if (!ignored && event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
  else if (!ignored) expect(snapshot.context.actionError).toBeNull()
}
const saving = (child: string) => ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(true)
  expect(snapshot.children[child]).toBeDefined()
}

const userEvents = ['class.retry', 'class.reload', 'class.edit', 'edit.save', 'goals.edit', 'goals.save', 'teacher.assign', 'teacher.submit', 'teacher.remove', 'remove.confirm', 'form.cancel']
/** The user events a state takes, where they lead; every other one is refused. */
const takes = (rules: ExpectedEdges<M>[string]): ExpectedEdges<M>[string] => ({ ...Object.fromEntries(userEvents.map((type) => [type, null])), ...rules })

modelTests(
  buildModel({
    name: 'classDetailsMachine',
    machine: classDetailsMachine,
    inputs: { 'class 9': { organizationId: 7, groupId: 9 } },
    events: () => events,
    simplePaths: { skip: 'eight forms each loop back to viewing: the shortest paths (extended by every answered event) cover every transition' },
    // 001 §2 Class details, §6: the class is loaded (a failure may be tried again); from the page its
    // editors open one form at a time (details, goals, teacher, teacher removal after a confirmation,
    // only when there is a teacher or a pending one); each form saves or is cancelled; a refusal
    // keeps its form open; students added elsewhere reload the class
    edges: {
      loading: takes({ 'xstate.done.actor.loadClass': 'viewing', 'xstate.error.actor.loadClass': 'failed' }),
      failed: takes({ 'class.retry': 'loading' }),
      viewing: takes({
        'class.reload': 'loading',
        'class.edit': 'editing',
        'goals.edit': 'editingGoals',
        'teacher.assign': 'choosingTeacher',
        'teacher.remove': (_, snapshot) => {
          const group = snapshot.context.group
          return group?.owner || group?.pending_teacher ? 'confirmingTeacherRemoval' : null
        },
      }),
      editing: takes({ 'edit.save': 'savingDetails', 'form.cancel': 'viewing' }),
      savingDetails: takes({ 'xstate.done.actor.saveClass': 'viewing', 'xstate.error.actor.saveClass': 'editing' }),
      editingGoals: takes({ 'goals.save': 'savingGoals', 'form.cancel': 'viewing' }),
      savingGoals: takes({ 'xstate.done.actor.saveGoals': 'viewing', 'xstate.error.actor.saveGoals': 'editingGoals' }),
      choosingTeacher: takes({ 'teacher.submit': 'assigningTeacher', 'form.cancel': 'viewing' }),
      assigningTeacher: takes({ 'xstate.done.actor.assignTeacher': 'viewing', 'xstate.error.actor.assignTeacher': 'choosingTeacher' }),
      confirmingTeacherRemoval: takes({ 'remove.confirm': 'removingTeacher', 'form.cancel': 'viewing' }),
      removingTeacher: takes({ 'xstate.done.actor.removeTeacher': 'viewing', 'xstate.error.actor.removeTeacher': 'confirmingTeacherRemoval' }),
    },
    states: {
      loading: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.loadClass).toBeDefined()
      },
      failed: ({ snapshot, event, ignored }: View) => {
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      viewing: ({ snapshot, event, params, ignored }: View) => {
        expect(snapshot.context.group).not.toBeNull()
        expect(snapshot.hasTag('form')).toBe(false)
        if (ignored) {
          // a class without a teacher has none to remove
          if (event.type === 'teacher.remove') expect(snapshot.context.group?.owner).toBeNull()
          return
        }
        if (event.type === 'xstate.done.actor.saveClass') expect(snapshot.context.group?.name).toBe('Grade 4 B')
        if (event.type === 'xstate.done.actor.saveClass') expect(params).toHaveProperty('announceUpdated')
        if (event.type === 'xstate.done.actor.saveGoals') expect(snapshot.context.group?.assignment).toEqual(goals)
        if (event.type === 'xstate.done.actor.assignTeacher') expect(params.announceTeacher).toEqual({ group: event.output })
        if (event.type === 'xstate.done.actor.removeTeacher') expect(snapshot.context.group?.owner).toBeNull()
      },
      editing: formError,
      editingGoals: formError,
      choosingTeacher: formError,
      confirmingTeacherRemoval: formError,
      savingDetails: ({ snapshot, ...view }: View) => {
        saving('saveClass')({ snapshot, ...view })
        expect(snapshot.context.details).toEqual(details)
        expect(snapshot.context.teacher).toBe('edna@example.com')
      },
      savingGoals: ({ snapshot, ...view }: View) => {
        saving('saveGoals')({ snapshot, ...view })
        expect(snapshot.context.goals).toEqual(goals)
      },
      assigningTeacher: ({ snapshot, ...view }: View) => {
        saving('assignTeacher')({ snapshot, ...view })
        expect(snapshot.context.email).toBe('new@example.com')
      },
      removingTeacher: saving('removeTeacher'),
    },
  }),
)
