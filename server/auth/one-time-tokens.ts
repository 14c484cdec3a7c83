import { and, eq, gt, isNull } from 'drizzle-orm'
import { oneTimeTokens, type TokenPurpose } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { secondsAfter } from './clock.js'
import { hashToken, newToken } from './tokens.js'

/**
 * Single-use secrets with a purpose and a lifetime: mailed links (confirm, reset), social tickets and
 * OIDC login state. Only the hash is stored; using one marks it in the same statement, so a token
 * cannot be used twice even by two requests at once.
 */

export interface IssuedToken {
  token: string
  expiresAt: Date
}

export interface TokenRecord<P> {
  id: number
  userId: number | null
  payload: P
  expiresAt: Date
}

interface TokenOptions {
  userId?: number | null
  payload?: object
  ttlSeconds: number
  now: Date
}

/** A new random token for `purpose`. */
export const issueToken = (db: Executor, purpose: TokenPurpose, options: TokenOptions): Promise<IssuedToken> =>
  storeToken(db, purpose, newToken(), options)

/** Stores a secret made elsewhere (the OIDC `state`) as a token. */
export const storeToken = async (
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  options: TokenOptions,
): Promise<IssuedToken> => {
  const expiresAt = secondsAfter(options.now, options.ttlSeconds)
  await db.insert(oneTimeTokens).values({
    purpose,
    tokenHash: hashToken(token),
    userId: options.userId ?? null,
    payload: options.payload ?? {},
    createdAt: options.now,
    expiresAt,
  })
  return { token, expiresAt }
}

const usable = (purpose: TokenPurpose, token: string, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  )

const columns = {
  id: oneTimeTokens.id,
  userId: oneTimeTokens.userId,
  payload: oneTimeTokens.payload,
  expiresAt: oneTimeTokens.expiresAt,
}

/** A token that is still usable, without using it. */
export const peekToken = async <P>(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<TokenRecord<P> | undefined> => {
  const [row] = await db.select(columns).from(oneTimeTokens).where(usable(purpose, token, now)).limit(1)
  return row as TokenRecord<P> | undefined
}

/**
 * A token whatever its state (used, expired or not), to say why a link no longer works; never a way
 * to use one.
 */
export const findIssuedToken = async <P>(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenRecord<P> | undefined> => {
  const [row] = await db
    .select(columns)
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1)
  return row as TokenRecord<P> | undefined
}

/** Uses a token: answers its record once, and never again. */
export const consumeToken = async <P>(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<TokenRecord<P> | undefined> => {
  const [row] = await db.update(oneTimeTokens).set({ usedAt: now }).where(usable(purpose, token, now)).returning(columns)
  return row as TokenRecord<P> | undefined
}

/** Retires the unused tokens of a purpose for a user (a new reset link replaces the older ones). */
export const retireUserTokens = async (db: Executor, userId: number, purpose: TokenPurpose, now: Date): Promise<void> => {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)))
}
