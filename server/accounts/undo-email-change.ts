import { eq } from 'drizzle-orm'
import { consumeToken, retireUserTokens } from '../auth/one-time-tokens.js'
import { revokeUserSessions } from '../auth/sessions.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import type { UndoEmailPayload } from './confirmation.js'
import { emailTakenByOther, findUserById, isUniqueViolation } from './queries.js'

/**
 * POST /v1/accounts/email/undo/ — opens the undo link mailed to the old address of an e-mail change.
 * The account gets back the address the link was mailed to (a pending change is dropped, a confirmed
 * one reverted), every session of the account ends, and the answer tells the person to reset their
 * password: whoever asked for the change may know it. No session is needed; the link is the proof.
 */
export const undoEmailChange: Handler<'undoEmailChange'> = async ({ body, app, t }) => {
  const now = app.clock()
  const invalid = () => fieldErrors({ token: t.api.undoLinkInvalid() })
  try {
    await app.db.transaction(async (tx) => {
      const token = await consumeToken<UndoEmailPayload>(tx, 'undo-email', body.token, now)
      if (!token?.userId) throw invalid()
      const user = await findUserById(tx, token.userId)
      if (!user) throw invalid()
      const { previous } = token.payload
      if (await emailTakenByOther(tx, previous, user.id)) throw fieldErrors({ token: t.api.emailTaken() })
      await tx.update(users).set({ email: previous, unconfirmedEmail: null }).where(eq(users.id, user.id))
      // the links of the change (and of any other change asked meanwhile) stop working
      await retireUserTokens(tx, user.id, 'confirm', now)
      await retireUserTokens(tx, user.id, 'undo-email', now)
      await revokeUserSessions(tx, user.id, now)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ token: t.api.emailTaken() })
    throw error
  }
  return { detail: t.api.emailChangeUndone() }
}
