import { fromPromise } from 'xstate'
import type {
  AddClassStudentsInput,
  AddClassStudentsOutput,
  AssignTeacherClassesInput,
  AssignTeacherClassesOutput,
  AssignTeacherInput,
  ClassGroup,
  GroupMember,
  GroupStudentPage,
  LoadClassInput,
  LoadClassStudentsInput,
  LoadPendingInvitesInput,
  PendingInvitationPage,
  RemoveClassStudentInput,
  RemoveTeacherInput,
  RevokeInvitationInput,
  SaveClassDetailsInput,
  SaveGoalsInput,
  TeacherClasses,
  TeacherClassesInput,
} from '../../machines/types'
import { api, unwrap } from './client'
import { classInvitesRequest, classRequest } from './first-reads'

/** The actors of the class details flows (machines class-details, class-students, class-add-students, teacher-classes). */

const getClass = (organizationId: number, groupId: number, signal?: AbortSignal) => unwrap(classRequest(organizationId, groupId, { signal }))

export const loadClass = fromPromise<ClassGroup, LoadClassInput>(({ input, signal }) => getClass(input.organizationId, input.groupId, signal))

/** The details; then the teacher when an admin typed another address (none: the teacher is removed). */
export const saveClass = fromPromise<ClassGroup, SaveClassDetailsInput>(async ({ input, signal }) => {
  const saved = await unwrap(
    api.PUT('/v1/groups/{orgId}/{groupId}/', { params: { path: { orgId: input.organizationId, groupId: input.groupId } }, body: input.details, signal }),
  )
  if (input.teacher === undefined) return saved
  const email = input.teacher.trim().toLowerCase()
  const current = (saved.owner?.email ?? saved.pending_teacher ?? '').toLowerCase()
  if (email === current) return saved
  if (!email) return unwrap(api.DELETE('/v1/groups/{groupId}/teacher', { params: { path: { groupId: input.groupId } }, signal }))
  return unwrap(api.POST('/v1/groups/{groupId}/teacher', { params: { path: { groupId: input.groupId } }, body: { email }, signal }))
})

export const saveGoals = fromPromise<ClassGroup, SaveGoalsInput>(async ({ input, signal }) => {
  await unwrap(api.POST('/v1/assignments/{groupId}/', { params: { path: { groupId: input.groupId } }, body: input.goals, signal }))
  return getClass(input.organizationId, input.groupId, signal)
})

export const assignTeacher = fromPromise<ClassGroup, AssignTeacherInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/groups/{groupId}/teacher', { params: { path: { groupId: input.groupId } }, body: { email: input.email }, signal })),
)

export const removeTeacher = fromPromise<ClassGroup, RemoveTeacherInput>(({ input, signal }) =>
  unwrap(api.DELETE('/v1/groups/{groupId}/teacher', { params: { path: { groupId: input.groupId } }, signal })),
)

export const loadStudents = fromPromise<GroupStudentPage, LoadClassStudentsInput>(({ input, signal }) => {
  const { search, from, to, ordering, page } = input.query
  return unwrap(
    api.GET('/v1/groups/{groupId}/users', {
      params: {
        path: { groupId: input.groupId },
        query: { page, ordering, ...(search.trim() ? { search: search.trim() } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) },
      },
      signal,
    }),
  )
})

export const removeStudent = fromPromise<void, RemoveClassStudentInput>(async ({ input, signal }) => {
  await unwrap(api.DELETE('/v1/groups/{groupId}/users/{studentId}', { params: { path: { groupId: input.groupId, studentId: input.studentId } }, signal }))
})

export const addStudents = fromPromise<AddClassStudentsOutput, AddClassStudentsInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/groups/{groupId}/users', { params: { path: { groupId: input.groupId } }, body: { emails: input.emails, consent: input.consent }, signal })),
)

/** Every student of the class (the overview's list). */
export const loadAllStudents = (groupId: number, signal?: AbortSignal): Promise<{ count: number; results: GroupMember[] }> =>
  unwrap(api.GET('/v1/groups/{groupId}/all-users', { params: { path: { groupId } }, signal }))

/** The pending-invites flow of a class: its student invitations instead of the organization's. */
export const loadClassPendingInvites = (groupId: number) =>
  fromPromise<PendingInvitationPage, LoadPendingInvitesInput>(({ input, signal }) => unwrap(classInvitesRequest(groupId, input.page, { signal })))

/** Revoking from a class's list takes only that class from the invitation (its other classes keep it). */
export const revokeClassInvitation = (groupId: number) =>
  fromPromise<void, RevokeInvitationInput>(async ({ input, signal }) => {
    await unwrap(api.DELETE('/v1/invitations/{id}/', { params: { path: { id: input.invitationId }, query: { group: groupId } }, signal }))
  })

/** Specification §9: the class list's page size; the profile shows at most this many (of each kind). */
const CLASSES = 100

export const loadTeacherClasses = fromPromise<TeacherClasses, TeacherClassesInput>(async ({ input, signal }) => {
  const path = { orgId: input.organizationId }
  const [owned, all] = await Promise.all([
    unwrap(api.GET('/v1/groups/{orgId}/', { params: { path, query: { owner: input.teacher.id, page_size: CLASSES } }, signal })),
    unwrap(api.GET('/v1/groups/{orgId}/', { params: { path, query: { page_size: CLASSES } }, signal })),
  ])
  return { owned: owned.results, all: all.results }
})

/** One call per class (spec §7 assign teacher); a refused one does not stop the others, and is reported. */
export const assignTeacherClasses = fromPromise<AssignTeacherClassesOutput, AssignTeacherClassesInput>(async ({ input, signal }) => {
  const outcomes = await Promise.allSettled(
    input.groupIds.map((groupId) =>
      unwrap(api.POST('/v1/groups/{groupId}/teacher', { params: { path: { groupId } }, body: { email: input.teacher.email }, signal })),
    ),
  )
  return {
    assigned: input.groupIds.filter((_, index) => outcomes[index]?.status === 'fulfilled'),
    failed: input.groupIds.filter((_, index) => outcomes[index]?.status === 'rejected'),
  }
})
