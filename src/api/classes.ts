import { fromPromise } from 'xstate'
import type { ClassGroup, ClassGroupPage, ClassListInput, DeleteClassesInput, DeleteClassesOutput, LoadDraftInput, SaveClassInput } from '../../machines/types'
import { api, unwrap } from './client'

/** The actors of the class list and the creation wizard (machines class-list and class-wizard). */

export const loadClasses = fromPromise<ClassGroupPage, ClassListInput>(({ input, signal }) => {
  const { page, status, search } = input.query
  return unwrap(
    api.GET('/v1/groups/{orgId}/', {
      params: { path: { orgId: input.organizationId }, query: { page, status, ...(search.trim() ? { search: search.trim() } : {}) } },
      signal,
    }),
  )
})

/** One call per class (spec §7); a refused one does not stop the others, and is reported. */
export const deleteClasses = fromPromise<DeleteClassesOutput, DeleteClassesInput>(async ({ input, signal }) => {
  const outcomes = await Promise.allSettled(
    input.ids.map((groupId) =>
      unwrap(api.DELETE('/v1/groups/{orgId}/{groupId}/', { params: { path: { orgId: input.organizationId, groupId } }, signal })),
    ),
  )
  return {
    deleted: input.ids.filter((_, index) => outcomes[index]?.status === 'fulfilled'),
    failed: input.ids.filter((_, index) => outcomes[index]?.status === 'rejected'),
  }
})

export const loadDraft = fromPromise<ClassGroup, LoadDraftInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/groups/{orgId}/{groupId}/', { params: { path: { orgId: input.organizationId, groupId: input.groupId } }, signal })),
)

/**
 * The class being built as the creation call takes it: one call with the teacher, goals and students
 * (the server invites them in the same transaction, or saves them with a draft). A saved draft is updated
 * (PUT), which finishes it unless it stays a draft; a new class carries the wizard's idempotency key.
 */
export const saveClass = fromPromise<ClassGroup, SaveClassInput>(({ input, signal }) => {
  const { built, asTeacher, isDraft } = input
  const fields = {
    name: built.className,
    start_date: built.startDate,
    end_date: built.endDate,
    ...(asTeacher ? {} : { teacher_email: built.teacher.trim() === '' ? null : built.teacher.trim() }),
    goals: built.goals
      ? {
          practice_days_per_week: built.daysPractice,
          practice_minutes_per_day: built.minutesPractice,
          test_before_class_stats: built.takeAssessment ? built.engagementDays : null,
        }
      : null,
    students: built.users,
    consent: built.consent,
    step: built.step,
  }
  if (built.id !== null) {
    const body = isDraft ? { ...fields, is_draft: true } : fields
    return unwrap(api.PUT('/v1/groups/{orgId}/{groupId}/', { params: { path: { orgId: input.organizationId, groupId: built.id } }, body, signal }))
  }
  return unwrap(api.POST('/v1/groups/{orgId}/', { params: { path: { orgId: input.organizationId } }, body: { ...fields, is_draft: isDraft, key: built.key }, signal }))
})
