import { and, gt, inArray } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import type { RateLimitConfig } from '../config.js'
import type { AppContext } from '../context.js'
import { organizations, rateLimits, type OrganizationRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { ApiError } from '../http/errors.js'
import { addToWindows } from '../services/rate-limit.js'

/**
 * How many invitations one organization may send a day, so that one admin (of an organization made a
 * minute ago at onboarding, say) cannot mail thousands of strangers in seconds: INVITATIONS_PER_DAY for
 * a verified organization, INVITATIONS_PER_DAY_UNVERIFIED (lower) until a platform admin verifies it,
 * or the organization's own number when a platform admin set one (organizations.invitations_per_day).
 *
 * What counts is an invitation mail: a new invitation, one mailed again because its address was invited
 * again after a day, and a resend. Inviting an address again within the day renews its invitation
 * without a mail, and does not count.
 *
 * Counted in the store's `rate_limits` table, like the other limits, so that every server process on one
 * database shares the counts: one row per organization, a window starting with the first invitation
 * counted in it and lasting a day. The count is taken in the transaction that writes the invitations:
 * its row is locked first (`holdInvitationCounts`), before any invitation, so that calls at once for
 * one organization are counted one after the other; and a call that passes the cap throws the 429, which
 * rolls back its invitations and its count alike (all of a call is sent, or none of it).
 */

export const INVITATION_DAY_SECONDS = 24 * 60 * 60

/** What the counting needs from the caller: the configured caps, and the requester's language for the 429. */
export interface InvitationQuota {
  perDay: number
  perDayUnverified: number
  t: Translator
}

export const invitationQuota = (app: Pick<AppContext, 'config'>, t: Translator): InvitationQuota => ({
  perDay: app.config.rateLimit.invitationsPerDay,
  perDayUnverified: app.config.rateLimit.invitationsPerDayUnverified,
  t,
})

type CapFields = Pick<OrganizationRow, 'isVerified' | 'invitationsPerDay'>

/** The invitations an organization may send a day: its own number, else the default of verified or unverified ones. */
export const invitationCapOf = (organization: CapFields, quota: Pick<RateLimitConfig, 'invitationsPerDay' | 'invitationsPerDayUnverified'>) =>
  organization.invitationsPerDay ?? (organization.isVerified ? quota.invitationsPerDay : quota.invitationsPerDayUnverified)

const keyOf = (organizationId: number) => `invitations:day:${organizationId}`

/**
 * Adds `counts` (invitation mails by organization) to the organizations' windows in `tx`, in key order
 * (the order an upsert locks its rows in: two calls never wait for each other in a circle); an expired
 * window starts again. With zeros it only takes the rows' locks. Answers the rows as they are now.
 */
const addCounts = async (tx: Executor, counts: ReadonlyMap<number, number>, now: Date) => {
  if (counts.size === 0) return []
  return addToWindows(
    tx,
    [...counts].map(([organizationId, count]) => ({ key: keyOf(organizationId), count, seconds: INVITATION_DAY_SECONDS })),
    now,
  )
}

/** Takes the organizations' counts for the rest of `tx`, before it writes any invitation. */
export const holdInvitationCounts = async (tx: Executor, organizationIds: Iterable<number>, now: Date): Promise<void> => {
  await addCounts(tx, new Map([...new Set(organizationIds)].map((id) => [id, 0])), now)
}

/**
 * Counts the invitation mails of `tx` by organization; throws the 429 (which rolls `tx` back) when one
 * organization passes its cap, saying how many it may send a day, how many are left, and when to try again.
 */
export const countInvitationMails = async (tx: Executor, counts: ReadonlyMap<number, number>, quota: InvitationQuota, now: Date): Promise<void> => {
  const sending = new Map([...counts].filter(([, count]) => count > 0))
  if (sending.size === 0) return
  const rows = await addCounts(tx, sending, now)
  const caps = await tx
    .select({ id: organizations.id, isVerified: organizations.isVerified, invitationsPerDay: organizations.invitationsPerDay })
    .from(organizations)
    .where(inArray(organizations.id, [...sending.keys()]))
  const config = { invitationsPerDay: quota.perDay, invitationsPerDayUnverified: quota.perDayUnverified }
  for (const organization of caps) {
    const row = rows.find(({ key }) => key === keyOf(organization.id))
    const perDay = invitationCapOf(organization, config)
    if (!row || row.count <= perDay) continue
    const left = Math.max(0, perDay - (row.count - sending.get(organization.id)!))
    throw tooManyInvitations(quota.t, { perDay, left, verified: organization.isVerified, seconds: secondsUntil(row.windowEndsAt, now) })
  }
}

const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000))

/** 429 with Retry-After, saying what to do: send fewer, wait, or (not verified yet) have the organization verified. */
export const tooManyInvitations = (t: Translator, limit: { perDay: number; left: number; verified: boolean; seconds: number }) => {
  const words = { perDay: limit.perDay, left: limit.left, hours: Math.ceil(limit.seconds / 3600) }
  return new ApiError(
    429,
    { detail: limit.verified ? t.api.invitationsPerDay(words) : t.api.invitationsPerDayUnverified(words), code: 'invitation_limit' },
    { 'retry-after': String(limit.seconds) },
  )
}

export type InvitationAllowance = components['schemas']['InvitationAllowance']

/**
 * What an import's preview says before anything is sent: the organization's invitations a day, how many
 * it has left today, and how many the import would send at most (`toSend`); the confirmation of one that
 * would send more than are left is refused with the 429, as a whole.
 */
export const invitationAllowance = async (
  db: Executor,
  organization: CapFields & Pick<OrganizationRow, 'id'>,
  config: Pick<RateLimitConfig, 'invitationsPerDay' | 'invitationsPerDayUnverified'>,
  now: Date,
  toSend: number,
): Promise<InvitationAllowance> => {
  const perDay = invitationCapOf(organization, config)
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, [keyOf(organization.id)]), gt(rateLimits.windowEndsAt, now)))
  const left = Math.max(0, perDay - (row?.count ?? 0))
  return {
    per_day: perDay,
    left_today: left,
    to_send: toSend,
    verified: organization.isVerified,
    resets_at: row ? row.windowEndsAt.toISOString() : null,
  }
}
