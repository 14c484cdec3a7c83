import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isOwnAddress } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { groups } from '../db/schema.js'
import { forbidden } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { checkDates, checkOwner, organizationOfGroups } from './access.js'
import { groupView } from './queries.js'
import { checkRoster, draftOf, enrollRoster, isTeacherOf, mailRoster, saveGoals, type EnrolledRoster } from './roster.js'
import { invitationQuota } from '../invitations/quota.js'

/**
 * POST /v1/groups/{orgId}/ — the creation wizard's one call (specification §2, §4): the class, its goals,
 * its teacher and its students in one transaction with their invitations and their mails (the outbox's
 * worker sends them once it committed).
 * Admins and platform admins name the teacher (`owner` or `teacher_email`); a teacher creating a class
 * owns it. A draft invites nobody and keeps what the wizard was given. A `key` seen before answers the
 * class it made, so a double click makes one class; to a teacher, only a class they own (another's is
 * 403: a key sent again by someone else must not read a class, or a draft's e-mails, they may not see).
 */
export const createGroup: Handler<'createGroup'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization, asTeacher } = await organizationOfGroups(app.db, t, me, params.orgId, 'createGroup')
  if (asTeacher && ((body.owner != null && body.owner !== me.id) || (body.teacher_email && !isOwnAddress(me, body.teacher_email)))) {
    throw forbidden(t.api.forbidden())
  }
  // the key is the client's choice, no secret: a class it names is answered only to who may read that class
  const visibleOr403 = (found: { id: number; ownerId: number | null }): number => {
    if (asTeacher && found.ownerId !== me.id) throw forbidden(t.api.forbidden())
    return found.id
  }
  const earlier = body.key ? await byKey(app.db, organization.id, body.key) : undefined
  if (earlier) return groupView(app.db, visibleOr403(earlier), app.clock())
  checkDates(t, body)
  const ownerId = asTeacher ? me.id : (body.owner ?? null)
  await checkOwner(app.db, t, organization.id, ownerId)
  const isDraft = body.is_draft ?? false
  const draft = draftOf({ ...body, teacher_email: asTeacher ? null : body.teacher_email }, null)
  checkRoster(t, me, draft, await isTeacherOf(app.db, organization.id, me))
  const now = app.clock()

  const outcome = await commitThenSend(app, async (tx) => {
    const [created] = await tx
      .insert(groups)
      .values({
        organizationId: organization.id,
        name: body.name.trim(),
        startDate: body.start_date,
        endDate: body.end_date,
        ownerId,
        isDraft,
        draft: isDraft ? draft : null,
        creationKey: body.key ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [groups.organizationId, groups.creationKey] })
      .returning({ id: groups.id })
    // the same key committed meanwhile by a concurrent request: answer its class
    if (!created) return { id: visibleOr403((await byKey(tx, organization.id, body.key!))!), enrolled: null }
    await saveGoals(tx, created.id, body.goals, now)
    const enrolled: EnrolledRoster | null = isDraft
      ? null
      : await enrollRoster(tx, {
          organizationId: organization.id,
          groupId: created.id,
          teacherEmail: draft.teacherEmail,
          students: draft.students,
          consent: draft.consent,
          invitedBy: me.id,
          now,
          ttlSeconds: app.config.invitationTtl,
          quota: invitationQuota(app, t),
        })
    await mailRoster(app, tx, organization, enrolled, me, call.locale)
    return { id: created.id, enrolled }
  })
  const view = await groupView(app.db, outcome.id, now)
  return outcome.enrolled ? { ...view, roster: outcome.enrolled.roster } : view
}

const byKey = async (db: Parameters<typeof groupView>[0], organizationId: number, key: string) => {
  const [row] = await db
    .select({ id: groups.id, ownerId: groups.ownerId })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.creationKey, key)))
    .limit(1)
  return row
}
