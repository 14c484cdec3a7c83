import { fromPromise } from 'xstate'
import type {
  ChangeMemberStatusInput,
  InviteByEmailInput,
  InviteByEmailResult,
  LoadOrganizationUsersInput,
  MemberInput,
  Organization,
  OrganizationIdInput,
  OrganizationUser,
  OrganizationUserPage,
  RemoveMemberInput,
  SaveMemberInput,
} from '../../machines/types'
import { api, unwrap } from './client'

/**
 * The actors of the organization page, its users view and the member profile (machines
 * organization-page, organization-users, email-invite, member-profile, member-removal, member-status), given to
 * them with `machine.provide({ actors })`. The session's token comes from the client middleware.
 */

export const loadOrganization = fromPromise<Organization, OrganizationIdInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/organizations/{id}/', { params: { path: { id: input.organizationId } }, signal })),
)

export const loadOrganizationUsers = fromPromise<OrganizationUserPage, LoadOrganizationUsersInput>(({ input, signal }) => {
  const { page, search, roles, ordering } = input.query
  return unwrap(
    api.GET('/v1/organizations/{id}/users', {
      params: {
        path: { id: input.organizationId },
        query: { page, ordering, ...(roles.length > 0 ? { roles } : {}), ...(search.trim() ? { search: search.trim() } : {}) },
      },
      signal,
    }),
  )
})

export const loadMember = fromPromise<OrganizationUser, MemberInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/organizations/{id}/users/{userId}', { params: { path: { id: input.organizationId, userId: input.userId } }, signal })),
)

/**
 * Roles first: a refused role change (the only admin) leaves the names untouched too, and a member made
 * a teacher holds the teacher role when the department and title are sent.
 */
export const saveMember = fromPromise<OrganizationUser, SaveMemberInput>(async ({ input, signal }) => {
  const path = { id: input.organizationId, userId: input.userId }
  await unwrap(api.POST('/v1/organizations/{id}/users/{userId}', { params: { path }, body: { roles: input.changes.roles }, signal }))
  return unwrap(
    api.PATCH('/v1/organizations/{id}/users/{userId}', {
      params: { path },
      body: {
        first_name: input.changes.first_name,
        last_name: input.changes.last_name,
        department: input.changes.department,
        title: input.changes.title,
      },
      signal,
    }),
  )
})

export const removeMember = fromPromise<void, RemoveMemberInput>(async ({ input, signal }) => {
  await unwrap(
    api.DELETE('/v1/organizations/{id}/users/{userId}', {
      params: { path: { id: input.organizationId, userId: input.userId }, query: input.fromSystem ? { from_system: true } : {} },
      signal,
    }),
  )
})

export const changeMemberStatus = fromPromise<OrganizationUser, ChangeMemberStatusInput>(({ input, signal }) => {
  const params = { path: { id: input.organizationId, userId: input.userId } }
  return unwrap(
    input.action === 'disable'
      ? api.POST('/v1/organizations/{id}/users/{userId}/disable/', { params, signal })
      : api.POST('/v1/organizations/{id}/users/{userId}/enable/', { params, signal }),
  )
})

export const inviteByEmail = fromPromise<InviteByEmailResult, InviteByEmailInput>(async ({ input, signal }) => {
  const answer = await unwrap(
    api.POST('/v1/accounts/invite/', {
      body: { organization: input.organizationId, role: input.role, emails: input.emails },
      signal,
    }),
  )
  return { renewed: answer.renewed ?? [] }
})
