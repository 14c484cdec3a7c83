import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { credentials, users, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/** The account queries: users by id, e-mail or provider identity, and their credentials. */

const sameEmail = (column: typeof users.email | typeof users.unconfirmedEmail, email: string) =>
  sql`lower(${column}) = lower(${email})`

export const findUserById = async (db: Executor, id: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** E-mail addresses are unique without regard to case. */
export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(sameEmail(users.email, email)).limit(1)
  return row
}

/** The account waiting to move to this address (an e-mail change not confirmed yet). */
export const findUserByUnconfirmedEmail = async (db: Executor, email: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(sameEmail(users.unconfirmedEmail, email)).limit(1)
  return row
}

export const emailTakenByOther = async (db: Executor, email: string, userId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(users.email, email), ne(users.id, userId)))
    .limit(1)
  return row !== undefined
}

export const findUserByOidc = async (db: Executor, issuer: string, subject: string): Promise<UserRow | undefined> => {
  const [row] = await db
    .select({ user: users })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.userId))
    .where(and(eq(credentials.oidcIssuer, issuer), eq(credentials.oidcSubject, subject)))
    .limit(1)
  return row?.user
}

export const passwordHashOf = async (db: Executor, userId: number): Promise<string | undefined> => {
  const [row] = await db
    .select({ passwordHash: credentials.passwordHash })
    .from(credentials)
    .where(and(eq(credentials.userId, userId), isNotNull(credentials.passwordHash)))
    .limit(1)
  return row?.passwordHash ?? undefined
}

/** Sets (or replaces) the password of an account. */
export const setPasswordHash = async (db: Executor, userId: number, passwordHash: string): Promise<void> => {
  const updated = await db
    .update(credentials)
    .set({ passwordHash })
    .where(and(eq(credentials.userId, userId), isNotNull(credentials.passwordHash)))
    .returning({ id: credentials.id })
  if (updated.length === 0) await db.insert(credentials).values({ userId, passwordHash })
}

export const linkOidcIdentity = async (db: Executor, userId: number, issuer: string, subject: string): Promise<void> => {
  await db.insert(credentials).values({ userId, oidcIssuer: issuer, oidcSubject: subject }).onConflictDoNothing()
}

/** Whether a database error is the violation of a unique index (two requests racing for one e-mail). */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
