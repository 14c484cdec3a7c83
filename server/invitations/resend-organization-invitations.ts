import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'
import { organizationFor } from '../organizations/access.js'
import { openInvitationsAmong } from './pending.js'
import { resendInvitations as resendAll } from './resend.js'

/**
 * POST /v1/invitations/resend/{orgId}/ — mails several open invitations of the organization again, all
 * or none. An id that is not an open invitation of this organization (another organization's, an
 * accepted or revoked one, an unknown one) refuses the whole request: nothing is sent.
 */
export const resendInvitations: Handler<'resendInvitations'> = async (call) => {
  const { params, body, app, t, locale } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.orgId, 'resendInvitations')
  const ids = [...new Set(body.invitation_ids)]
  if (ids.length === 0) throw fieldErrors({ invitation_ids: t.organizationUsers.pendingInvites.noneSelected() })
  const rows = await openInvitationsAmong(app.db, organization.id, ids)
  if (rows.length !== ids.length) throw fieldErrors({ invitation_ids: t.organizationUsers.pendingInvites.notOfOrganization() })
  return { invitations: await resendAll(app, t, organization, rows, me, locale) }
}
