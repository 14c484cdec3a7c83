import { and, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { invitations } from '../db/schema.js'
import { badRequest, forbidden, notFound } from '../http/errors.js'
import { findInvitationByToken, isPending } from '../organizations/invitations.js'
import { addMembership, disabledSince, membershipIn } from '../organizations/memberships.js'
import { joinInvitedClasses } from './class-invitation.js'

/**
 * POST /v1/accounts/invite/accept — the logged-in user joins the organization with the invited role.
 * The e-mail sent must be the invitation's and the user's, and the user not the one who issued it
 * (server/auth/policy.ts: nobody gives themselves a role). An invitation to classes makes a student a
 * member of each, and a teacher their owner. Accepting an invitation one has already accepted answers the same again.
 */
export const acceptInvite: Handler<'acceptInvite'> = async (call) => {
  const { body, app, t } = call
  const { user } = requireAuth(call)
  const now = app.clock()
  const found = await findInvitationByToken(app.db, body.token)
  const invitation = found?.invitation
  const acceptedByMe = invitation?.status === 'accepted' && invitation.acceptedBy === user.id
  if (!found || !invitation || !(isPending(invitation, now) || acceptedByMe)) throw notFound(t.api.inviteInvalid())

  const email = body.email.toLowerCase()
  if (email !== invitation.email.toLowerCase() || email !== user.email.toLowerCase()) {
    throw badRequest(t.api.inviteNotAccepted(), 'email_mismatch')
  }
  // an invitation one issued oneself (to an address that became one's own later) gives no role
  if (invitation.invitedBy === user.id) throw badRequest(t.api.inviteSelf(), 'self_invitation')
  // an invitation does not undo an admin's disabling: the member asks them to enable it
  if (await disabledSince(app.db, user.id, invitation.organizationId)) throw forbidden(t.api.memberDisabled())

  await app.db.transaction(async (tx) => {
    await addMembership(tx, user.id, invitation.organizationId, invitation.role)
    if (isPending(invitation, now)) await joinInvitedClasses(tx, invitation, user.id, now)
    await tx
      .update(invitations)
      .set({ status: 'accepted', acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
  })
  const organization = await membershipIn(app.db, user.id, invitation.organizationId)
  if (!organization) throw notFound(t.api.inviteInvalid())
  return { organization }
}
