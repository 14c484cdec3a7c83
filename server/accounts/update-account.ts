import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import { accountFor } from './access.js'
import { issueConfirmation, issueEmailUndo } from './confirmation.js'
import { sendConfirmNewEmailMail, sendEmailChangeRequestedMail } from './mails.js'
import { emailTakenByOther, isUniqueViolation } from './queries.js'
import { requireReauthentication } from './reauthentication.js'
import { commitThenSend } from '../services/outbox.js'
import { userView } from './user-view.js'

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null)

/**
 * PATCH /v1/accounts/{id} — names, username, phone, language; a new e-mail waits in unconfirmed_email
 * until the link mailed to it is opened (the current address stays the login until then). Asking for a
 * new e-mail takes the caller's current password or a fresh social sign-in (reauthentication.ts), and
 * the current address is mailed an undo link (undo-email-change.ts).
 */
export const updateAccount: Handler<'updateAccount'> = async (call) => {
  const { body, app, t } = call
  const session = requireAuth(call)
  const { user: me } = session
  const user = await accountFor(app.db, t, me, call.params.id, 'updateAccount')
  const now = app.clock()

  const changes: Partial<typeof users.$inferInsert> = {}
  if (body.first_name !== undefined) changes.firstName = body.first_name.trim()
  if (body.last_name !== undefined) changes.lastName = body.last_name.trim()
  if (body.username !== undefined) changes.username = blankToNull(body.username)
  if (body.phone_code !== undefined) changes.phoneCode = blankToNull(body.phone_code)
  if (body.phone_number !== undefined) changes.phoneNumber = blankToNull(body.phone_number)
  if (body.language !== undefined) changes.language = body.language

  let newEmail: string | undefined
  if (body.email !== undefined) {
    if (body.email.toLowerCase() === user.email.toLowerCase()) {
      // back to the current address: the pending change is dropped
      changes.unconfirmedEmail = null
    } else {
      await requireReauthentication(app.db, t, session, body.current_password, now)
      if (await emailTakenByOther(app.db, body.email, user.id)) throw fieldErrors({ email: t.api.emailTaken() })
      changes.unconfirmedEmail = body.email
      newEmail = body.email
    }
  }

  let result
  try {
    result = await commitThenSend(app, async (tx) => {
      const [updated] = Object.keys(changes).length
        ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
        : [user]
      if (!updated) throw new Error('the account disappeared during the update')
      if (!newEmail) return { updated }
      // the two links with their mails: the new address's confirmation, the current one's undo
      await sendConfirmNewEmailMail(app, tx, updated, newEmail, await issueConfirmation(tx, updated, newEmail, now))
      const undo = await issueEmailUndo(tx, updated, { previous: updated.email, requested: newEmail }, now)
      await sendEmailChangeRequestedMail(app, tx, updated, newEmail, undo)
      return { updated }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ email: t.api.emailTaken() })
    throw error
  }
  return userView(app.db, result.updated)
}
