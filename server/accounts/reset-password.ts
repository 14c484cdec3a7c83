import { eq } from 'drizzle-orm'
import { consumeToken, peekToken, retireUserTokens } from '../auth/one-time-tokens.js'
import { revokeUserSessions } from '../auth/sessions.js'
import type { AppContext } from '../context.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import { issueToken } from '../auth/one-time-tokens.js'
import { commitThenSend } from '../services/outbox.js'
import { limitAttempt } from '../services/rate-limit.js'
import { RESET_TTL_SECONDS } from './confirmation.js'
import { proveAddressFirstTime } from './first-proof.js'
import { sendPasswordChangedMail, sendResetPasswordMail } from './mails.js'
import { hashPassword, passwordProblem } from './passwords.js'
import { findUserById, findUserByEmail, setPasswordHash } from './queries.js'

/**
 * POST /v1/accounts/reset_password/ — mails a link valid for one hour (a new link retires the older
 * ones). The answer is the same whether an account exists or not, and so is its time: the account is
 * looked up, the link issued and the mail written after the answer (app.background), the link and its
 * mail in one transaction.
 */
export const resetPassword: Handler<'resetPassword'> = async ({ body, app, t, ip }) => {
  await limitAttempt(app.limiter, t, 'reset', ip, body.email)
  app.background.run('password reset mail', () => mailResetLink(app, body.email))
  return { detail: t.api.resetSent() }
}

const mailResetLink = async (app: AppContext, email: string): Promise<void> => {
  const user = await findUserByEmail(app.db, email)
  if (!user || user.disabled) return
  const now = app.clock()
  await commitThenSend(app, async (tx) => {
    await retireUserTokens(tx, user.id, 'reset', now)
    await sendResetPasswordMail(app, tx, user, await issueToken(tx, 'reset', { userId: user.id, ttlSeconds: RESET_TTL_SECONDS, now }))
  })
}

/**
 * POST /v1/accounts/reset_password/confirm/ — the link's token and a new password. Every session of
 * the account ends, and the e-mail counts as confirmed (the link reached it); when that is the first
 * proof of the address, the provider identities linked before it go too.
 */
export const resetPasswordConfirm: Handler<'resetPasswordConfirm'> = async ({ body, app, t }) => {
  const now = app.clock()
  // the password is checked before the link is used, so that a refused password does not spend the link
  const pending = await peekToken(app.db, 'reset', body.token, now)
  const owner = pending?.userId ? await findUserById(app.db, pending.userId) : undefined
  if (!owner) throw fieldErrors({ token: t.api.resetLinkInvalid() })
  const problem = passwordProblem(t, body.password, owner)
  if (problem) throw fieldErrors({ password: problem })
  const passwordHash = await hashPassword(body.password)

  const userId = await commitThenSend(app, async (tx) => {
    const token = await consumeToken(tx, 'reset', body.token, now)
    if (!token?.userId) return undefined
    await setPasswordHash(tx, token.userId, passwordHash)
    const [user] = await tx.select({ confirmedAt: users.confirmedAt }).from(users).where(eq(users.id, token.userId))
    // the link reached the address: on an unconfirmed account, the first proof of it (first-proof.ts)
    if (user && !user.confirmedAt) await proveAddressFirstTime(tx, token.userId, now, { password: true })
    await revokeUserSessions(tx, token.userId, now)
    const changed = await findUserById(tx, token.userId)
    if (changed) await sendPasswordChangedMail(app, tx, changed)
    return token.userId
  })
  if (userId === undefined) throw fieldErrors({ token: t.api.resetLinkInvalid() })
  return { detail: t.api.passwordResetDone() }
}
