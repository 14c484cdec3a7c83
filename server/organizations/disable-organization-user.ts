import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { badRequest, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, keepAnAdmin, lockOrganization, setMemberDisabled } from './members.js'

/**
 * POST /v1/organizations/{id}/users/{userId}/disable/ — the member keeps its roles but reaches the
 * organization no more (auth/roles.ts): every call about it answers as to someone who is not a
 * member, at once (sessions are not ended: its account and other organizations are its own). Nobody
 * disables themselves, and the organization keeps an active admin; disabling twice changes nothing.
 */
export const disableOrganizationUser: Handler<'disableOrganizationUser'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'disableOrganizationUser')
  if (params.userId === me.id) throw badRequest(t.api.disableSelf(), 'self')
  return app.db.transaction(async (tx) => {
    await lockOrganization(tx, organization.id)
    const member = await findMember(tx, organization.id, params.userId)
    if (!member) throw notFound(t.api.notFound())
    if (!member.is_active) return member
    await keepAnAdmin(tx, t, organization.id, member, t.api.soleAdminDisable())
    await setMemberDisabled(tx, organization.id, member.id, app.clock())
    return { ...member, is_active: false }
  })
}
