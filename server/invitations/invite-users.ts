import { requireAuth } from '../auth/authenticate.js'
import { enforce, isGlobalAdmin, isOwnAddress, relationToOrganization } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors, forbidden, notFound } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { findOrganization } from '../organizations/memberships.js'
import { groupOfOrganization } from './class-invitation.js'
import { invitationView, mailInvitations, storeInvitations } from './issue.js'
import { invitationQuota } from './quota.js'

/**
 * POST /v1/accounts/invite/ — invites addresses to an organization with a role, in one transaction.
 * Only the organization's admins and platform admins whose reach covers it (the authorization table);
 * to anyone else an organization that does not exist looks the same (403). Nobody invites their own
 * address: a role is never given to oneself. An address that already has a pending
 * invitation for the role gets it renewed, not a second one: mailed again when its last mail is a day
 * old, else not (`renewed` tells the admin so). The mails count against the organization's invitations a
 * day (quota.ts): a call that would pass them is refused whole with 429.
 * Each mail is in the invitee's language when they have an account, else in the inviter's.
 */
export const inviteUsers: Handler<'inviteUsers'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
  const organization = await findOrganization(app.db, body.organization)
  if (!organization) throw isGlobalAdmin(me) ? notFound(t.api.notFound()) : forbidden(t.api.forbidden())
  enforce(t, 'inviteUsers', await relationToOrganization(app.db, me, organization))
  if (body.emails.some((email) => isOwnAddress(me, email))) throw fieldErrors({ emails: t.api.inviteSelf() })
  // an invitation to a class of another organization would make its members on acceptance
  if (body.group != null && !(await groupOfOrganization(app.db, body.group, organization.id))) {
    throw fieldErrors({ group: t.classDetails.groupNotInOrganization() })
  }

  const issued = await commitThenSend(app, async (tx) => {
    const stored = await storeInvitations(tx, {
      organizationId: organization.id,
      role: body.role,
      emails: body.emails,
      groupId: body.group ?? null,
      autoJoin: body.auto_join === 1,
      invitedBy: me.id,
      now: app.clock(),
      ttlSeconds: app.config.invitationTtl,
      quota: invitationQuota(app, t),
    })
    await mailInvitations(app, tx, organization, stored, me, call.locale)
    return stored
  })
  return {
    invitations: issued.map(({ row }) => invitationView(row)),
    renewed: issued.filter(({ token }) => token === null).map(({ row }) => row.email),
  }
}
