import { fromPromise } from 'xstate'
import type { LoadOrganizationUsersInput, MemberInput, OrganizationUser, OrganizationUserOrdering, OrganizationUserPage } from '../../machines/types'
import { api, unwrap } from './client'
import { studentRequest } from './first-reads'

/**
 * The student list and student details (spec §2), which an organization's teachers read too: given to
 * the users-table and member-profile flows (organizationUsersMachine, memberProfileMachine) in place of
 * the admins' users calls. The query's roles are the call's own (students), not sent.
 */

type StudentOrdering = Exclude<OrganizationUserOrdering, `${string}groups_count`>

/** The student list sorts by the person's columns; the class and student counts are the teachers list's. */
const isStudentOrdering = (ordering: OrganizationUserOrdering): ordering is StudentOrdering => !ordering.endsWith('groups_count')

export const loadStudents = fromPromise<OrganizationUserPage, LoadOrganizationUsersInput>(({ input, signal }) => {
  const { page, search, ordering } = input.query
  return unwrap(
    api.GET('/v1/organizations/{id}/students', {
      params: {
        path: { id: input.organizationId },
        query: { page, ...(isStudentOrdering(ordering) ? { ordering } : {}), ...(search.trim() ? { search: search.trim() } : {}) },
      },
      signal,
    }),
  )
})

export const loadStudent = fromPromise<OrganizationUser, MemberInput>(({ input, signal }) => unwrap(studentRequest(input.organizationId, input.userId, { signal })))
