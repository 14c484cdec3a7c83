import { lte, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { isLocale } from '../../locales/languages.js'
import type { Locales } from '../../locales/i18n-types.js'
import { secondsAfter } from '../auth/clock.js'
import { hashToken, newToken } from '../auth/tokens.js'
import type { AppContext } from '../context.js'
import { invitations, type InvitationRow, type OrganizationRow, type Role, type UserRow } from '../db/schema.js'
import type { Executor, Transaction } from '../db/store.js'
import type { OutgoingMail } from '../services/mail.js'
import { addInvitationClass } from './class-invitation.js'
import { invitationMail } from './mails.js'
import { inviteLink } from './payload.js'
import { countInvitationMails, holdInvitationCounts, INVITATION_DAY_SECONDS, type InvitationQuota } from './quota.js'
import { accountsByEmail, type InviteeAccount } from './queries.js'

/**
 * Issuing invitations by e-mail, in two steps inside a caller's transaction, so that the invitations
 * and their mails (in the outbox) are written together: after a crash at any point both exist or
 * neither, and the outbox's worker sends the mails once the transaction has committed:
 *   await commitThenSend(app, async (tx) => {
 *     const issued = await storeInvitations(tx, ...)
 *     await mailInvitations(app, tx, organization, issued, inviter, locale)
 *   })
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
  /**
   * The organization's invitations a day (quota.ts): a call that passes them is refused whole, with the
   * 429. Every call of the API gives it; without it (tests and benchmarks storing rows directly) nothing is counted.
   */
  quota?: InvitationQuota
}

export interface IssuedInvitation {
  row: InvitationRow
  /**
   * The secret of the link to mail; only its hash is stored. Null for an invitation renewed without a
   * mail: its address was mailed within the day, and the link mailed then still works (it is not rotated).
   */
  token: string | null
  /** The account the address had when the invitation was made. */
  account: InviteeAccount | undefined
}

/**
 * Stores one invitation per (lower-cased, deduplicated) address. An address that already has a pending
 * invitation for the role gets it renewed (a new expiry), not a second one: mailed again with a new token
 * (counted as resent) when its last mail is a day old or more, else without a mail and with its token
 * kept (token null), so that inviting an address five times in a row mails it once. With `groupId` the
 * class is added to the ones it was for (class-invitation.ts). The mails count against the organization's
 * invitations a day (quota.ts), in the caller's transaction: over them, the 429 is thrown.
 */
export const storeInvitations = (db: Executor, request: InvitationRequest): Promise<IssuedInvitation[]> =>
  storeInvitationBatch(
    db,
    request.emails.map((email) => ({ organizationId: request.organizationId, email })),
    request,
  )

/** The rows of one statement: a few hundred keep it well within a statement's parameters. */
const BATCH_ROWS = 500

/**
 * Invitations of one role for (organization, address) pairs of several organizations, as storeInvitations
 * for each, in a few statements (an import invites the owners of thousands of organizations at once).
 * Answers them in the order given, less duplicates.
 */
export const storeInvitationBatch = async (
  db: Executor,
  pairs: ReadonlyArray<{ organizationId: number; email: string }>,
  request: Omit<InvitationRequest, 'organizationId' | 'emails'>,
): Promise<IssuedInvitation[]> => {
  const unique = new Map(pairs.map(({ organizationId, email }) => [`${organizationId} ${email.toLowerCase()}`, { organizationId, email: email.toLowerCase() }]))
  const wanted = [...unique.values()]
  const expiresAt = secondsAfter(request.now, request.ttlSeconds)
  const groupId = request.groupId ?? null
  const autoJoin = request.autoJoin ?? false
  // the organizations' counts are locked before any invitation: calls at once for one are counted in turn
  if (request.quota) await holdInvitationCounts(db, wanted.map(({ organizationId }) => organizationId), request.now)
  const accounts = await accountsByEmail(db, [...new Set(wanted.map(({ email }) => email))])
  // an invitation last mailed before this is mailed again; one mailed since is renewed without a mail
  const remail = lte(sql`coalesce(${invitations.resentAt}, ${invitations.created})`, new Date(request.now.getTime() - INVITATION_DAY_SECONDS * 1000))
  const mails = new Map<number, number>()
  const out: IssuedInvitation[] = []
  for (let start = 0; start < wanted.length; start += BATCH_ROWS) {
    const slice = wanted.slice(start, start + BATCH_ROWS).map((pair) => ({ ...pair, token: newToken() }))
    const rows = await db
      .insert(invitations)
      .values(
        slice.map(({ organizationId, email, token }) => ({
          organizationId,
          role: request.role,
          organizationWide: groupId === null,
          autoJoin,
          invitedBy: request.invitedBy,
          expiresAt,
          email,
          tokenHash: hashToken(token),
          created: request.now,
        })),
      )
      .onConflictDoUpdate({
        target: [invitations.organizationId, invitations.email, invitations.role],
        targetWhere: sql`${invitations.status} = 'pending'`,
        set: {
          tokenHash: sql`case when ${remail} then excluded.token_hash else ${invitations.tokenHash} end`,
          expiresAt,
          invitedBy: request.invitedBy,
          // the classes it was for stay (invitation_groups); once made to the organization, it stays so
          organizationWide: sql`${invitations.organizationWide} or excluded.organization_wide`,
          autoJoin,
          resentAt: sql`case when ${remail} then ${request.now} else ${invitations.resentAt} end`,
        },
      })
      .returning()
    if (groupId !== null) await addInvitationClass(db, rows.map((row) => row.id), groupId)
    const byPair = new Map(rows.map((row) => [`${row.organizationId} ${row.email}`, row]))
    for (const { token, email, organizationId } of slice) {
      const row = byPair.get(`${organizationId} ${email}`)
      if (!row) throw new Error('the invitation was not stored')
      const mailed = row.tokenHash === hashToken(token)
      if (mailed) mails.set(organizationId, (mails.get(organizationId) ?? 0) + 1)
      out.push({ row, token: mailed ? token : null, account: accounts.get(email) })
    }
  }
  if (request.quota) await countInvitationMails(db, mails, request.quota, request.now)
  return out
}

/**
 * The mail of each invitation, with its link `<PUBLIC_URL>/invite/<token>`: in the invitee's language
 * when they have an account, else in the inviter's (or, failing that, the requester's).
 */
export const invitationMails = (
  app: Pick<AppContext, 'config'>,
  organization: Pick<OrganizationRow, 'name' | 'type'>,
  issued: readonly IssuedInvitation[],
  inviter: Pick<UserRow, 'language'>,
  requesterLocale: Locales,
): OutgoingMail[] => {
  const inviterLanguage = isLocale(inviter.language) ? inviter.language : requesterLocale
  // a renewal within the day has no token: its address has the link mailed before
  return issued.flatMap(({ row, token, account }) =>
    token === null
      ? []
      : [
          invitationMail({
            to: row.email,
            language: account && isLocale(account.language) ? account.language : inviterLanguage,
            name: account?.firstName,
            organizationName: organization.name,
            organizationType: organization.type,
            role: row.role,
            link: inviteLink(app.config.publicUrl, token),
            expiresAt: row.expiresAt,
          }),
        ],
  )
}

/**
 * Mails each invitation its link (`invitationMails`), written to the outbox in `tx`, the transaction
 * that stored the invitations, a few hundred mails a statement; the worker sends them once it committed.
 */
export const mailInvitations = (
  app: Pick<AppContext, 'config' | 'mailer'>,
  tx: Transaction,
  organization: Pick<OrganizationRow, 'name' | 'type'>,
  issued: readonly IssuedInvitation[],
  inviter: Pick<UserRow, 'language'>,
  requesterLocale: Locales,
): Promise<void> => app.mailer.queue(tx, invitationMails(app, organization, issued, inviter, requesterLocale))

export const invitationView = (row: InvitationRow): components['schemas']['Invitation'] => ({
  id: row.id,
  email: row.email,
  role: row.role,
  organization: row.organizationId,
  status: row.status,
  created: row.created.toISOString(),
})
