import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isGlobalAdmin } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { forbidden, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember } from './members.js'

/**
 * PATCH /v1/organizations/{id}/users/{userId} — a member's first and last name. A platform admin's
 * names are theirs to change (an organization admin who holds a platform admin's membership may not).
 */
export const updateOrganizationUser: Handler<'updateOrganizationUser'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'updateOrganizationUser')
  const member = await findMember(app.db, organization.id, params.userId)
  if (!member) throw notFound(t.api.notFound())
  const [target] = await app.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, member.id))
  if (target?.isSuperuser && member.id !== me.id && !isGlobalAdmin(me)) throw forbidden(t.api.forbidden())
  const changes: Partial<typeof users.$inferInsert> = {}
  if (body.first_name !== undefined) changes.firstName = body.first_name.trim()
  if (body.last_name !== undefined) changes.lastName = body.last_name.trim()
  if (Object.keys(changes).length) await app.db.update(users).set(changes).where(eq(users.id, member.id))
  return (await findMember(app.db, organization.id, member.id))!
}
