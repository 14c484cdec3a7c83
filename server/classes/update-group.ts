import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { groups } from '../db/schema.js'
import { forbidden } from '../http/errors.js'
import { checkDates, checkOwner, groupFor } from './access.js'
import { groupView } from './queries.js'

/**
 * PUT /v1/groups/{orgId}/{groupId}/ — the class's details, whole; saving makes a draft a class
 * (specification §4). The teacher who owns it may not hand it to someone else: only admins choose owners.
 */
export const updateGroup: Handler<'updateGroup'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { group, asTeacher } = await groupFor(app.db, t, me, params.groupId, 'updateGroup', params.orgId)
  const ownerId = body.owner === undefined ? group.ownerId : body.owner
  if (asTeacher && ownerId !== group.ownerId) throw forbidden(t.api.forbidden())
  checkDates(t, body)
  if (ownerId !== group.ownerId) await checkOwner(app.db, t, group.organizationId, ownerId)
  await app.db
    .update(groups)
    .set({ name: body.name.trim(), startDate: body.start_date, endDate: body.end_date, ownerId, isDraft: false })
    .where(eq(groups.id, group.id))
  return groupView(app.db, group.id, app.clock())
}
