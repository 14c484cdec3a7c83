import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { joinStore, perShape, shapeOf, versionColumns, versionValues, versionsFrom, type RequestScope, type Versions } from '../db/read-cache.js'
import { sessions, users, type SessionMethod, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { secondsAfter } from './clock.js'
import { hashToken, newToken } from './tokens.js'

/** Bearer sessions: the client holds the token, the store holds its hash. */

export interface NewSession {
  token: string
  userId: number
  expiresAt: Date
}

/** A new session; `method` records how the person authenticated (a password unless said otherwise). */
export const createSession = async (
  db: Executor,
  userId: number,
  now: Date,
  ttlSeconds: number,
  method: SessionMethod = 'password',
): Promise<NewSession> => {
  const token = newToken()
  const expiresAt = secondsAfter(now, ttlSeconds)
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, method, createdAt: now, expiresAt })
  return { token, userId, expiresAt }
}

export interface ActiveSession {
  sessionId: number
  /** How and when the session was authenticated (see reauthentication.ts). */
  method: SessionMethod
  authenticatedAt: Date
  user: UserRow
  expiresAt: Date
  /**
   * The versions of the scopes this request may read (its user's, and its organization's or the
   * platform's), read at its start with the session or alone (server/db/read-cache.ts).
   */
  cacheVersion: Versions
}

const activeSessionQuery = perShape('active_session', (db, shape, name) =>
  db
    .select({
      sessionId: sessions.id,
      method: sessions.method,
      authenticatedAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: users,
      versions: versionColumns(sql`${users.id}`, shape),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(joinStore.table, joinStore.on)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.disabled, false),
      ),
    )
    .limit(1)
    .prepare(name),
)

/**
 * The live session of a token: known, not revoked, not expired, of an account that is not disabled,
 * with the versions of its user's scope and of `scope` in the same statement. Every secured call whose
 * session is not kept runs it, so its query is built once per shape of scope (perShape).
 */
export const findActiveSession = async (db: Executor, token: string, now: Date, scope: RequestScope = {}): Promise<ActiveSession | undefined> => {
  const [row] = await activeSessionQuery(db, shapeOf(scope)).execute({ tokenHash: hashToken(token), now: now.toISOString(), ...versionValues(scope) })
  if (!row) return undefined
  const { versions, ...session } = row
  return { ...session, cacheVersion: versionsFrom(session.user.id, versions) }
}

export const revokeSession = async (db: Executor, sessionId: number, now: Date): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every session of a user, except `keepSessionId` when given. */
export const revokeUserSessions = async (db: Executor, userId: number, now: Date, keepSessionId?: number): Promise<void> => {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId))
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
}
