import { fromPromise } from 'xstate'
import type { ClassGroup, ClassGroupPage, ClassListInput, CreateClassInput, DeleteClassesInput, DeleteClassesOutput } from '../../machines/types'
import { api, unwrap } from './client'

/** The actors of the class list and the create-class dialog (machines class-list and class-create). */

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

/** The class, then its goals. */
export const createClass = fromPromise<ClassGroup, CreateClassInput>(async ({ input, signal }) => {
  const group = await unwrap(api.POST('/v1/groups/{orgId}/', { params: { path: { orgId: input.organizationId } }, body: input.details, signal }))
  await unwrap(api.POST('/v1/assignments/{groupId}/', { params: { path: { groupId: group.id } }, body: input.goals, signal }))
  return group
})
