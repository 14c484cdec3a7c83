import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { platformReach, reachesAccount } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { detailError, forbidden, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, keepAnAdmin, lockOrganization, removeMembership } from './members.js'
import { soleAdminOf } from './memberships.js'

/**
 * DELETE /v1/organizations/{id}/users/{userId} — every role of the member in the organization goes;
 * with from_system a platform admin deletes the account (memberships, sessions and credentials with
 * it): an unrestricted one any account, a country admin one whose organizations are all of its
 * country (auth/policy.ts reachesAccount). Never a platform admin's account, nor the only active admin
 * of any organization.
 */
export const removeOrganizationUser: Handler<'removeOrganizationUser'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'removeOrganizationUser')
  if (query.from_system && platformReach(me).kind === 'none') throw forbidden(t.api.forbidden())
  await app.db.transaction(async (tx) => {
    await lockOrganization(tx, organization.id)
    const member = await findMember(tx, organization.id, params.userId)
    if (!member) throw notFound(t.api.notFound())
    await keepAnAdmin(tx, t, organization.id, member)
    if (!query.from_system) {
      await removeMembership(tx, organization.id, member.id)
      return
    }
    const [target] = await tx.select({ id: users.id, isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, member.id))
    if (!target || target.isSuperuser || !(await reachesAccount(tx, me, target))) throw forbidden(t.api.forbidden())
    // the account's other organizations must keep an active admin too
    if ((await soleAdminOf(tx, member.id, organization.id)).length) throw detailError(409, t.api.soleAdmin(), 'sole_admin')
    await tx.delete(users).where(eq(users.id, member.id))
  })
}
