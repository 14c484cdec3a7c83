import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { invitationFor } from './invitation-access.js'
import { invitationClosed, resendInvitations } from './resend.js'

/** POST /v1/invitations/{id}/resend/ — mails an open invitation again with a new link and expiry. */
export const resendInvitation: Handler<'resendInvitation'> = async (call) => {
  const { params, app, t, locale } = call
  const { user: me } = requireAuth(call)
  const { invitation, organization } = await invitationFor(app.db, t, me, params.id, 'resendInvitation')
  if (invitation.status !== 'pending') throw invitationClosed(t)
  const [view] = await resendInvitations(app, t, organization, [invitation], me, locale)
  if (!view) throw invitationClosed(t)
  return view
}
