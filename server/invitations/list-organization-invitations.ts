import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from '../organizations/access.js'
import { pendingInvitationsPage } from './pending.js'

/** GET /v1/invitations/organization/{id}/ — the open invitations, for the organization's admins and platform admins. */
export const listOrganizationInvitations: Handler<'listOrganizationInvitations'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'listOrganizationInvitations')
  const paging = pagingOf(query)
  const { count, results } = await pendingInvitationsPage(app.db, organization.id, query.roles, paging, app.clock())
  return pageOf(request.url, paging, count, results)
}
