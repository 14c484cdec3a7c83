import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember } from './members.js'

/** GET /v1/organizations/{id}/users/{userId} — one member; 404 for anyone who is not a member. */
export const getOrganizationUser: Handler<'getOrganizationUser'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'getOrganizationUser')
  const member = await findMember(app.db, organization.id, params.userId)
  if (!member) throw notFound(t.api.notFound())
  return member
}
