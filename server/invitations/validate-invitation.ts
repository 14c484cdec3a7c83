import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { findPendingInvitation } from '../organizations/invitations.js'
import { accountExists } from './queries.js'

/**
 * GET /v1/invitations/validate/{token}/ — what the token of an invite link stands for (the spec's
 * invitation payload, with the role and the organization's type for the sign-up's wording); no login
 * needed.
 */
export const validateInvitation: Handler<'validateInvitation'> = async ({ params, app, t }) => {
  const found = await findPendingInvitation(app.db, params.token, app.clock())
  if (!found) throw notFound(t.api.inviteInvalid())
  return {
    token: params.token,
    organization_name: found.organizationName,
    email: found.invitation.email,
    new_user: !(await accountExists(app.db, found.invitation.email)),
    role: found.invitation.role,
    organization_type: found.organizationType,
  }
}
