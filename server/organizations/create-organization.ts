import { requireAuth } from '../auth/authenticate.js'
import { enforce, isOwnAddress, relationToCountry } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'
import { mailInvitations, storeInvitations } from '../invitations/issue.js'
import { commitThenSend } from '../services/outbox.js'
import { createOrganization as storeOrganization } from './memberships.js'
import { organizationView, profileValues } from './view.js'
import { invitationQuota } from '../invitations/quota.js'

/**
 * POST /v1/organizations/ — a platform admin creates an organization (specification §6: "Creating an
 * organization as platform admin with an owner sends the owner an invitation with role admin").
 * One transaction stores the organization, with a fresh join code, and the owner's admin invitation;
 * the invitation mail is written with them and leaves once they have committed, as from POST /v1/accounts/invite/. A platform
 * admin cannot name itself the owner: that would be an invitation issued to oneself.
 */
export const createOrganization: Handler<'createOrganization'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'createOrganization', relationToCountry(me, body.country))
  if (isOwnAddress(me, body.owner_user)) throw fieldErrors({ owner_user: t.api.inviteSelf() })

  const now = app.clock()
  const organization = await commitThenSend(app, async (tx) => {
    const organization = await storeOrganization(tx, {
      ...profileValues(body),
      isVerified: body.is_verified ?? false,
      createdAt: now,
    })
    const issued = await storeInvitations(tx, {
      organizationId: organization.id,
      role: 'admin',
      emails: [body.owner_user],
      invitedBy: me.id,
      now,
      ttlSeconds: app.config.invitationTtl,
      quota: invitationQuota(app, t),
    })
    await mailInvitations(app, tx, organization, issued, me, call.locale)
    return organization
  })
  return organizationView(organization)
}
