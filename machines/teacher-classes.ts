import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  AssignTeacherClassesInput,
  AssignTeacherClassesOutput,
  ClassGroup,
  RemoveTeacherInput,
  TeacherClasses,
  TeacherClassesInput,
} from './types'

/**
 * The teacher-only actions of an organization user's profile (spec 000 §2; §5 "Assign teacher to
 * class: at least one class selected"; §6 removing a teacher from a class asks first): the classes the
 * teacher owns are loaded with those to choose from; the admin assigns the teacher to the classes
 * ticked (one call per class), or removes the teacher from one class after a confirmation.
 */

export interface TeacherClassesContext extends TeacherClassesInput {
  classes: TeacherClasses | null
  /** The classes ticked in the assign dialog (ids). */
  selected: number[]
  /** The class the teacher is being removed from. */
  removing: ClassGroup | null
  error: ApiFailure | null
  actionError: ApiFailure | null
}

export type TeacherClassesEvent =
  | { type: 'classes.retry' }
  | { type: 'assign.open' }
  | { type: 'assign.select'; ids: number[] }
  | { type: 'assign.submit' }
  | { type: 'classes.remove'; group: ClassGroup }
  | { type: 'remove.confirm' }
  | { type: 'dialog.cancel' }

export const teacherClassesMachine = setup({
  types: {
    context: {} as TeacherClassesContext,
    events: {} as TeacherClassesEvent,
    input: {} as TeacherClassesInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /v1/groups/{orgId}/?owner={teacher} and GET /v1/groups/{orgId}/ */
    loadTeacherClasses: fromPromise<TeacherClasses, TeacherClassesInput>(async () => {
      throw new Error('not provided: loadTeacherClasses')
    }),
    /** POST /v1/groups/{groupId}/teacher {email} for each class ticked */
    assignTeacherClasses: fromPromise<AssignTeacherClassesOutput, AssignTeacherClassesInput>(async () => {
      throw new Error('not provided: assignTeacherClasses')
    }),
    /** DELETE /v1/groups/{groupId}/teacher */
    removeTeacher: fromPromise<ClassGroup, RemoveTeacherInput>(async () => {
      throw new Error('not provided: removeTeacher')
    }),
  },
  guards: {
    /** §5: at least one class ticked. */
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    assignClasses: assign((_, params: { classes: TeacherClasses }) => ({ classes: params.classes, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignSelection: assign((_, params: { ids: number[] }) => ({ selected: params.ids })),
    openDialog: assign({ selected: [], actionError: null }),
    assignRemoving: assign((_, params: { group: ClassGroup }) => ({ removing: params.group, actionError: null })),
    clearRemoving: assign({ removing: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    /** The view says how many classes the teacher got (and whether some could not be changed). */
    announceAssigned: (_, _params: AssignTeacherClassesOutput) => undefined,
    /** The view says the teacher left the class. */
    announceRemoved: (_, _params: { group: ClassGroup | null }) => undefined,
  },
}).createMachine({
  id: 'teacherClasses',
  description: "A teacher's classes on their profile: assigned to more (at least one), removed from one after a confirmation.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    teacher: input.teacher,
    classes: null,
    selected: [],
    removing: null,
    error: null,
    actionError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The teacher's classes and the organization's classes are loaded.",
      tags: ['busy'],
      invoke: {
        id: 'loadTeacherClasses',
        src: 'loadTeacherClasses',
        input: ({ context }) => ({ organizationId: context.organizationId, teacher: context.teacher }),
        onDone: { target: 'ready', actions: { type: 'assignClasses', params: ({ event }) => ({ classes: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The classes could not be loaded: the view offers to try again.',
      on: { 'classes.retry': { target: 'loading' } },
    },
    ready: {
      description: "The teacher's classes, each with a remove button, and the assign button.",
      on: {
        'assign.open': { target: 'choosing', actions: 'openDialog' },
        'classes.remove': { target: 'confirmingRemove', actions: { type: 'assignRemoving', params: ({ event }) => ({ group: event.group }) } },
      },
    },
    choosing: {
      description: 'The assign dialog: the classes the teacher does not own, to tick.',
      on: {
        'assign.select': { actions: { type: 'assignSelection', params: ({ event }) => ({ ids: event.ids }) } },
        'assign.submit': { description: 'At least one class must be ticked (§5).', guard: 'hasSelection', target: 'assigning' },
        'dialog.cancel': { target: 'ready' },
      },
    },
    assigning: {
      description: 'The teacher is assigned to each class ticked, one call per class.',
      tags: ['busy'],
      invoke: {
        id: 'assignTeacherClasses',
        src: 'assignTeacherClasses',
        input: ({ context }) => ({ organizationId: context.organizationId, teacher: context.teacher, groupIds: context.selected }),
        onDone: { target: 'loading', actions: { type: 'announceAssigned', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingRemove: {
      description: 'The confirmation names the teacher and the class; nothing changes before it.',
      on: {
        'remove.confirm': { target: 'removing' },
        'dialog.cancel': { target: 'ready', actions: 'clearRemoving' },
      },
    },
    removing: {
      description: 'The class has no teacher afterwards.',
      tags: ['busy'],
      invoke: {
        id: 'removeTeacher',
        src: 'removeTeacher',
        input: ({ context }) => ({ organizationId: context.organizationId, groupId: (context.removing as ClassGroup).id }),
        onDone: { target: 'loading', actions: [{ type: 'announceRemoved', params: ({ context }) => ({ group: context.removing }) }, 'clearRemoving'] },
        onError: { target: 'confirmingRemove', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
