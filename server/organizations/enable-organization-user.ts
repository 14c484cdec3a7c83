import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, setMemberDisabled } from './members.js'

/** POST /v1/organizations/{id}/users/{userId}/enable/ — a disabled member reaches the organization again, with its roles. */
export const enableOrganizationUser: Handler<'enableOrganizationUser'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'enableOrganizationUser')
  const member = await findMember(app.db, organization.id, params.userId)
  if (!member) throw notFound(t.api.notFound())
  if (!member.is_active) await setMemberDisabled(app.db, organization.id, member.id, null)
  return { ...member, is_active: true }
}
