import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { invitations } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { withdrawClass } from './class-invitation.js'
import { invitationFor } from './invitation-access.js'
import { invitationClosed } from './resend.js'

/**
 * DELETE /v1/invitations/{id}/ — the invitation is revoked: its link answers "Invitation is expired or
 * not valid" from then on (accepting and validating want a pending one). An expired invitation can be
 * revoked too; an accepted or revoked one is closed (409). With `?group=` only that class is taken from
 * it (class-invitation.ts): the invitation goes with its last class unless it was made to the organization too.
 */
export const revokeInvitation: Handler<'revokeInvitation'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me } = requireAuth(call)
  const { invitation } = await invitationFor(app.db, t, me, params.id, 'revokeInvitation')
  if (invitation.status !== 'pending') throw invitationClosed(t)
  if (query.group !== undefined) {
    const withdrawn = await app.db.transaction((tx) => withdrawClass(tx, query.group!, { invitationId: invitation.id }))
    if (withdrawn.length === 0) throw notFound(t.api.notFound())
    return
  }
  const revoked = await app.db
    .update(invitations)
    .set({ status: 'revoked' })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
  if (revoked.length === 0) throw invitationClosed(t)
}
