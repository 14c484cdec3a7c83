import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import { accountFor } from './access.js'
import { issueConfirmation } from './confirmation.js'
import { sendConfirmNewEmailMail } from './mails.js'
import { emailTakenByOther, isUniqueViolation } from './queries.js'
import { userView } from './user-view.js'

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null)

/**
 * PATCH /v1/accounts/{id} — names, username, phone, language; a new e-mail waits in unconfirmed_email
 * until the link mailed to it is opened (the current address stays the login until then).
 */
export const updateAccount: Handler<'updateAccount'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
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
      if (await emailTakenByOther(app.db, body.email, user.id)) throw fieldErrors({ email: t.api.emailTaken() })
      changes.unconfirmedEmail = body.email
      newEmail = body.email
    }
  }

  let result
  try {
    result = await app.db.transaction(async (tx) => {
      const [updated] = Object.keys(changes).length
        ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
        : [user]
      if (!updated) throw new Error('the account disappeared during the update')
      const confirmation = newEmail ? await issueConfirmation(tx, updated, newEmail, now) : undefined
      return { updated, confirmation }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ email: t.api.emailTaken() })
    throw error
  }
  if (newEmail && result.confirmation) await sendConfirmNewEmailMail(app, result.updated, newEmail, result.confirmation)
  return userView(app.db, result.updated)
}
