import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  AssignTeacherInput,
  ClassDetailsForm,
  ClassGoals,
  ClassGroup,
  ClassRef,
  LoadClassInput,
  RemoveTeacherInput,
  SaveClassDetailsInput,
  SaveGoalsInput,
} from './types'

/**
 * One class's page (spec 001 §2 Class details): the class is loaded; its editors change its details
 * in edit mode ("class updated"; saving makes a draft a class, §4) and set its goals; admins assign
 * its teacher by e-mail (a pending teacher when the address has no teacher account) or remove the
 * teacher after a confirmation (§6). Every change answers the class as it is now.
 */

export interface ClassDetailsContext {
  organizationId: number
  groupId: number
  group: ClassGroup | null
  /** Why the class could not be loaded (404: it does not exist, or not for this person). */
  error: ApiFailure | null
  /** Why the last change was refused (shown in its form). */
  actionError: ApiFailure | null
  /** What is being saved. */
  details: SaveClassDetailsInput['details'] | null
  teacher: string | undefined
  goals: ClassGoals | null
  email: string | null
}

export type ClassDetailsEvent =
  | { type: 'class.retry' }
  | { type: 'class.reload' }
  | { type: 'class.edit' }
  | { type: 'edit.save'; details: ClassDetailsForm; teacher?: string }
  | { type: 'goals.edit' }
  | { type: 'goals.save'; goals: ClassGoals }
  | { type: 'teacher.assign' }
  | { type: 'teacher.submit'; email: string }
  | { type: 'teacher.remove' }
  | { type: 'remove.confirm' }
  | { type: 'form.cancel' }

export const classDetailsMachine = setup({
  types: {
    context: {} as ClassDetailsContext,
    events: {} as ClassDetailsEvent,
    input: {} as ClassRef,
    tags: {} as 'busy' | 'form',
  },
  actors: {
    /** GET /v1/groups/{orgId}/{groupId}/ */
    loadClass: fromPromise<ClassGroup, LoadClassInput>(async () => {
      throw new Error('not provided: loadClass')
    }),
    /** PUT /v1/groups/{orgId}/{groupId}/, then the teacher call when the address changed */
    saveClass: fromPromise<ClassGroup, SaveClassDetailsInput>(async () => {
      throw new Error('not provided: saveClass')
    }),
    /** POST /v1/assignments/{groupId}/, then the class again */
    saveGoals: fromPromise<ClassGroup, SaveGoalsInput>(async () => {
      throw new Error('not provided: saveGoals')
    }),
    /** POST /v1/groups/{groupId}/teacher {email} */
    assignTeacher: fromPromise<ClassGroup, AssignTeacherInput>(async () => {
      throw new Error('not provided: assignTeacher')
    }),
    /** DELETE /v1/groups/{groupId}/teacher */
    removeTeacher: fromPromise<ClassGroup, RemoveTeacherInput>(async () => {
      throw new Error('not provided: removeTeacher')
    }),
  },
  guards: {
    /** Only a class with a teacher or a pending one has one to remove. */
    hasTeacher: ({ context }) => context.group !== null && (context.group.owner !== null || context.group.pending_teacher !== null),
  },
  actions: {
    assignGroup: assign((_, params: { group: ClassGroup }) => ({ group: params.group, error: null, actionError: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    clearActionError: assign({ actionError: null }),
    assignDetails: assign((_, params: { details: ClassDetailsForm; teacher?: string }) => ({ details: params.details, teacher: params.teacher })),
    assignGoals: assign((_, params: { goals: ClassGoals }) => ({ goals: params.goals })),
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email })),
    /** The view says "class updated" (a toast). */
    announceUpdated: () => undefined,
    /** The view says the goals were saved. */
    announceGoalsSaved: () => undefined,
    /** The view says the teacher was assigned, or invited (the class shows a pending teacher). */
    announceTeacher: (_, _params: { group: ClassGroup }) => undefined,
    /** The view says the teacher was removed. */
    announceTeacherRemoved: () => undefined,
  },
}).createMachine({
  id: 'classDetails',
  description: "A class's page: its overview and students, edited by its editors, its teacher chosen by admins.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    groupId: input.groupId,
    group: null,
    error: null,
    actionError: null,
    details: null,
    teacher: undefined,
    goals: null,
    email: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The class is loaded (again after a change elsewhere on the page, keeping what is shown).',
      tags: ['busy'],
      invoke: {
        id: 'loadClass',
        src: 'loadClass',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId }),
        onDone: { target: 'viewing', actions: { type: 'assignGroup', params: ({ event }) => ({ group: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The class could not be loaded: it does not exist for this person (404), or there was no answer (retry).',
      on: { 'class.retry': { target: 'loading' } },
    },
    viewing: {
      description: 'The header, the side menu and the tab chosen; the edit icon, goals and teacher actions for those who may.',
      on: {
        'class.reload': { description: 'Students were added or removed: the counts follow.', target: 'loading' },
        'class.edit': { target: 'editing', actions: 'clearActionError' },
        'goals.edit': { target: 'editingGoals', actions: 'clearActionError' },
        'teacher.assign': { target: 'choosingTeacher', actions: 'clearActionError' },
        'teacher.remove': { description: 'Removing the teacher asks first (§6).', guard: 'hasTeacher', target: 'confirmingTeacherRemoval', actions: 'clearActionError' },
      },
    },
    editing: {
      description: 'Edit mode: name, start and end dates, and for admins the teacher.',
      tags: ['form'],
      on: {
        'edit.save': {
          target: 'savingDetails',
          actions: { type: 'assignDetails', params: ({ event }) => ({ details: event.details, teacher: event.teacher }) },
        },
        'form.cancel': { target: 'viewing' },
      },
    },
    savingDetails: {
      description: 'The details are saved; the class is a draft no more.',
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveClass',
        src: 'saveClass',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          groupId: context.groupId,
          details: context.details ?? { name: '', start_date: '', end_date: '' },
          teacher: context.teacher,
        }),
        onDone: { target: 'viewing', actions: [{ type: 'assignGroup', params: ({ event }) => ({ group: event.output }) }, 'announceUpdated'] },
        onError: { target: 'editing', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editingGoals: {
      description: 'The goals form: days a week, minutes a day, the assessment and its engagement days.',
      tags: ['form'],
      on: {
        'goals.save': { target: 'savingGoals', actions: { type: 'assignGoals', params: ({ event }) => ({ goals: event.goals }) } },
        'form.cancel': { target: 'viewing' },
      },
    },
    savingGoals: {
      description: 'The goals are saved.',
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveGoals',
        src: 'saveGoals',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          groupId: context.groupId,
          goals: context.goals ?? { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 },
        }),
        onDone: { target: 'viewing', actions: [{ type: 'assignGroup', params: ({ event }) => ({ group: event.output }) }, 'announceGoalsSaved'] },
        onError: { target: 'editingGoals', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    choosingTeacher: {
      description: "The assign-teacher dialog takes the teacher's e-mail.",
      tags: ['form'],
      on: {
        'teacher.submit': { target: 'assigningTeacher', actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) } },
        'form.cancel': { target: 'viewing' },
      },
    },
    assigningTeacher: {
      description: 'A teacher of the organization takes the class; anyone else is invited to it as its pending teacher.',
      tags: ['busy', 'form'],
      invoke: {
        id: 'assignTeacher',
        src: 'assignTeacher',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId, email: context.email ?? '' }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignGroup', params: ({ event }) => ({ group: event.output }) },
            { type: 'announceTeacher', params: ({ event }) => ({ group: event.output }) },
          ],
        },
        onError: { target: 'choosingTeacher', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingTeacherRemoval: {
      description: 'The confirmation names the class; nothing changes before it.',
      tags: ['form'],
      on: {
        'remove.confirm': { target: 'removingTeacher' },
        'form.cancel': { target: 'viewing' },
      },
    },
    removingTeacher: {
      description: 'The teacher (or the pending invitation) is removed; the class has none.',
      tags: ['busy', 'form'],
      invoke: {
        id: 'removeTeacher',
        src: 'removeTeacher',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: context.groupId }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'assignGroup', params: ({ event }) => ({ group: event.output }) }, 'announceTeacherRemoved'],
        },
        onError: { target: 'confirmingTeacherRemoval', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
