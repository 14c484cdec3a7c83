import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, keepAnAdmin, lockOrganization, removeMembership } from './members.js'
import { addMembership } from './memberships.js'

/**
 * POST /v1/organizations/{id}/users/{userId} — the member's roles become the given ones, in one
 * transaction that holds the organization's lock, so that two admins taking each other's admin role at
 * once cannot leave the organization without one.
 */
export const setOrganizationUserRoles: Handler<'setOrganizationUserRoles'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'setOrganizationUserRoles')
  return app.db.transaction(async (tx) => {
    await lockOrganization(tx, organization.id)
    const member = await findMember(tx, organization.id, params.userId)
    if (!member) throw notFound(t.api.notFound())
    const dropped = member.roles.filter((role) => !body.roles.includes(role))
    if (dropped.includes('admin')) await keepAnAdmin(tx, t, organization.id, member)
    // new roles first: they take the disabled state of the rows still there
    for (const role of body.roles) await addMembership(tx, member.id, organization.id, role)
    if (dropped.length) await removeMembership(tx, organization.id, member.id, dropped)
    return (await findMember(tx, organization.id, member.id))!
  })
}
