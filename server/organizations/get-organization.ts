import { requireAuth } from '../auth/authenticate.js'
import { maySeeOrganization } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { findOrganization } from './memberships.js'
import { organizationView } from './view.js'

/**
 * GET /v1/organizations/{id}/ — for the organization's members (any role) and platform admins whose
 * reach covers it (server/auth/policy.ts). Anyone else gets the same 404 as for an organization that
 * does not exist.
 */
export const getOrganization: Handler<'getOrganization'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const organization = await findOrganization(app.db, params.id)
  if (!organization) throw notFound(t.api.notFound())
  if (!(await maySeeOrganization(app.db, me, organization))) throw notFound(t.api.notFound())
  return organizationView(organization)
}
