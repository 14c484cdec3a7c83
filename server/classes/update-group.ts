import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { isOwnAddress } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { groups } from '../db/schema.js'
import { fieldErrors, forbidden } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { checkDates, checkOwner, groupFor } from './access.js'
import { groupView } from './queries.js'
import { checkRoster, draftOf, enrollRoster, isTeacherOf, mailRoster, saveGoals, type EnrolledRoster } from './roster.js'
import { invitationQuota } from '../invitations/quota.js'

/** The creation wizard's fields, which only a draft takes. */
const WIZARD_FIELDS = ['teacher_email', 'goals', 'students', 'consent', 'step'] as const

/**
 * PUT /v1/groups/{orgId}/{groupId}/ — the class's details, whole; saving makes a draft a class
 * (specification §4). The teacher who owns it may not hand it to someone else: only admins choose owners.
 * A draft also takes the wizard's fields: `is_draft` true saves them and keeps it a draft; otherwise
 * finishing it invites its teacher and students then, in one transaction, as the creation does.
 */
export const updateGroup: Handler<'updateGroup'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { group, asTeacher, organization } = await groupFor(app.db, t, me, params.groupId, 'updateGroup', params.orgId)
  const ownerId = body.owner === undefined ? group.ownerId : body.owner
  if (asTeacher && ownerId !== group.ownerId) throw forbidden(t.api.forbidden())
  if (asTeacher && body.teacher_email && !isOwnAddress(me, body.teacher_email)) throw forbidden(t.api.forbidden())
  const given = WIZARD_FIELDS.filter((field) => body[field] !== undefined)
  if (!group.isDraft && given.length > 0) throw fieldErrors(Object.fromEntries(given.map((field) => [field, t.classWizard.notADraft()])))
  checkDates(t, body)
  if (ownerId !== group.ownerId) await checkOwner(app.db, t, group.organizationId, ownerId)
  const stayDraft = group.isDraft && body.is_draft === true
  const draft = group.isDraft ? draftOf({ ...body, teacher_email: asTeacher ? null : body.teacher_email }, group.draft) : null
  if (draft) checkRoster(t, me, draft, await isTeacherOf(app.db, group.organizationId, me))
  const now = app.clock()
  const enrolled = await commitThenSend(app, async (tx) => {
    await tx
      .update(groups)
      .set({ name: body.name.trim(), startDate: body.start_date, endDate: body.end_date, ownerId, isDraft: stayDraft, draft: stayDraft ? draft : null })
      .where(eq(groups.id, group.id))
    await saveGoals(tx, group.id, body.goals, now)
    if (!draft || stayDraft) return null
    const roster: EnrolledRoster = await enrollRoster(tx, {
      organizationId: group.organizationId,
      groupId: group.id,
      teacherEmail: draft.teacherEmail,
      students: draft.students,
      consent: draft.consent,
      invitedBy: me.id,
      now,
      ttlSeconds: app.config.invitationTtl,
      quota: invitationQuota(app, t),
    })
    await mailRoster(app, tx, organization, roster, me, call.locale)
    return roster
  })
  const view = await groupView(app.db, group.id, app.clock())
  return enrolled ? { ...view, roster: enrolled.roster } : view
}
