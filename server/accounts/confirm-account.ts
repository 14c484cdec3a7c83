import { eq } from 'drizzle-orm'
import { consumeToken, findIssuedToken } from '../auth/one-time-tokens.js'
import type { AppContext } from '../context.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { limitAttempt } from '../services/rate-limit.js'
import { issueConfirmation, type ConfirmPayload } from './confirmation.js'
import { sendConfirmAccountMail, sendConfirmNewEmailMail, sendEmailChangedMail } from './mails.js'
import { emailTakenByOther, findUserByEmail, findUserById, findUserByUnconfirmedEmail, isUniqueViolation } from './queries.js'

/**
 * POST /v1/accounts/send_confirmation/ — a new confirmation link, for an account not confirmed yet or
 * for an e-mail change waiting for confirmation. The answer is the same in every case, and so is its
 * time: the account is looked up and the link mailed after the answer (app.background), the link and
 * its mail in one transaction.
 */
export const sendConfirmation: Handler<'sendConfirmation'> = async ({ body, app, t, ip }) => {
  await limitAttempt(app.limiter, t, 'resend', ip, body.email)
  app.background.run('confirmation mail', () => mailConfirmationAgain(app, body.email))
  return { detail: t.api.confirmationSent() }
}

const mailConfirmationAgain = async (app: AppContext, email: string): Promise<void> => {
  const now = app.clock()
  const account = await findUserByEmail(app.db, email)
  if (account && !account.confirmedAt && !account.disabled) {
    await commitThenSend(app, async (tx) => sendConfirmAccountMail(app, tx, account, await issueConfirmation(tx, account, account.email, now)))
    return
  }
  const changing = await findUserByUnconfirmedEmail(app.db, email)
  if (changing?.unconfirmedEmail && !changing.disabled) {
    const address = changing.unconfirmedEmail
    await commitThenSend(app, async (tx) => sendConfirmNewEmailMail(app, tx, changing, address, await issueConfirmation(tx, changing, address, now)))
  }
}

/**
 * POST /v1/accounts/confirm/ — opens a confirmation link: confirms the account, or moves it to the
 * new address of an e-mail change (and tells the old address). A link of an account whose address is
 * already confirmed (opened again, or after a newer link) answers `already_confirmed`, so that the
 * page offers the login instead of calling the link dead.
 */
export const confirmAccount: Handler<'confirmAccount'> = async ({ body, app, t }) => {
  const now = app.clock()
  const invalid = () => fieldErrors({ token: t.api.confirmLinkInvalid() })
  let outcome
  try {
    outcome = await commitThenSend(app, async (tx) => {
      const token = await consumeToken<ConfirmPayload>(tx, 'confirm', body.token, now)
      if (!token?.userId) return undefined
      const user = await findUserById(tx, token.userId)
      if (!user) throw invalid()
      const address = token.payload.email
      if (address.toLowerCase() === user.email.toLowerCase()) {
        if (!user.confirmedAt) await tx.update(users).set({ confirmedAt: now }).where(eq(users.id, user.id))
        return { user, email: user.email, previous: undefined, alreadyConfirmed: user.confirmedAt !== null }
      }
      if (address.toLowerCase() !== user.unconfirmedEmail?.toLowerCase()) throw invalid()
      if (await emailTakenByOther(tx, address, user.id)) throw fieldErrors({ token: t.api.emailTaken() })
      await tx
        .update(users)
        .set({ email: address, unconfirmedEmail: null, confirmedAt: user.confirmedAt ?? now })
        .where(eq(users.id, user.id))
      await sendEmailChangedMail(app, tx, user, user.email, address)
      return { user, email: address, previous: user.email, alreadyConfirmed: false }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ token: t.api.emailTaken() })
    throw error
  }
  if (!outcome) {
    const email = await alreadyConfirmedAddress(app, body.token)
    if (email === undefined) throw invalid()
    return { email, already_confirmed: true }
  }
  return outcome.alreadyConfirmed ? { email: outcome.email, already_confirmed: true } : { email: outcome.email }
}

/**
 * The address of a used or expired confirmation link when it is the account's confirmed address now;
 * undefined for an unknown link, or one whose address is still waiting (that one needs a new link).
 */
const alreadyConfirmedAddress = async (app: AppContext, token: string): Promise<string | undefined> => {
  const issued = await findIssuedToken<ConfirmPayload>(app.db, 'confirm', token)
  if (!issued?.userId) return undefined
  const user = await findUserById(app.db, issued.userId)
  if (!user?.confirmedAt || user.email.toLowerCase() !== issued.payload.email.toLowerCase()) return undefined
  return user.email
}
