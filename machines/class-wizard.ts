import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, ClassBeingBuilt, ClassGroup, LoadDraftInput, SaveClassInput, WizardStep } from './types'

/**
 * The class creation wizard (spec 001 §2 Creation wizard, §3 Class being built, §4 Draft and Wizard):
 * details → goals (skippable) → add students → overview → the yes/no confirmation → created. "Save and
 * finish later" saves a draft from any step and the draft reopens at that step; cancel asks before
 * discarding. The class being built is all in the context. What the wizard does outside itself is
 * named here and given by the screen (`machine.provide`), so a test or the visualizer sees it all:
 * each step is shown in the address (`showStep`) and the browser's back and forward buttons send the
 * address's step back (`followAddress`, as `wizard.goTo`); the class being built is kept across a
 * reload after every change (`keepClass`) and forgotten at the end (`forgetClass`); the end is told
 * (`announce`) and the class list shown (`showClassList`).
 */

export interface ClassWizardContext {
  organizationId: number
  /** A teacher builds it: they own it and give no teacher e-mail (§6). */
  asTeacher: boolean
  built: ClassBeingBuilt
  /** Why the last save or load was refused. */
  error: ApiFailure | null
}

export interface ClassWizardInput {
  organizationId: number
  asTeacher: boolean
  /** A new class (today's defaults), the one a reload restored, or only the id of a draft to read (no name yet). */
  built: ClassBeingBuilt
}

export type ClassWizardEvent =
  | { type: 'wizard.update'; changes: Partial<Omit<ClassBeingBuilt, 'id' | 'key' | 'step'>> }
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.skipGoals' }
  | { type: 'wizard.goTo'; step: WizardStep }
  | { type: 'wizard.saveDraft' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.keep' }
  | { type: 'wizard.discard' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.confirm' }
  | { type: 'wizard.back' }
  | { type: 'wizard.retry' }
  | { type: 'students.remove'; email: string }
  | { type: 'students.add'; emails: string[] }

/** The HTML spec's e-mail pattern (as the tags input's). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** Why the details step cannot go on, by field (none: it can). Spec §5. */
export function detailsProblems(built: ClassBeingBuilt, asTeacher: boolean) {
  return {
    className: built.className.trim() === '',
    teacher: !asTeacher && !EMAIL.test(built.teacher.trim()),
    startDate: built.startDate === '',
    endDate: built.endDate === '' || (built.startDate !== '' && built.endDate < built.startDate),
  }
}

const inRange = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max

/** Why the goals step cannot go on, by field. Spec §5: days 1–7, minutes 1–1000, engagement 1–365. */
export function goalsProblems(built: ClassBeingBuilt) {
  return {
    daysPractice: !inRange(built.daysPractice, 1, 7),
    minutesPractice: !inRange(built.minutesPractice, 1, 1000),
    engagementDays: built.takeAssessment && !inRange(built.engagementDays, 1, 365),
  }
}

const noProblem = (problems: Record<string, boolean>) => Object.values(problems).every((problem) => !problem)

const STEPS: readonly WizardStep[] = ['details', 'goals', 'students', 'overview']

/** A step can be opened when every step before it can go on. */
function reachable(context: ClassWizardContext, step: WizardStep) {
  const index = STEPS.indexOf(step)
  if (index >= 1 && !noProblem(detailsProblems(context.built, context.asTeacher))) return false
  if (index >= 2 && context.built.goals && !noProblem(goalsProblems(context.built))) return false
  return true
}

export const classWizardMachine = setup({
  types: {
    context: {} as ClassWizardContext,
    events: {} as ClassWizardEvent,
    input: {} as ClassWizardInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /v1/groups/{orgId}/{groupId}/ */
    loadDraft: fromPromise<ClassGroup, LoadDraftInput>(async () => {
      throw new Error('not provided: loadDraft')
    }),
    /** POST /v1/groups/{orgId}/ with the key, or PUT /v1/groups/{orgId}/{id}/ of the saved draft */
    saveClass: fromPromise<ClassGroup, SaveClassInput>(async () => {
      throw new Error('not provided: saveClass')
    }),
    /** The browser's back and forward buttons: the address's step, sent as `wizard.goTo` (none here: no address). */
    followAddress: fromCallback<ClassWizardEvent>(() => undefined),
  },
  guards: {
    /** Opened from the class list's draft: only its id is known yet. */
    isUnreadDraft: ({ context }) => context.built.id !== null && context.built.className === '',
    leftAt: ({ context }, params: { step: WizardStep }) => context.built.step === params.step,
    detailsValid: ({ context }) => noProblem(detailsProblems(context.built, context.asTeacher)),
    goalsValid: ({ context }) => noProblem(goalsProblems(context.built)),
    canGoTo: ({ context, event }, params: { step: WizardStep }) =>
      event.type === 'wizard.goTo' && event.step === params.step && reachable(context, params.step),
  },
  actions: {
    assignChanges: assign(({ context }, params: { changes: Partial<ClassBeingBuilt> }) => ({ built: { ...context.built, ...params.changes } })),
    enterStep: assign(({ context }, params: { step: WizardStep }) => ({ built: { ...context.built, step: params.step } })),
    setGoals: assign(({ context }, params: { goals: boolean }) => ({ built: { ...context.built, goals: params.goals } })),
    removeStudent: assign(({ context }, params: { email: string }) => ({
      built: { ...context.built, users: context.built.users.filter((email) => email !== params.email) },
    })),
    /** A file's addresses (lower-case, as the server reads them) join the typed ones, each once. */
    addStudents: assign(({ context }, params: { emails: string[] }) => ({
      built: { ...context.built, users: [...new Set([...context.built.users, ...params.emails.map((email) => email.trim().toLowerCase())])] },
    })),
    assignDraft: assign(({ context }, params: { group: ClassGroup }) => {
      const { group } = params
      const goals = group.assignment
      return {
        built: {
          ...context.built,
          id: group.id,
          className: group.name,
          startDate: group.start_date,
          endDate: group.end_date,
          teacher: group.draft?.teacher_email ?? group.owner?.email ?? '',
          goals: goals !== null,
          daysPractice: goals?.practice_days_per_week ?? context.built.daysPractice,
          minutesPractice: goals?.practice_minutes_per_day ?? context.built.minutesPractice,
          takeAssessment: goals ? goals.test_before_class_stats !== null : context.built.takeAssessment,
          engagementDays: goals?.test_before_class_stats ?? context.built.engagementDays,
          users: group.draft?.students ?? [],
          consent: group.draft?.consent ?? true,
          step: group.draft?.step ?? 'details',
        },
      }
    }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The address shows the step (?step=), a new entry in the browser's history when it changes. */
    showStep: (_, _params: { step: WizardStep }) => undefined,
    /** The class being built is kept where a reload finds it (the screen's sessionStorage). */
    keepClass: (_, _params: { built: ClassBeingBuilt }) => undefined,
    /** What a reload would have found is dropped: the class was created, saved or discarded. */
    forgetClass: () => undefined,
    /** The success message of the end reached. */
    announce: (_, _params: { outcome: 'created' | 'draftSaved' }) => undefined,
    /** The class list is shown. */
    showClassList: () => undefined,
  },
}).createMachine({
  id: 'classWizard',
  description: 'Build a class step by step: details, goals, students, overview; create it with its invitations, or save a draft.',
  context: ({ input }) => ({ organizationId: input.organizationId, asTeacher: input.asTeacher, built: input.built, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A draft opened from the class list is read first; a new or restored class goes to its step.',
      always: [{ guard: 'isUnreadDraft', target: 'loading' }, { target: 'resuming' }],
    },
    loading: {
      description: 'The saved draft is read, with what its wizard was given.',
      tags: ['busy'],
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.built.id ?? 0 }),
        onDone: { target: 'resuming', actions: { type: 'assignDraft', params: ({ event }) => ({ group: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The draft could not be read: try again, or leave.',
      on: {
        'wizard.retry': { target: 'loading', actions: 'clearError' },
        'wizard.discard': { target: 'discarded' },
      },
    },
    resuming: {
      description: 'Back to the step the class was left at.',
      always: [
        { guard: { type: 'leftAt', params: { step: 'goals' } }, target: 'editing.goals' },
        { guard: { type: 'leftAt', params: { step: 'students' } }, target: 'editing.students' },
        { guard: { type: 'leftAt', params: { step: 'overview' } }, target: 'editing.overview' },
        { target: 'editing.details' },
      ],
    },
    editing: {
      description: 'The steps. Whatever is typed is kept in the class being built, and kept across a reload.',
      initial: 'details',
      invoke: { id: 'followAddress', src: 'followAddress' },
      on: {
        'wizard.update': {
          actions: [
            { type: 'assignChanges', params: ({ event }) => ({ changes: event.changes }) },
            { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
          ],
        },
        'wizard.saveDraft': { target: 'savingDraft', actions: 'clearError' },
        'wizard.cancel': { target: 'cancelling' },
        'wizard.goTo': [
          { guard: { type: 'canGoTo', params: { step: 'details' } }, target: '.details' },
          { guard: { type: 'canGoTo', params: { step: 'goals' } }, target: '.goals' },
          { guard: { type: 'canGoTo', params: { step: 'students' } }, target: '.students' },
          { guard: { type: 'canGoTo', params: { step: 'overview' } }, target: '.overview' },
        ],
      },
      states: {
        details: {
          description: "Class name ('Please provide a team/class name'), teacher e-mail (not for teachers), start today, end 30 days later.",
          entry: [
            { type: 'enterStep', params: { step: 'details' } },
            { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
            { type: 'showStep', params: { step: 'details' } },
          ],
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: 'Next was pressed with a field missing or wrong: the fields say why.' },
          },
          on: {
            'wizard.next': [{ guard: 'detailsValid', target: 'goals' }, { target: '.invalid' }],
          },
        },
        goals: {
          description: 'Days of practice a week (1–7, 5), minutes a day (1–1000, 10), the assessment (on) with its engagement days (3); or "I\'ll do this later".',
          entry: [
            { type: 'enterStep', params: { step: 'goals' } },
            { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
            { type: 'showStep', params: { step: 'goals' } },
          ],
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: 'A goal is out of its range: the fields say why.' },
          },
          on: {
            'wizard.next': [{ guard: 'goalsValid', target: 'students', actions: { type: 'setGoals', params: { goals: true } } }, { target: '.invalid' }],
            'wizard.skipGoals': { target: 'students', actions: { type: 'setGoals', params: { goals: false } } },
            'wizard.previous': { target: 'details' },
          },
        },
        students: {
          description: "The students' e-mails, typed or pasted as tags or read from a file, and consent (auto-join, on by default).",
          entry: [
            { type: 'enterStep', params: { step: 'students' } },
            { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
            { type: 'showStep', params: { step: 'students' } },
          ],
          on: {
            'students.add': {
              description: "A file's addresses, read by the file import, join the typed ones.",
              actions: [
                { type: 'addStudents', params: ({ event }) => ({ emails: event.emails }) },
                { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
              ],
            },
            'wizard.next': { target: 'overview' },
            'wizard.previous': { target: 'goals' },
          },
        },
        overview: {
          description: 'Name, dates, teacher, goals, the students (a list where they can be removed), and an edit shortcut to each step.',
          entry: [
            { type: 'enterStep', params: { step: 'overview' } },
            { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
            { type: 'showStep', params: { step: 'overview' } },
          ],
          on: {
            'wizard.previous': { target: 'students' },
            'students.remove': {
              actions: [
                { type: 'removeStudent', params: ({ event }) => ({ email: event.email }) },
                { type: 'keepClass', params: ({ context }) => ({ built: context.built }) },
              ],
            },
            'wizard.submit': { target: '#classWizard.confirming' },
          },
        },
      },
    },
    confirming: {
      description: 'Yes or no: its text says whether students are enrolled at once (consent), invited to accept, or none given.',
      on: {
        'wizard.confirm': { target: 'creating', actions: 'clearError' },
        'wizard.back': { target: 'editing.overview' },
      },
    },
    creating: {
      description: 'The class, its goals, teacher and students, in one call with their invitations.',
      tags: ['busy'],
      invoke: {
        id: 'createClass',
        src: 'saveClass',
        input: ({ context }) => ({ organizationId: context.organizationId, asTeacher: context.asTeacher, built: context.built, isDraft: false }),
        onDone: { target: 'created' },
        onError: {
          description: 'Refused (a bad address, a date) or no answer: the overview says why.',
          target: 'editing.overview',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    savingDraft: {
      description: '"Save and finish later": the class is saved as a draft with the step it was left at; nobody is invited.',
      tags: ['busy'],
      invoke: {
        id: 'saveDraft',
        src: 'saveClass',
        input: ({ context }) => ({ organizationId: context.organizationId, asTeacher: context.asTeacher, built: context.built, isDraft: true }),
        onDone: { target: 'draftSaved' },
        onError: { target: 'resuming', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    cancelling: {
      description: 'Discard what was entered? Nothing of it was saved.',
      on: {
        'wizard.keep': { target: 'resuming' },
        'wizard.discard': { target: 'discarded' },
      },
    },
    created: {
      description: 'Step 5: created; a success message and the class list.',
      type: 'final',
      entry: ['forgetClass', { type: 'announce', params: { outcome: 'created' } }, 'showClassList'],
    },
    draftSaved: {
      description: 'The draft was saved; a message and the class list.',
      type: 'final',
      entry: ['forgetClass', { type: 'announce', params: { outcome: 'draftSaved' } }, 'showClassList'],
    },
    discarded: {
      description: 'Cancelled: the class being built is dropped and the list shows again.',
      type: 'final',
      entry: ['forgetClass', 'showClassList'],
    },
  },
})
