import { fromPromise } from 'xstate'
import type {
  ChangeStatusInput,
  ChangeStatusResult,
  InviteAdminInput,
  Organization,
  OrganizationIdInput,
  OrganizationUser,
  UploadLogoInput,
} from '../../machines/types'
import { api, unwrap } from './client'

/**
 * The real actors of the organization profile (machines organization-status, organization-logo,
 * admin-invite). Each calls the API client, forwards the abort signal and throws `{status, body}`
 * for an error response (see client.unwrap). The edit dialog is the organization form (organizations.ts).
 */

const path = (organizationId: number) => ({ path: { id: organizationId } })

/** POST /v1/organizations/{id}/status/ {status, password} (enable, disable), or DELETE /v1/organizations/{id}/ {password}. */
export const changeStatus = fromPromise<ChangeStatusResult, ChangeStatusInput>(async ({ input, signal }) => {
  const params = path(input.organizationId)
  if (input.action === 'delete') {
    await unwrap(api.DELETE('/v1/organizations/{id}/', { params, body: { password: input.password }, signal }))
    return null
  }
  const status = input.action === 'enable' ? 'active' : 'inactive'
  return unwrap(api.POST('/v1/organizations/{id}/status/', { params, body: { status, password: input.password }, signal }))
})

/** POST /v1/organizations/{id}/restore/ (platform admins, within 30 days of the delete). */
export const restoreOrganization = fromPromise<Organization, OrganizationIdInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/organizations/{id}/restore/', { params: path(input.organizationId), signal })),
)

/** PUT /v1/organizations/{id}/logo/ with the image itself as the body, sent with its own type. */
export const uploadLogo = fromPromise<Organization, UploadLogoInput>(({ input, signal }) =>
  unwrap(
    api.PUT('/v1/organizations/{id}/logo/', {
      params: path(input.organizationId),
      // the contract types a binary body as a string; the Blob goes out as it is
      body: input.file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': input.file.type },
      signal,
    }),
  ),
)

/** DELETE /v1/organizations/{id}/logo/ */
export const removeLogo = fromPromise<Organization, OrganizationIdInput>(({ input, signal }) =>
  unwrap(api.DELETE('/v1/organizations/{id}/logo/', { params: path(input.organizationId), signal })),
)

/** GET /v1/organizations/{id}/users?roles=admin, every page (an organization has few admins). */
export const loadAdmins = fromPromise<OrganizationUser[], OrganizationIdInput>(async ({ input, signal }) => {
  const admins: OrganizationUser[] = []
  for (let page = 1; ; page += 1) {
    const result = await unwrap(
      api.GET('/v1/organizations/{id}/users', {
        params: { ...path(input.organizationId), query: { roles: ['admin'], page, page_size: 100 } },
        signal,
      }),
    )
    admins.push(...result.results)
    if (!result.next) return admins
  }
})

/** POST /v1/accounts/invite/ {organization, role: admin, emails: [email]} */
export const inviteAdmin = fromPromise<unknown, InviteAdminInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/accounts/invite/', {
      body: { organization: input.organizationId, role: 'admin', emails: [input.email.trim()] },
      signal,
    }),
  ),
)

export const organizationStatusActors = { changeStatus, restoreOrganization }
export const organizationLogoActors = { uploadLogo, removeLogo }
export const adminInviteActors = { loadAdmins, inviteAdmin }

/** GET /v1/organizations/{id}/ */
export const loadOrganization = fromPromise<Organization, OrganizationIdInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/organizations/{id}/', { params: path(input.organizationId), signal })),
)
