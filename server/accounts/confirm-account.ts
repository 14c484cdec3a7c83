import { eq } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import { consumeToken, findIssuedToken, issueToken, peekToken } from '../auth/one-time-tokens.js'
import type { AppContext } from '../context.js'
import type { Handler } from '../contract/handler.js'
import { users, type UserRow } from '../db/schema.js'
import { fieldErrors } from '../http/errors.js'
import { commitThenSend } from '../services/outbox.js'
import { limitAttempt, limitLogin } from '../services/rate-limit.js'
import { issueConfirmation, RESET_TTL_SECONDS, type ConfirmPayload } from './confirmation.js'
import { proveAddressFirstTime } from './first-proof.js'
import { sendConfirmAccountMail, sendConfirmNewEmailMail, sendEmailChangedMail } from './mails.js'
import { spendVerificationTime, verifyPassword } from './passwords.js'
import {
  emailTakenByOther,
  findUserByEmail,
  findUserById,
  findUserByUnconfirmedEmail,
  isUniqueViolation,
  passwordHashOf,
} from './queries.js'

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

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * POST /v1/accounts/confirm/check/ — what a link stands for, without using it: the page asks a sign-up's
 * link's opener whether they signed up before anything happens, and confirms an e-mail change's at once.
 */
export const checkConfirmation: Handler<'checkConfirmation'> = async ({ body, app, t }) => {
  const pending = await peekToken<ConfirmPayload>(app.db, 'confirm', body.token, app.clock())
  const user = pending?.userId ? await findUserById(app.db, pending.userId) : undefined
  if (pending && user) {
    const has_password = (await passwordHashOf(app.db, user.id)) !== undefined
    const address = pending.payload.email
    if (same(address, user.email)) {
      const answer = { email: user.email, purpose: 'sign_up' as const, has_password }
      return user.confirmedAt ? { ...answer, already_confirmed: true } : answer
    }
    if (same(address, user.unconfirmedEmail ?? '')) return { email: address, purpose: 'email_change' as const, has_password }
  }
  const owner = await alreadyConfirmedOwner(app, body.token)
  if (!owner) throw fieldErrors({ token: t.api.confirmLinkInvalid() })
  return { email: owner.email, has_password: (await passwordHashOf(app.db, owner.id)) !== undefined, already_confirmed: true }
}

/**
 * The password of a sign-up's link's account when the call gives it rightly: checked before the link is
 * used, so that a wrong one keeps the link (and counts as a failed login of the address). Undefined
 * when the call gives none, or the link is no unconfirmed sign-up's.
 */
const provenSignUpPassword = async (app: AppContext, t: Translator, ip: string, token: string, password: string | undefined) => {
  if (password === undefined) return undefined
  const pending = await peekToken<ConfirmPayload>(app.db, 'confirm', token, app.clock())
  const owner = pending?.userId ? await findUserById(app.db, pending.userId) : undefined
  if (!pending || !owner || owner.confirmedAt || !same(pending.payload.email, owner.email)) return undefined
  const attempt = await limitLogin(app.limiter, t, ip, owner.email)
  const passwordHash = await passwordHashOf(app.db, owner.id)
  if (!passwordHash) {
    await spendVerificationTime(password)
    throw fieldErrors({ password: t.api.signUpPasswordWrong() })
  }
  if (!(await verifyPassword(passwordHash, password))) throw fieldErrors({ password: t.api.signUpPasswordWrong() })
  await attempt.succeeded()
  return passwordHash
}

/**
 * POST /v1/accounts/confirm/ — opens a confirmation link: confirms the account, or moves it to the
 * new address of an e-mail change (and tells the old address). A sign-up's link is the first proof of
 * the address (first-proof.ts): the account keeps the password only when the call gives it, and
 * otherwise answers a reset token for the person to choose their own. A link of an account whose
 * address is already confirmed (opened again, or after a newer link) answers `already_confirmed`, so
 * that the page offers the login instead of calling the link dead.
 */
export const confirmAccount: Handler<'confirmAccount'> = async ({ body, app, t, ip }) => {
  const now = app.clock()
  const invalid = () => fieldErrors({ token: t.api.confirmLinkInvalid() })
  const provenHash = await provenSignUpPassword(app, t, ip, body.token, body.password)
  let outcome
  try {
    outcome = await commitThenSend(app, async (tx) => {
      const token = await consumeToken<ConfirmPayload>(tx, 'confirm', body.token, now)
      if (!token?.userId) return undefined
      const user = await findUserById(tx, token.userId)
      if (!user) throw invalid()
      const address = token.payload.email
      if (same(address, user.email)) {
        if (user.confirmedAt) return { kind: 'already' as const, user, email: user.email }
        // the password proven a moment ago, unless a reset replaced it since
        const holdsPassword = provenHash !== undefined && (await passwordHashOf(tx, user.id)) === provenHash
        const removed = await proveAddressFirstTime(tx, user.id, now, { password: holdsPassword })
        if (holdsPassword) return { kind: 'proven' as const, user, email: user.email, removed, resetToken: undefined }
        const reset = await issueToken(tx, 'reset', { userId: user.id, ttlSeconds: RESET_TTL_SECONDS, now })
        return { kind: 'proven' as const, user, email: user.email, removed, resetToken: reset.token }
      }
      if (!same(address, user.unconfirmedEmail ?? '')) throw invalid()
      if (await emailTakenByOther(tx, address, user.id)) throw fieldErrors({ token: t.api.emailTaken() })
      await tx
        .update(users)
        .set({ email: address, unconfirmedEmail: null, confirmedAt: user.confirmedAt ?? now })
        .where(eq(users.id, user.id))
      await sendEmailChangedMail(app, tx, user, user.email, address)
      return { kind: 'moved' as const, user, email: address, previous: user.email }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldErrors({ token: t.api.emailTaken() })
    throw error
  }
  if (!outcome) {
    const owner = await alreadyConfirmedOwner(app, body.token)
    if (!owner) throw invalid()
    return { email: owner.email, already_confirmed: true }
  }
  if (outcome.kind === 'already') return { email: outcome.email, already_confirmed: true }
  if (outcome.kind === 'moved') return { email: outcome.email }
  return {
    email: outcome.email,
    ...(outcome.resetToken ? { reset_token: outcome.resetToken } : {}),
    ...(outcome.removed.length ? { removed: outcome.removed } : {}),
  }
}

/**
 * POST /v1/accounts/confirm/decline/ — "This wasn't me": the person at the address did not sign up, so
 * the account of the sign-up's link, never confirmed, is deleted (its memberships, join requests,
 * credentials and tokens go with it by the store's cascades) and nothing else happens: no mail, and the
 * invitations sent to the address stay, for they are the address owner's.
 */
export const declineAccount: Handler<'declineAccount'> = async ({ body, app, t }) => {
  const now = app.clock()
  const invalid = () => fieldErrors({ token: t.api.confirmLinkInvalid() })
  const deleted = await app.db.transaction(async (tx) => {
    const token = await consumeToken<ConfirmPayload>(tx, 'confirm', body.token, now)
    if (!token?.userId) return undefined
    const user = await findUserById(tx, token.userId)
    // throwing rolls the link's use back: a refused decline changes nothing
    if (!user || user.confirmedAt || !same(token.payload.email, user.email)) throw invalid()
    await tx.delete(users).where(eq(users.id, user.id))
    return user
  })
  if (!deleted) throw invalid()
  if (deleted.photoKey) await app.storage.delete(deleted.photoKey)
}

/**
 * The account of a used or expired confirmation link when the link's address is its confirmed address
 * now; undefined for an unknown link, or one whose address is still waiting (that one needs a new link).
 */
const alreadyConfirmedOwner = async (app: AppContext, token: string): Promise<UserRow | undefined> => {
  const issued = await findIssuedToken<ConfirmPayload>(app.db, 'confirm', token)
  if (!issued?.userId) return undefined
  const user = await findUserById(app.db, issued.userId)
  if (!user?.confirmedAt || !same(user.email, issued.payload.email)) return undefined
  return user
}
