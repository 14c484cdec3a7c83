import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm'
import { credentials, sessions, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/**
 * The first proof of an account's address: its mailed confirmation link, a provider sign-in whose
 * e-mail the provider verified, or a password reset link. Until then anyone may have made the account
 * or added to it (a sign-up with someone else's address and a password of one's own, a provider
 * identity that claimed the address without proving it), so the proof leaves only what the person
 * proving holds: the password when they typed it, the provider identity they signed in with. Every
 * other password and provider identity of the account and every session go, in the caller's transaction.
 */

/** What a first proof took away, for the page to say (the contract's `removed`). */
export type Removed = 'password' | 'social_sign_in' | 'sessions'

export interface ProverHolds {
  /** The prover typed the account's password: it stays. */
  password: boolean
  /** The provider identity the prover signed in with: it stays. */
  identity?: { issuer: string; subject: string }
}

export const proveAddressFirstTime = async (db: Executor, userId: number, now: Date, holds: ProverHolds): Promise<Removed[]> => {
  const removed: Removed[] = []
  await db.update(users).set({ confirmedAt: now }).where(and(eq(users.id, userId), isNull(users.confirmedAt)))
  if (!holds.password) {
    const passwords = await db
      .delete(credentials)
      .where(and(eq(credentials.userId, userId), isNotNull(credentials.passwordHash)))
      .returning({ id: credentials.id })
    if (passwords.length) removed.push('password')
  }
  const kept = holds.identity
  const identities = await db
    .delete(credentials)
    .where(
      and(
        eq(credentials.userId, userId),
        isNotNull(credentials.oidcSubject),
        kept ? or(ne(credentials.oidcIssuer, kept.issuer), ne(credentials.oidcSubject, kept.subject)) : undefined,
      ),
    )
    .returning({ id: credentials.id })
  if (identities.length) removed.push('social_sign_in')
  // revokeUserSessions, counting what it ended
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  if (ended.length) removed.push('sessions')
  return removed
}
