import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { classWizardMachine } from '../../machines/class-wizard'
import type { ClassBeingBuilt, ClassGroup, SaveClassInput, WizardStep } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ExpectedEdges, ModelEvent, StepView } from './harness'

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

/**
 * The events, each typed value offered once: a change of the class being built makes a new context, and
 * offering it again in every context multiplied the graph (32,193 paths) without reaching another state
 * or transition. The name is typed while it is missing, the out-of-range days while they are the
 * default, the file's addresses until they are in, the overview's removal while the address is there.
 */
const typeName: ModelEvent<M> = { type: 'wizard.update', changes: { className: 'Grade 7 B' } }
const typeTooManyDays: ModelEvent<M> = { type: 'wizard.update', changes: { daysPractice: 9 } }
const removeAna: ModelEvent<M> = { type: 'students.remove', email: 'ana@example.com' }
const addFile: ModelEvent<M> = { type: 'students.add', emails: ['Dee@example.com', 'ana@example.com'] }
const events = (snapshot: SnapshotFrom<M>): ModelEvent<M>[] => {
  const { built } = snapshot.context
  return [
    ...(built.className === '' ? [typeName] : []),
    ...(built.daysPractice === 5 ? [typeTooManyDays] : []),
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
    ...(built.users.includes('ana@example.com') ? [removeAna] : []),
    ...(built.users.includes('dee@example.com') ? [] : [addFile]),
    done('loadDraft', draft),
    failed('loadDraft', gone),
    done('createClass', draft),
    failed('createClass', badAddress),
    done('saveDraft', draft),
    failed('saveDraft', badAddress),
  ]
}

/**
 * Spec 001 §5, for the values these tests type: the details can go on with a name and, from an admin, a
 * teacher's e-mail; the goals with 1–7 days a week (the other bounds are in bounds.test.ts).
 */
const detailsOk = ({ context }: SnapshotFrom<M>) => context.built.className.trim() !== '' && (context.asTeacher || context.built.teacher !== '')
const goalsOk = ({ context }: SnapshotFrom<M>) => context.built.daysPractice >= 1 && context.built.daysPractice <= 7
/** The state of a step as it opens. */
const opened = { details: 'editing.details.editing', goals: 'editing.goals.editing', students: 'editing.students', overview: 'editing.overview' } as const
/**
 * The address's step opens when every step before it can go on (spec 001 §2: the steps in order;
 * goals skipped need no valid goals); the steps' own buttons are written per step below.
 */
const goTo = (event: ModelEvent<M>, snapshot: SnapshotFrom<M>): string | null => {
  const step = (event as { step: WizardStep }).step
  if (step === 'details') return opened.details
  if (!detailsOk(snapshot)) return null
  if (step === 'goals') return opened.goals
  return !snapshot.context.built.goals || goalsOk(snapshot) ? opened[step] : null
}
const userEvents = [
  'wizard.update', 'wizard.next', 'wizard.previous', 'wizard.skipGoals', 'wizard.goTo', 'wizard.saveDraft', 'wizard.cancel', 'wizard.keep',
  'wizard.discard', 'wizard.submit', 'wizard.confirm', 'wizard.back', 'wizard.retry', 'students.remove', 'students.add',
]
/** The user events a state takes, where they lead; every other one is refused. */
const takes = (rules: ExpectedEdges<M>[string]): ExpectedEdges<M>[string] => ({ ...Object.fromEntries(userEvents.map((type) => [type, null])), ...rules })
/** In every step: typing stays, "Save and finish later" saves a draft, cancel asks first, the address moves. */
const step = (here: string, rules: ExpectedEdges<M>[string]) =>
  takes({ 'wizard.update': here, 'wizard.saveDraft': 'savingDraft', 'wizard.cancel': 'cancelling', 'wizard.goTo': goTo, ...rules })
/** Back to the step the class was left at (a draft reopens there, spec 001 §4). */
const leftAt = (_: unknown, snapshot: SnapshotFrom<M>) => opened[snapshot.context.built.step]

const edges: ExpectedEdges<M> = {
  loading: takes({ 'xstate.done.actor.loadDraft': opened[draft.draft!.step], 'xstate.error.actor.loadDraft': 'loadFailed' }),
  loadFailed: takes({ 'wizard.retry': 'loading', 'wizard.discard': 'discarded' }),
  'editing.details.editing': step('editing.details.editing', { 'wizard.next': (_, s) => (detailsOk(s) ? opened.goals : 'editing.details.invalid') }),
  'editing.details.invalid': step('editing.details.invalid', { 'wizard.next': (_, s) => (detailsOk(s) ? opened.goals : 'editing.details.invalid') }),
  'editing.goals.editing': step('editing.goals.editing', {
    'wizard.next': (_, s) => (goalsOk(s) ? opened.students : 'editing.goals.invalid'),
    'wizard.skipGoals': opened.students,
    'wizard.previous': opened.details,
  }),
  'editing.goals.invalid': step('editing.goals.invalid', {
    'wizard.next': (_, s) => (goalsOk(s) ? opened.students : 'editing.goals.invalid'),
    'wizard.skipGoals': opened.students,
    'wizard.previous': opened.details,
  }),
  'editing.students': step('editing.students', { 'students.add': 'editing.students', 'wizard.next': opened.overview, 'wizard.previous': opened.goals }),
  'editing.overview': step('editing.overview', { 'students.remove': 'editing.overview', 'wizard.previous': opened.students, 'wizard.submit': 'confirming' }),
  confirming: takes({ 'wizard.confirm': 'creating', 'wizard.back': opened.overview }),
  creating: takes({ 'xstate.done.actor.createClass': 'created', 'xstate.error.actor.createClass': opened.overview }),
  savingDraft: takes({ 'xstate.done.actor.saveDraft': 'draftSaved', 'xstate.error.actor.saveDraft': leftAt }),
  cancelling: takes({ 'wizard.keep': leftAt, 'wizard.discard': 'discarded' }),
  created: {},
  draftSaved: {},
  discarded: {},
}

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
    events,
    simplePaths: { skip: 'every typed change makes a new context; the shortest paths, each followed by every event of its last state, cover the graph' },
    // spec 001 §2 Creation wizard, §4 Draft and Wizard
    edges,
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
