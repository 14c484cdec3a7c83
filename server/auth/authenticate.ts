import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import { ApiError } from '../http/errors.js'
import { findActiveSession, type ActiveSession } from './sessions.js'

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

export const authenticate = async (app: AppContext, request: FastifyRequest): Promise<ActiveSession> => {
  const token = bearerToken(request)
  if (!token || token.length > 200) throw sessionExpired()
  const session = await findActiveSession(app.db, token, app.clock())
  if (!session) throw sessionExpired()
  return session
}

/** The session of a secured call (the route's hook has checked it already). */
export const requireAuth = (call: { auth: ActiveSession | null }): ActiveSession => {
  if (!call.auth) throw sessionExpired()
  return call.auth
}
