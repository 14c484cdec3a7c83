import { and, eq } from 'drizzle-orm'
import type { Locales } from '../../locales/i18n-types.js'
import type { Translator } from '../../locales/server.js'
import { secondsAfter } from '../auth/clock.js'
import { hashToken, newToken } from '../auth/tokens.js'
import type { AppContext } from '../context.js'
import { invitations, type InvitationRow, type OrganizationRow, type UserRow } from '../db/schema.js'
import { detailError } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { limitInvitationResends } from '../services/rate-limit.js'
import { mailInvitations, type IssuedInvitation } from './issue.js'
import { pendingInvitationViews, type PendingInvitationView } from './pending.js'
import { countInvitationMails, holdInvitationCounts, invitationQuota } from './quota.js'
import { accountsByEmail } from './queries.js'

/** 409 for an invitation that was accepted or revoked meanwhile. */
export const invitationClosed = (t: Translator) => detailError(409, t.organizationUsers.pendingInvites.closed(), 'invitation_closed')

/**
 * Mails open invitations again, each with a new token (the link mailed before stops working) and a new
 * expiry, in one transaction: all are resent or none (one accepted or revoked meanwhile refuses them
 * all with 409). Each invitation's resends are rate-limited first, so that its invitee is not flooded,
 * and every resend counts against the organization's invitations a day (quota.ts): over them, none goes.
 * Who invited stays who invited; the mails are written in the resender's language when the invitee
 * has no account.
 */
export const resendInvitations = async (
  app: AppContext,
  t: Translator,
  organization: Pick<OrganizationRow, 'name' | 'type'>,
  rows: readonly InvitationRow[],
  me: UserRow,
  locale: Locales,
): Promise<PendingInvitationView[]> => {
  await limitInvitationResends(app.limiter, t, rows.map((row) => row.id))
  const now = app.clock()
  const expiresAt = secondsAfter(now, app.config.invitationTtl)
  const issued = await commitThenSend(app, async (tx) => {
    const byOrganization = new Map<number, number>()
    for (const row of rows) byOrganization.set(row.organizationId, (byOrganization.get(row.organizationId) ?? 0) + 1)
    await holdInvitationCounts(tx, byOrganization.keys(), now)
    const accounts = await accountsByEmail(tx, rows.map((row) => row.email))
    const out: IssuedInvitation[] = []
    for (const row of rows) {
      const token = newToken()
      const [updated] = await tx
        .update(invitations)
        .set({ tokenHash: hashToken(token), expiresAt, resentAt: now })
        .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
        .returning()
      if (!updated) throw invitationClosed(t)
      out.push({ row: updated, token, account: accounts.get(updated.email) })
    }
    await countInvitationMails(tx, byOrganization, invitationQuota(app, t), now)
    await mailInvitations(app, tx, organization, out, me, locale)
    return out
  })
  return pendingInvitationViews(app.db, issued.map(({ row }) => row.id), now)
}
