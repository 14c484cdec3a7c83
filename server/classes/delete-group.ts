import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { groups, invitations } from '../db/schema.js'
import { groupFor } from './access.js'

/**
 * DELETE /v1/groups/{orgId}/{groupId}/ — the class, its members and goals (cascade), and its pending
 * invitations revoked (their links stop working), in one transaction.
 */
export const deleteGroup: Handler<'deleteGroup'> = async (call) => {
  const { params, app, t, reply } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'deleteGroup', params.orgId)
  await app.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(and(eq(invitations.groupId, group.id), eq(invitations.status, 'pending')))
    await tx.delete(groups).where(eq(groups.id, group.id))
  })
  reply.code(204)
}
