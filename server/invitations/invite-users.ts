import { sql } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { administers } from '../auth/roles.js'
import { secondsAfter } from '../auth/clock.js'
import { hashToken, newToken } from '../auth/tokens.js'
import type { Handler } from '../contract/handler.js'
import { invitations } from '../db/schema.js'
import { forbidden, notFound } from '../http/errors.js'
import { isLocale } from '../../locales/languages.js'
import { findOrganization } from '../organizations/memberships.js'
import { sendInvitationMail } from './mails.js'
import { inviteLink } from './payload.js'
import { accountsByEmail } from './queries.js'

export const INVITATION_TTL_SECONDS = 14 * 24 * 60 * 60

/**
 * POST /v1/accounts/invite/ — invites addresses to an organization with a role, in one transaction.
 * Only the organization's admins and platform admins. An address that already has a pending
 * invitation for the role gets it refreshed (new token, new expiry) and mailed again, not a second one.
 * Each mail is in the invitee's language when they have an account, else in the inviter's.
 */
export const inviteUsers: Handler<'inviteUsers'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
  if (!(await administers(app.db, me, body.organization))) throw forbidden(t.api.forbidden())
  const organization = await findOrganization(app.db, body.organization)
  if (!organization) throw notFound(t.api.notFound())

  const emails = [...new Set(body.emails.map((email) => email.toLowerCase()))]
  const now = app.clock()
  const expiresAt = secondsAfter(now, INVITATION_TTL_SECONDS)
  const values = {
    organizationId: organization.id,
    role: body.role,
    groupId: body.group ?? null,
    autoJoin: body.auto_join === 1,
    invitedBy: me.id,
    expiresAt,
  }

  const sent = await app.db.transaction(async (tx) => {
    const accounts = await accountsByEmail(tx, emails)
    const out = []
    for (const email of emails) {
      const token = newToken()
      const [row] = await tx
        .insert(invitations)
        .values({ ...values, email, tokenHash: hashToken(token), created: now })
        .onConflictDoUpdate({
          target: [invitations.organizationId, invitations.email, invitations.role],
          targetWhere: sql`${invitations.status} = 'pending'`,
          set: { tokenHash: hashToken(token), expiresAt, invitedBy: me.id, groupId: values.groupId, autoJoin: values.autoJoin },
        })
        .returning()
      if (!row) throw new Error('the invitation was not stored')
      out.push({ row, token, account: accounts.get(email) })
    }
    return out
  })

  const inviterLanguage = isLocale(me.language) ? me.language : call.locale
  for (const { row, token, account } of sent) {
    await sendInvitationMail(app, {
      to: row.email,
      language: account && isLocale(account.language) ? account.language : inviterLanguage,
      name: account?.firstName,
      organizationName: organization.name,
      organizationType: organization.type,
      role: row.role,
      link: inviteLink(app.config.publicUrl, {
        token,
        organization_name: organization.name,
        email: row.email,
        new_user: account === undefined,
      }),
    })
  }

  return {
    invitations: sent.map(({ row }) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      organization: row.organizationId,
      status: row.status,
      created: row.created.toISOString(),
    })),
  }
}
