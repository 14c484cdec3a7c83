import { createSession } from '../auth/sessions.js'
import type { Handler } from '../contract/handler.js'
import { badRequest, detailError } from '../http/errors.js'
import { limitLogin } from '../services/rate-limit.js'
import { spendVerificationTime, verifyPassword } from './passwords.js'
import { findUserByEmail, passwordHashOf } from './queries.js'

/** POST /v1/accounts/login-legacy/ — e-mail and password for a session. */
export const login: Handler<'login'> = async ({ body, app, t, ip }) => {
  // counted as a failure until the password proves right
  const attempt = await limitLogin(app.limiter, t, ip, body.email)
  const user = await findUserByEmail(app.db, body.email)
  const passwordHash = user ? await passwordHashOf(app.db, user.id) : undefined
  if (!user || !passwordHash) {
    await spendVerificationTime(body.password)
    throw badRequest(t.api.invalidCredentials(), 'invalid_credentials')
  }
  if (!(await verifyPassword(passwordHash, body.password))) throw badRequest(t.api.invalidCredentials(), 'invalid_credentials')
  await attempt.succeeded()
  // only the owner of the password learns these
  if (user.disabled) throw detailError(403, t.api.accountDisabled(), 'disabled')
  if (!user.confirmedAt) throw detailError(403, t.api.accountNotConfirmed(), 'unconfirmed')
  const session = await createSession(app.db, user.id, app.clock(), app.config.sessionTtl)
  return { token: session.token, user_id: user.id, expires_at: session.expiresAt.toISOString() }
}
