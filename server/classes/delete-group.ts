import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { groups } from '../db/schema.js'
import { withdrawClass } from '../invitations/class-invitation.js'
import { groupFor } from './access.js'

/**
 * DELETE /v1/groups/{orgId}/{groupId}/ — the class, its members and goals (cascade), and the class
 * taken from its pending invitations (one left for no class nor the organization is revoked: its link
 * stops working), in one transaction.
 */
export const deleteGroup: Handler<'deleteGroup'> = async (call) => {
  const { params, app, t, reply } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'deleteGroup', params.orgId)
  await app.db.transaction(async (tx) => {
    await withdrawClass(tx, group.id)
    await tx.delete(groups).where(eq(groups.id, group.id))
  })
  reply.code(204)
}
