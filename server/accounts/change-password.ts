import { requireAuth } from '../auth/authenticate.js'
import { revokeUserSessions } from '../auth/sessions.js'
import type { Handler } from '../contract/handler.js'
import { ApiError } from '../http/errors.js'
import { requiredMessage } from '../contract/validation-messages.js'
import { accountFor } from './access.js'
import { sendPasswordChangedMail } from './mails.js'
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js'
import { passwordHashOf, setPasswordHash } from './queries.js'
import { requireFreshSocialSignIn } from './reauthentication.js'
import { commitThenSend } from '../services/outbox.js'

/**
 * PUT /v1/accounts/{id}/password — one's own password. With a password: the current one and the new
 * one; without (a social account defining one): the new one twice, from a fresh social sign-in
 * (reauthentication.ts). The account's other sessions end, and a notice is mailed.
 */
export const changePassword: Handler<'changePassword'> = async (call) => {
  const { body, app, t } = call
  const session = requireAuth(call)
  const { user: me, sessionId } = session
  const user = await accountFor(app.db, t, me, call.params.id, 'changePassword')
  const current = await passwordHashOf(app.db, user.id)
  if (!current) requireFreshSocialSignIn(t, session, app.clock())

  const errors: Record<string, string> = {}
  if (current) {
    if (body.current_password === undefined) errors.current_password = requiredMessage(t, 'current_password')
    else if (!(await verifyPassword(current, body.current_password))) errors.current_password = t.api.currentPasswordWrong()
  } else if (body.confirm_new_password === undefined) {
    errors.confirm_new_password = t.api.required()
  }
  if (body.confirm_new_password !== undefined && body.confirm_new_password !== body.new_password) {
    errors.confirm_new_password = t.validation.passwordsDontMatch()
  }
  const problem = passwordProblem(t, body.new_password, user)
  if (problem) errors.new_password = problem
  if (Object.keys(errors).length > 0) {
    throw new ApiError(400, Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])))
  }

  const passwordHash = await hashPassword(body.new_password)
  const now = app.clock()
  await commitThenSend(app, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash)
    await revokeUserSessions(tx, user.id, now, sessionId)
    await sendPasswordChangedMail(app, tx, user)
  })
}
