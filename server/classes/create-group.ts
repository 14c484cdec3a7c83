import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { groups } from '../db/schema.js'
import { checkDates, checkOwner, organizationOfGroups } from './access.js'
import { groupView } from './queries.js'

/**
 * POST /v1/groups/{orgId}/ — a class made by the organization's admins or a platform admin
 * (specification §6); `is_draft` keeps it a draft. Answers the class with its id.
 */
export const createGroup: Handler<'createGroup'> = async (call) => {
  const { params, body, app, t, reply } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationOfGroups(app.db, t, me, params.orgId, 'createGroup')
  checkDates(t, body)
  await checkOwner(app.db, t, organization.id, body.owner)
  const now = app.clock()
  const [created] = await app.db
    .insert(groups)
    .values({
      organizationId: organization.id,
      name: body.name.trim(),
      startDate: body.start_date,
      endDate: body.end_date,
      ownerId: body.owner ?? null,
      isDraft: body.is_draft ?? false,
      createdAt: now,
    })
    .returning({ id: groups.id })
  reply.code(201)
  return groupView(app.db, created!.id, now)
}
