import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { findPendingInvitation } from '../organizations/invitations.js'
import { accountExists } from './queries.js'

/** GET /v1/invitations/validate/{token}/ — what the login page shows for an invite link; no login needed. */
export const validateInvitation: Handler<'validateInvitation'> = async ({ params, app, t }) => {
  const found = await findPendingInvitation(app.db, params.token, app.clock())
  if (!found) throw notFound(t.api.inviteInvalid())
  return {
    token: params.token,
    organization_name: found.organizationName,
    email: found.invitation.email,
    new_user: !(await accountExists(app.db, found.invitation.email)),
    role: found.invitation.role,
  }
}
