import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import { userScope } from '../db/read-cache.js'
import { ApiError } from '../http/errors.js'
import { requestScope } from './request-scope.js'
import { findActiveSession, type ActiveSession } from './sessions.js'
import { hashToken } from './tokens.js'

/**
 * The bearer-session check of the calls the contract secures. Any failure is the same 401
 * `{"detail": "Session expired"}`: this English text is what ends a session in the browser.
 */

export const SESSION_EXPIRED = 'Session expired'

export const sessionExpired = () =>
  new ApiError(401, { detail: SESSION_EXPIRED }, { 'www-authenticate': 'Bearer error="invalid_token"' })

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  return header ? BEARER.exec(header)?.[1] : undefined
}

/** What a token's session is kept under in the readings. */
const sessionKey = (token: string) => `session ${hashToken(token)}`

/**
 * A session kept in this process for the request's token, unexpired, with the version of its user's scope
 * it was kept at, without reading the store: not checked yet. A call whose own statement checks that version
 * (practice ingestion, server/practice/record-events.ts: the app's busiest call, one statement instead of
 * two) is given it as it is; the statement writes nothing unless the user's version is still `userVersion`,
 * and the call then authenticates in full, as every other call does first (a revoked session or a disabled
 * account moves that version: db/read-cache.ts).
 */
export interface UncheckedSession {
  session: ActiveSession
  userVersion: number
}

/** The calls whose statement checks a kept session itself (UncheckedSession); every other call authenticates first. */
export const CHECK_SESSION_IN_STATEMENT: ReadonlySet<string> = new Set(['recordPracticeEvents'])

export const keptSession = (app: AppContext, request: FastifyRequest): UncheckedSession | undefined => {
  const token = bearerToken(request)
  if (!token || token.length > 200) return undefined
  const kept = app.readings.peek<ActiveSession>(sessionKey(token))
  if (!kept || kept.value.expiresAt <= app.clock()) return undefined
  const userVersion = kept.made.get(userScope(kept.value.user.id))
  return userVersion === undefined ? undefined : { session: kept.value, userVersion }
}

export const authenticate = async (app: AppContext, request: FastifyRequest): Promise<ActiveSession> => {
  const token = bearerToken(request)
  if (!token || token.length > 200) throw sessionExpired()
  const now = app.clock()
  const scope = requestScope(request)
  const key = sessionKey(token)
  // the session as kept while its user's scope has not changed (db/read-cache.ts), the versions of the
  // request's scopes read in one statement; else the session as the store has it now, with them
  const kept = app.readings.peek<ActiveSession>(key)?.value
  if (kept && kept.expiresAt > now) {
    const versions = await app.readings.versions(kept.user.id, scope)
    if (app.readings.get(versions, key) === kept) return { ...kept, cacheVersion: versions }
  }
  const session = await findActiveSession(app.db, token, now, scope)
  if (!session) throw sessionExpired()
  // shared by the requests that find it kept: nobody may change it
  Object.freeze(session.user)
  const user = userScope(session.user.id)
  app.readings.keep(new Map([[user, session.cacheVersion.of.get(user)!]]), key, Object.freeze(session))
  return session
}

/** The session of a secured call (the route's hook has checked it already). */
export const requireAuth = (call: { auth: ActiveSession | null }): ActiveSession => {
  if (!call.auth) throw sessionExpired()
  return call.auth
}
