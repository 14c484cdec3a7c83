import { peekToken } from '../auth/one-time-tokens.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'

/**
 * POST /v1/accounts/reset_password/validate/ — whether a reset link can still be used, without using
 * it: the page tells a dead link at once instead of after the person typed a new password.
 */
export const validateResetToken: Handler<'validateResetToken'> = async ({ body, app, t }) => {
  const pending = await peekToken(app.db, 'reset', body.token, app.clock())
  if (!pending?.userId) throw fieldErrors({ token: t.api.resetLinkInvalid() })
}
