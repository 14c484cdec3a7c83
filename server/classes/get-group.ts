import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { groupFor } from './access.js'
import { groupView } from './queries.js'

/** GET /v1/groups/{orgId}/{groupId}/ — a class, for those who may edit it (canEditClass) and platform admins. */
export const getGroup: Handler<'getGroup'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'getGroup', params.orgId)
  return groupView(app.db, group.id, app.clock())
}
