import { sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { isLocale } from '../../locales/languages.js'
import type { Locales } from '../../locales/i18n-types.js'
import { secondsAfter } from '../auth/clock.js'
import { hashToken, newToken } from '../auth/tokens.js'
import type { AppContext } from '../context.js'
import { invitations, type InvitationRow, type OrganizationRow, type Role, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { sendInvitationMail } from './mails.js'
import { inviteLink } from './payload.js'
import { accountsByEmail, type InviteeAccount } from './queries.js'

/**
 * Issuing invitations by e-mail, in two steps so that the rows can be written inside a caller's
 * transaction and the mails sent once it has committed:
 *   const issued = await db.transaction((tx) => storeInvitations(tx, ...))
 *   await mailInvitations(app, organization, issued, inviter, locale)
 * Used by POST /v1/accounts/invite/ and by the creation of an organization (its owner's invitation).
 */

export interface InvitationRequest {
  organizationId: number
  role: Role
  emails: readonly string[]
  groupId?: number | null
  autoJoin?: boolean
  invitedBy: number
  now: Date
  /** How long the link works (INVITATION_TTL of the configuration). */
  ttlSeconds: number
}

export interface IssuedInvitation {
  row: InvitationRow
  /** The secret of the link; only its hash is stored. */
  token: string
  /** The account the address had when the invitation was made. */
  account: InviteeAccount | undefined
}

/**
 * Stores one invitation per (lower-cased, deduplicated) address. An address that already has a pending
 * invitation for the role gets it refreshed (new token, new expiry) and counts as resent, not a second one.
 */
export const storeInvitations = async (db: Executor, request: InvitationRequest): Promise<IssuedInvitation[]> => {
  const emails = [...new Set(request.emails.map((email) => email.toLowerCase()))]
  const expiresAt = secondsAfter(request.now, request.ttlSeconds)
  const groupId = request.groupId ?? null
  const autoJoin = request.autoJoin ?? false
  const accounts = await accountsByEmail(db, emails)
  const out: IssuedInvitation[] = []
  for (const email of emails) {
    const token = newToken()
    const [row] = await db
      .insert(invitations)
      .values({
        organizationId: request.organizationId,
        role: request.role,
        groupId,
        autoJoin,
        invitedBy: request.invitedBy,
        expiresAt,
        email,
        tokenHash: hashToken(token),
        created: request.now,
      })
      .onConflictDoUpdate({
        target: [invitations.organizationId, invitations.email, invitations.role],
        targetWhere: sql`${invitations.status} = 'pending'`,
        set: { tokenHash: hashToken(token), expiresAt, invitedBy: request.invitedBy, groupId, autoJoin, resentAt: request.now },
      })
      .returning()
    if (!row) throw new Error('the invitation was not stored')
    out.push({ row, token, account: accounts.get(email) })
  }
  return out
}

/**
 * Mails each invitation its link `<PUBLIC_URL>/invite/<token>`: in the invitee's language when
 * they have an account, else in the inviter's (or, failing that, the requester's).
 */
export const mailInvitations = async (
  app: AppContext,
  organization: Pick<OrganizationRow, 'name' | 'type'>,
  issued: readonly IssuedInvitation[],
  inviter: Pick<UserRow, 'language'>,
  requesterLocale: Locales,
): Promise<void> => {
  const inviterLanguage = isLocale(inviter.language) ? inviter.language : requesterLocale
  for (const { row, token, account } of issued) {
    await sendInvitationMail(app, {
      to: row.email,
      language: account && isLocale(account.language) ? account.language : inviterLanguage,
      name: account?.firstName,
      organizationName: organization.name,
      organizationType: organization.type,
      role: row.role,
      link: inviteLink(app.config.publicUrl, token),
      expiresAt: row.expiresAt,
    })
  }
}

export const invitationView = (row: InvitationRow): components['schemas']['Invitation'] => ({
  id: row.id,
  email: row.email,
  role: row.role,
  organization: row.organizationId,
  status: row.status,
  created: row.created.toISOString(),
})
