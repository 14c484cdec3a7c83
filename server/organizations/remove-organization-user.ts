import { and, eq, ne } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isGlobalAdmin } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { memberships, users } from '../db/schema.js'
import { detailError, forbidden, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, keepAnAdmin, lockOrganization, removeMembership } from './members.js'
import { adminCount } from './memberships.js'

/**
 * DELETE /v1/organizations/{id}/users/{userId} — every role of the member in the organization goes;
 * with from_system an unrestricted platform admin deletes the account (memberships, sessions and
 * credentials with it), unless it is a platform admin's or the only admin of any organization.
 */
export const removeOrganizationUser: Handler<'removeOrganizationUser'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'removeOrganizationUser')
  if (query.from_system && !isGlobalAdmin(me)) throw forbidden(t.api.forbidden())
  await app.db.transaction(async (tx) => {
    await lockOrganization(tx, organization.id)
    const member = await findMember(tx, organization.id, params.userId)
    if (!member) throw notFound(t.api.notFound())
    await keepAnAdmin(tx, t, organization.id, member)
    if (!query.from_system) {
      await removeMembership(tx, organization.id, member.id)
      return
    }
    const [target] = await tx.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, member.id))
    if (target?.isSuperuser) throw forbidden(t.api.forbidden())
    // the account's other organizations must keep an admin too
    const adminOf = await tx
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .where(and(eq(memberships.userId, member.id), eq(memberships.role, 'admin'), ne(memberships.organizationId, organization.id)))
    for (const { organizationId } of adminOf) {
      await lockOrganization(tx, organizationId)
      if ((await adminCount(tx, organizationId)) <= 1) throw detailError(409, t.api.soleAdmin(), 'sole_admin')
    }
    await tx.delete(users).where(eq(users.id, member.id))
  })
}
