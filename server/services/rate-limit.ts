import { createHash } from 'node:crypto'
import { and, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import { secondsAfter, type Clock } from '../auth/clock.js'
import type { RateLimitConfig } from '../config.js'
import { rateLimits } from '../db/schema.js'
import type { Database, Executor } from '../db/store.js'
import { ApiError } from '../http/errors.js'

/**
 * Attempts per client address and per account e-mail, for the calls people could abuse to guess
 * passwords (login) or to flood someone's inbox (sign-up, password reset, resend confirmation).
 * Fixed windows counted in the store's `rate_limits` table, by one atomic statement per attempt (an
 * upsert that answers the new counts), so that every server process on one database shares them.
 */

/** One count: its key in `rate_limits`, and the attempts it allows per window. */
export interface Limit {
  key: string
  max: number
}

/**
 * The order in which statements lock several rows (PostgreSQL locks the rows of an upsert in the order
 * of its values): the keys' code points, JavaScript's string order, whatever the database's collation.
 */
const inKeyOrder = sql`${rateLimits.key} collate "C"`

/** How often a process deletes the expired counts; an expired count is otherwise reused in place. */
const SWEEP_EVERY_MS = 60_000

export class RateLimiter {
  private sweepDue = 0

  constructor(
    private readonly db: Database,
    readonly config: RateLimitConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt against every limit, in one statement. Answers the seconds to wait when one
   * of them is over its maximum, else 0. A refused attempt does not count: one already at its
   * maximum is refused before counting, so that a flood of refused attempts does not swell the other
   * counts it shares (an e-mail's, from all addresses), and one that raced past it is given back.
   */
  async count(limits: readonly Limit[]): Promise<number> {
    const now = this.clock()
    await this.sweep(now)
    const keys = limits.map(({ key }) => key)
    const current = await this.db
      .select()
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowEndsAt, now)))
    const full = secondsToWait(limits, current, now, (count, max) => count >= max)
    if (full > 0) return full

    const counted = await addToWindows(this.db, limits.map(({ key }) => ({ key, count: 1, seconds: this.config.windowSeconds })), now)
    const over = secondsToWait(limits, counted, now, (count, max) => count > max)
    if (over > 0) await this.giveBack(limits)
    return over
  }

  /** Takes one attempt back from each limit's current window: an attempt that turned out not to count. */
  async giveBack(limits: readonly Limit[]): Promise<void> {
    const rows = this.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, limits.map(({ key }) => key)), gt(rateLimits.windowEndsAt, this.clock())))
      .orderBy(inKeyOrder)
      .for('update')
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(inArray(rateLimits.key, rows))
  }

  /** Drops the counts of these limits. */
  async forget(limits: readonly Limit[]): Promise<void> {
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, limits.map(({ key }) => key)))
  }

  /** Forgets every attempt (tests). */
  async reset(): Promise<void> {
    await this.db.delete(rateLimits)
  }

  /** At most once a minute per process: the rows of past windows go (a scan of a small table). */
  private async sweep(now: Date) {
    if (now.getTime() < this.sweepDue) return
    this.sweepDue = now.getTime() + SWEEP_EVERY_MS
    // rows that another statement holds are left for the next sweep: the sweep never waits, so never deadlocks
    const expired = this.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lte(rateLimits.windowEndsAt, now))
      .for('update', { skipLocked: true })
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, expired))
  }
}

/**
 * Adds `count` to each window (its key in `rate_limits`, and the seconds a window started now lasts), in
 * one upsert that answers the rows as they are now; an expired window starts again with the count. The
 * rows are locked in key order, as by giveBack: two statements never wait for each other's rows in a
 * circle. Every count of the store goes through it: the attempts here, an organization's invitations a
 * day (invitations/quota.ts), a learner's practice events (practice/quota.ts).
 */
export const addToWindows = (db: Executor, windows: readonly { key: string; count: number; seconds: number }[], now: Date) => {
  const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const expired = lte(rateLimits.windowEndsAt, now)
  return db
    .insert(rateLimits)
    .values(sorted.map(({ key, count, seconds }) => ({ key, count, windowEndsAt: secondsAfter(now, seconds) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning()
}

/** The seconds until the latest window of the limits that `reached` ends (a window over is none); 0 when none has. */
export const secondsToWait = (
  limits: readonly Limit[],
  rows: readonly (typeof rateLimits.$inferSelect)[],
  now: Date,
  reached: (count: number, max: number) => boolean,
): number => {
  let wait = 0
  for (const row of rows) {
    const limit = limits.find(({ key }) => key === row.key)
    if (limit && row.windowEndsAt > now && reached(row.count, limit.max)) {
      wait = Math.max(wait, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000))
    }
  }
  return wait
}

/**
 * A key holds a digest of the e-mail and client address, not the values: the table does not keep a
 * list of typed e-mails, and any input (the contract's longest e-mail, a forwarded address) fits.
 */
const keyOf = (action: string, kind: string, ...values: string[]) =>
  `${action}:${kind}:${createHash('sha256').update(JSON.stringify(values)).digest('base64url')}`

const normalized = (email: string) => email.trim().toLowerCase()

/** 429 with Retry-After and a message in the requester's language. */
export const tooManyAttempts = (t: Translator, seconds: number) =>
  new ApiError(
    429,
    { detail: t.api.tooManyRequests({ seconds }), code: 'rate_limited' },
    { 'retry-after': String(seconds) },
  )

/** The calls that send mail: every attempt counts, whatever its outcome. */
export type LimitedAction = 'sign-up' | 'reset' | 'resend'

/** Counts an attempt of a call that sends mail, per client address and per e-mail; throws the 429 when over. */
export const limitAttempt = async (
  limiter: RateLimiter,
  t: Translator,
  action: LimitedAction,
  address: string,
  email: string,
): Promise<void> => {
  const wait = await limiter.count([
    { key: keyOf(action, 'address', address), max: limiter.config.perAddress },
    { key: keyOf(action, 'email', normalized(email)), max: limiter.config.perEmail },
  ])
  if (wait > 0) throw tooManyAttempts(t, wait)
}

/**
 * The app's download link by mail or text message (start-learning): per person, and per destination
 * (an address or a number), so that the call cannot flood anyone's inbox or phone.
 */
export const limitAppLink = async (limiter: RateLimiter, t: Translator, userId: number, destination: string): Promise<void> => {
  const wait = await limiter.count([
    { key: keyOf('app-link', 'person', String(userId)), max: limiter.config.perEmail },
    { key: keyOf('app-link', 'to', normalized(destination)), max: limiter.config.perEmail },
  ])
  if (wait > 0) throw tooManyAttempts(t, wait)
}

export interface LoginAttempt {
  /** The password was right: the attempt is not a failure, and the e-mail's failures from this address are forgotten. */
  succeeded(): Promise<void>
}

/**
 * Login counts failures only, against three limits:
 * - per e-mail from one client address (perEmail): stops a guesser there, and only there: failures
 *   elsewhere do not lock the owner out at their own address;
 * - per client address (perAddress): one address trying many e-mails;
 * - per e-mail from all addresses (perEmailAllAddresses, much higher): slows guessing spread over many
 *   addresses (locking the owner out that way takes perEmailAllAddresses / perEmail addresses a window).
 * An attempt counts as a failure from the start, so that guesses sent at once are all counted, and is
 * given back when the password proves right. Throws the 429 when a limit is already reached, whether
 * or not the password is right.
 */
export const limitLogin = async (limiter: RateLimiter, t: Translator, address: string, email: string): Promise<LoginAttempt> => {
  const { perAddress, perEmail, perEmailAllAddresses } = limiter.config
  const fromHere: Limit = { key: keyOf('login', 'email+address', normalized(email), address), max: perEmail }
  const others: Limit[] = [
    { key: keyOf('login', 'address', address), max: perAddress },
    { key: keyOf('login', 'email', normalized(email)), max: perEmailAllAddresses },
  ]
  const wait = await limiter.count([fromHere, ...others])
  if (wait > 0) throw tooManyAttempts(t, wait)
  return {
    succeeded: async () => {
      await limiter.forget([fromHere])
      await limiter.giveBack(others)
    },
  }
}

/**
 * Resending invitations mails their invitees: each invitation counts its resends (resendPerInvitation a
 * window), so that the resend buttons cannot flood an inbox. All of them are counted in one statement:
 * when one is over, none counts and the 429 is thrown (a bulk resend sends all or nothing).
 */
export const limitInvitationResends = async (limiter: RateLimiter, t: Translator, invitationIds: readonly number[]): Promise<void> => {
  const max = limiter.config.resendPerInvitation
  const wait = await limiter.count(invitationIds.map((id) => ({ key: keyOf('invitation-resend', 'invitation', String(id)), max })))
  if (wait > 0) throw tooManyAttempts(t, wait)
}

export interface JoinAttempt {
  /** The code was right: the attempt is no guess, and is given back. */
  succeeded(): Promise<void>
}

/**
 * Joining by code counts failed attempts per person and per client address (perEmail and perAddress a
 * window), so that codes cannot be found by trying: an attempt counts from the start (guesses sent at
 * once are all counted) and is given back when the code proves right.
 */
export const limitJoinCode = async (limiter: RateLimiter, t: Translator, userId: number, address: string): Promise<JoinAttempt> => {
  const limits: Limit[] = [
    { key: keyOf('join-code', 'person', String(userId)), max: limiter.config.perEmail },
    { key: keyOf('join-code', 'address', address), max: limiter.config.perAddress },
  ]
  const wait = await limiter.count(limits)
  if (wait > 0) throw tooManyAttempts(t, wait)
  return { succeeded: () => limiter.giveBack(limits) }
}

/**
 * Creating one's own organization at onboarding (createOwnOrganization): per person, so that an account
 * cannot fill the store with organizations (a refused attempt, a taken username, counts too).
 */
export const limitOwnOrganization = async (limiter: RateLimiter, t: Translator, userId: number): Promise<void> => {
  const wait = await limiter.count([{ key: keyOf('own-organization', 'person', String(userId)), max: limiter.config.perEmail }])
  if (wait > 0) throw tooManyAttempts(t, wait)
}
