import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isGlobalAdmin } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { memberships, users } from '../db/schema.js'
import { badRequest, forbidden, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember } from './members.js'

/** A department or title as stored: trimmed, empty is none; undefined when the call leaves it alone. */
const label = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null)

/**
 * PATCH /v1/organizations/{id}/users/{userId} — a member's first and last name, and a teacher's
 * department and title (kept on the teacher role row; refused for a member without that role). A
 * platform admin's names are theirs to change (an organization admin who holds a platform admin's
 * membership may not).
 */
export const updateOrganizationUser: Handler<'updateOrganizationUser'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'updateOrganizationUser')
  const member = await findMember(app.db, organization.id, params.userId)
  if (!member) throw notFound(t.api.notFound())
  const [target] = await app.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, member.id))
  if (target?.isSuperuser && member.id !== me.id && !isGlobalAdmin(me)) throw forbidden(t.api.forbidden())
  const teacher = { department: label(body.department), title: label(body.title) }
  const teacherChanged = teacher.department !== undefined || teacher.title !== undefined
  if (teacherChanged && !member.roles.includes('teacher')) throw badRequest(t.api.notTeacher(), 'not_teacher')
  const changes: Partial<typeof users.$inferInsert> = {}
  if (body.first_name !== undefined) changes.firstName = body.first_name.trim()
  if (body.last_name !== undefined) changes.lastName = body.last_name.trim()
  await app.db.transaction(async (tx) => {
    if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, member.id))
    if (teacherChanged)
      await tx
        .update(memberships)
        .set(teacher)
        .where(and(eq(memberships.organizationId, organization.id), eq(memberships.userId, member.id), eq(memberships.role, 'teacher')))
  })
  return (await findMember(app.db, organization.id, member.id))!
}
