import { expect, it } from 'vitest'
import { classAddStudentsMachine } from '../../machines/class-add-students'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof classAddStudentsMachine
type View = StepView<M>

const emails = ['grace@example.com', 'alan@example.com']
const result = { added: [4], already: [5, 6], invitations: [{ id: 1, email: 'alan@example.com', role: 'student' as const, organization: 7, status: 'pending' as const, created: '2026-03-20T12:00:00.000Z' }] }

const events: ModelEvent<M>[] = [
  { type: 'students.add', emails, consent: false },
  done('addStudents', result),
  failed('addStudents', apiFailure(400, { emails: ['You cannot invite yourself.'] })),
  failed('addStudents', new TypeError('Failed to fetch')),
]

// the machine's id names the flow in the flow gallery and the inspector
it('is the classAddStudents flow', () => expect(classAddStudentsMachine.id).toBe('classAddStudents'))

modelTests(
  buildModel({
    name: 'classAddStudentsMachine',
    machine: classAddStudentsMachine,
    inputs: { 'class 9': { organizationId: 7, groupId: 9 } },
    events: () => events,
    simplePaths: true,
    // 001 §2 E-mail invite form: one add at a time; a refusal keeps the form open; done closes it
    edges: {
      editing: { 'students.add': 'adding' },
      adding: { 'students.add': null, 'xstate.done.actor.addStudents': 'added', 'xstate.error.actor.addStudents': 'editing' },
      added: {},
    },
    states: {
      editing: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        // an empty form, consent ticked by default (001 §5)
        if (event.type === 'xstate.init') expect(snapshot.context).toEqual({ organizationId: 7, groupId: 9, emails: [], consent: true, result: null, error: null })
        if (ignored || event.type === 'xstate.init') return
        expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      adding: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.emails).toEqual(emails)
        expect(snapshot.context.consent).toBe(false)
        expect(snapshot.context.error).toBeNull()
        expect(inputOf(snapshot.children.addStudents)).toEqual({ organizationId: 7, groupId: 9, emails, consent: false })
      },
      added: ({ snapshot, params }: View) => {
        expect(snapshot.status).toBe('done')
        expect(params.announceAdded).toEqual({ added: 1, invited: 1, already: 2 })
      },
    },
  }),
)
