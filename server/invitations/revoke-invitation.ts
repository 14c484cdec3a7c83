import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { invitations } from '../db/schema.js'
import { invitationFor } from './invitation-access.js'
import { invitationClosed } from './resend.js'

/**
 * DELETE /v1/invitations/{id}/ — the invitation is revoked: its link answers "Invitation is expired or
 * not valid" from then on (accepting and validating want a pending one). An expired invitation can be
 * revoked too; an accepted or revoked one is closed (409).
 */
export const revokeInvitation: Handler<'revokeInvitation'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { invitation } = await invitationFor(app.db, t, me, params.id, 'revokeInvitation')
  const revoked = await app.db
    .update(invitations)
    .set({ status: 'revoked' })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
  if (revoked.length === 0) throw invitationClosed(t)
}
