import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { classWizardMachine } from '../../machines/class-wizard'
import type { ClassBeingBuilt, ClassGroup, SaveClassInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof classWizardMachine
type View = StepView<M>

const fresh: ClassBeingBuilt = {
  id: null,
  key: 'wizard-key-1',
  className: '',
  startDate: '2026-04-01',
  endDate: '2026-05-01',
  teacher: 'edna@example.com',
  goals: true,
  daysPractice: 5,
  minutesPractice: 10,
  takeAssessment: true,
  engagementDays: 3,
  users: ['ana@example.com', 'ben@example.com'],
  consent: true,
  step: 'details',
}
const draft: ClassGroup = {
  id: 12,
  name: 'Grade 7 B',
  start_date: '2026-04-01',
  end_date: '2026-05-01',
  status: 'draft',
  pending_teacher: null,
  organization_id: 7,
  owner: null,
  is_draft: true,
  users_count: 0,
  pending_invitations: 0,
  assignment: null,
  created: '2026-03-01T10:00:00.000Z',
  draft: { teacher_email: 'edna@example.com', students: ['cy@example.com'], consent: false, step: 'students' },
}
const badAddress = apiFailure(400, { students: ['me@example.com: You cannot invite yourself.'] })
const gone = apiFailure(404, { detail: 'Not found.' })

const events: ModelEvent<M>[] = [
  { type: 'wizard.update', changes: { className: 'Grade 7 B' } },
  { type: 'wizard.update', changes: { daysPractice: 9 } },
  { type: 'wizard.next' },
  { type: 'wizard.previous' },
  { type: 'wizard.skipGoals' },
  { type: 'wizard.goTo', step: 'details' },
  { type: 'wizard.goTo', step: 'goals' },
  { type: 'wizard.goTo', step: 'students' },
  { type: 'wizard.goTo', step: 'overview' },
  { type: 'wizard.saveDraft' },
  { type: 'wizard.cancel' },
  { type: 'wizard.keep' },
  { type: 'wizard.discard' },
  { type: 'wizard.submit' },
  { type: 'wizard.confirm' },
  { type: 'wizard.back' },
  { type: 'wizard.retry' },
  { type: 'students.remove', email: 'ana@example.com' },
  { type: 'students.add', emails: ['Dee@example.com', 'ana@example.com'] },
  done('loadDraft', draft),
  failed('loadDraft', gone),
  done('createClass', draft),
  failed('createClass', badAddress),
  done('saveDraft', draft),
  failed('saveDraft', badAddress),
]

const notBusy = ({ snapshot }: View) => expect(snapshot.hasTag('busy')).toBe(false)

/**
 * What the screen is told to do in a step (its storage and its address, given by the view): a step
 * entered is kept and shown in the address; a change of the class being built is kept; nothing else.
 */
function expectStepEffects({ snapshot, previous, event, actions, params, ignored }: View) {
  // the back and forward buttons are followed while a step is shown
  expect(snapshot.children.followAddress).toBeDefined()
  if (ignored) return
  const step = snapshot.context.built.step
  // a step is entered from outside the steps, from another step, or again by the address (`wizard.goTo`)
  const entered = previous === undefined || !previous.matches('editing') || previous.context.built.step !== step || event.type === 'wizard.goTo'
  const changed = ['wizard.update', 'students.add', 'students.remove'].includes(event.type)
  if (entered) {
    expect(actions).toEqual(['keepClass', 'showStep'])
    expect(params.showStep).toEqual({ step })
  } else if (changed) expect(actions).toEqual(['keepClass'])
  else expect(actions).toEqual([])
  if (entered || changed) expect(params.keepClass).toEqual({ built: snapshot.context.built })
}

const atStep =
  (step: ClassBeingBuilt['step']) =>
  (view: View) => {
    notBusy(view)
    expect(view.snapshot.context.built.step).toBe(step)
    expectStepEffects(view)
  }

/** The end: what a reload would find is dropped, the outcome told, the class list shown. */
const ended =
  (outcome: 'created' | 'draftSaved' | null) =>
  ({ snapshot, actions, params }: View) => {
    expect(snapshot.status).toBe('done')
    expect(snapshot.children.followAddress).toBeUndefined()
    expect(actions).toEqual(outcome ? ['forgetClass', 'announce', 'showClassList'] : ['forgetClass', 'showClassList'])
    if (outcome) expect(params.announce).toEqual({ outcome })
  }

/** Outside the steps nothing is kept, shown or followed. */
const noStepEffects = ({ snapshot, actions }: View) => {
  expect(snapshot.children.followAddress).toBeUndefined()
  expect(actions).toEqual([])
}

modelTests(
  buildModel({
    name: 'classWizardMachine',
    machine: classWizardMachine,
    inputs: {
      'a new class (admin)': { organizationId: 7, asTeacher: false, built: fresh },
      'a draft opened from the list': { organizationId: 7, asTeacher: false, built: { ...fresh, id: 12, users: [] } },
      'a class restored at its step (teacher)': { organizationId: 7, asTeacher: true, built: { ...fresh, className: 'Grade 7 C', teacher: '', step: 'overview' } },
    },
    events: () => events,
    simplePaths: { skip: 'every typed change makes a new context; the shortest paths, each followed by every event of its last state, cover the graph' },
    states: {
      loading: (view: View) => {
        expect(view.snapshot.hasTag('busy')).toBe(true)
        expect(view.snapshot.children.loadDraft).toBeDefined()
        // the unread draft (only its id) is not kept: a reload reads it again
        noStepEffects(view)
      },
      loadFailed: (view: View) => {
        notBusy(view)
        noStepEffects(view)
        if (!view.ignored && view.event.type !== 'xstate.init') expect(view.snapshot.context.error).toEqual(expectedFailure(errorOf(view.event)))
      },
      'editing.details.editing': (view: View) => {
        atStep('details')(view)
        if (view.event.type === 'xstate.done.actor.loadDraft') expect(view.snapshot.context.built).toMatchObject({ className: 'Grade 7 B' })
      },
      'editing.details.invalid': (view: View) => {
        atStep('details')(view)
        // next was refused: a field is missing ('Please provide a team/class name')
        if (view.event.type === 'wizard.next') expect(view.snapshot.context.built.className === '' || view.snapshot.context.built.teacher === '').toBe(true)
      },
      'editing.goals.editing': atStep('goals'),
      'editing.goals.invalid': (view: View) => {
        atStep('goals')(view)
        if (view.event.type === 'wizard.next') expect(view.snapshot.context.built.daysPractice).toBe(9)
      },
      'editing.students': (view: View) => {
        atStep('students')(view)
        // a file's addresses join the typed ones, each once
        if (view.event.type === 'students.add' && !view.ignored) {
          const { users } = view.snapshot.context.built
          expect(users).toContain('dee@example.com')
          expect(users.filter((email) => email === 'ana@example.com')).toHaveLength(1)
        }
        if (view.event.type === 'wizard.skipGoals' && !view.ignored) expect(view.snapshot.context.built.goals).toBe(false)
        // a draft reopens where it was left, with what it was given
        if (view.event.type === 'xstate.done.actor.loadDraft') {
          expect(view.snapshot.context.built).toMatchObject({ id: 12, teacher: 'edna@example.com', users: ['cy@example.com'], consent: false, goals: false })
        }
      },
      'editing.overview': (view: View) => {
        atStep('overview')(view)
        if (view.event.type === 'students.remove' && !view.ignored) expect(view.snapshot.context.built.users).not.toContain('ana@example.com')
        if (view.event.type === 'xstate.error.actor.createClass') expect(view.snapshot.context.error).toEqual(expectedFailure(errorOf(view.event)))
      },
      confirming: (view: View) => {
        notBusy(view)
        noStepEffects(view)
      },
      creating: (view: View) => {
        const { snapshot } = view
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.createClass).toBeDefined()
        expect(snapshot.context.error).toBeNull()
        noStepEffects(view)
      },
      savingDraft: (view: View) => {
        const { snapshot } = view
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.children.saveDraft).toBeDefined()
        noStepEffects(view)
      },
      cancelling: (view: View) => {
        notBusy(view)
        noStepEffects(view)
      },
      created: ended('created'),
      draftSaved: ended('draftSaved'),
      discarded: ended(null),
    },
  }),
)

describe('classWizardMachine with actors', () => {
  it('saves a draft at the step it was left, then finishes it with what was given', async () => {
    const calls: SaveClassInput[] = []
    const actor = createActor(
      classWizardMachine.provide({
        actors: {
          saveClass: fromPromise<ClassGroup, SaveClassInput>(async ({ input }) => {
            calls.push(input)
            return draft
          }),
        },
      }),
      { input: { organizationId: 7, asTeacher: false, built: fresh } },
    ).start()
    actor.send({ type: 'wizard.update', changes: { className: 'Grade 7 B' } })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.skipGoals' })
    actor.send({ type: 'wizard.saveDraft' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ organizationId: 7, asTeacher: false, isDraft: true, built: { ...fresh, className: 'Grade 7 B', goals: false, step: 'students' } }])
  })

  it('does not go past the details while the name is missing, nor jump ahead by the address bar', () => {
    const actor = createActor(classWizardMachine, { input: { organizationId: 7, asTeacher: false, built: fresh } }).start()
    actor.send({ type: 'wizard.goTo', step: 'overview' })
    expect(actor.getSnapshot().value).toEqual({ editing: { details: 'editing' } })
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toEqual({ editing: { details: 'invalid' } })
  })
})
