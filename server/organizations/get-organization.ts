import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizationFor } from './access.js'
import { organizationView } from './view.js'

/**
 * GET /v1/organizations/{id}/ — for the organization's members (any role) and platform admins whose
 * reach covers it (the authorization table). Anyone else gets the same 404 as for an organization that
 * does not exist.
 */
export const getOrganization: Handler<'getOrganization'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'getOrganization')
  return organizationView(organization)
}
