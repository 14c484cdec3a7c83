import { and, eq, isNull, sql } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isOwnAddress } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { groups, memberships, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { fieldErrors } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { withdrawClass } from '../invitations/class-invitation.js'
import { mailInvitations, storeInvitations } from '../invitations/issue.js'
import { groupFor } from './access.js'
import { groupView } from './queries.js'
import { invitationQuota } from '../invitations/quota.js'

/**
 * The teacher of a class (spec 001 §7 "assign teacher (groupId, groupName, email), remove teacher";
 * 000 §2 teacher-only actions). A teacher of the organization is made the owner; any other address is
 * invited as a teacher for the class, its pending teacher until the invitation is accepted
 * (invitations/accept-invite.ts then makes the invitee the owner).
 */

/**
 * The class is taken from its pending teacher invitations (a new teacher replaces them, or none); one
 * left for no other class is revoked.
 */
const revokePendingTeacher = (db: Executor, groupId: number) => withdrawClass(db, groupId, { role: 'teacher' })

/** POST /v1/groups/{groupId}/teacher — {email}: the teacher who owns the class, or the one invited to. */
export const assignGroupTeacher: Handler<'assignGroupTeacher'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { group, organization } = await groupFor(app.db, t, me, params.groupId, 'assignGroupTeacher')
  const email = body.email.toLowerCase()
  const [teacher] = await app.db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organization.id),
        eq(memberships.role, 'teacher'),
        isNull(memberships.disabledAt),
        eq(sql`lower(${users.email})`, email),
      ),
    )
    .limit(1)
  // nobody gives themselves a role: an admin who is no teacher cannot invite their own address
  if (!teacher && isOwnAddress(me, email)) throw fieldErrors({ email: t.api.inviteSelf() })

  const now = app.clock()
  await commitThenSend(app, async (tx) => {
    await revokePendingTeacher(tx, group.id)
    await tx.update(groups).set({ ownerId: teacher?.id ?? null }).where(eq(groups.id, group.id))
    if (teacher) return
    const issued = await storeInvitations(tx, {
      organizationId: organization.id,
      role: 'teacher',
      emails: [email],
      groupId: group.id,
      invitedBy: me.id,
      now,
      ttlSeconds: app.config.invitationTtl,
      quota: invitationQuota(app, t),
    })
    await mailInvitations(app, tx, organization, issued, me, call.locale)
  })
  return groupView(app.db, group.id, now)
}

/** DELETE /v1/groups/{groupId}/teacher — the class has no teacher, nor a pending one. */
export const removeGroupTeacher: Handler<'removeGroupTeacher'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'removeGroupTeacher')
  await app.db.transaction(async (tx) => {
    await revokePendingTeacher(tx, group.id)
    await tx.update(groups).set({ ownerId: null }).where(eq(groups.id, group.id))
  })
  return groupView(app.db, group.id, app.clock())
}
