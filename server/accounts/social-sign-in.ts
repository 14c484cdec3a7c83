import { createSession } from '../auth/sessions.js'
import { readSocialTicket, useSocialTicket } from '../auth/social-tickets.js'
import type { Handler } from '../contract/handler.js'
import { ApiError, badRequest, detailError, fieldErrors } from '../http/errors.js'
import { proveAddressFirstTime } from './first-proof.js'
import { findUserByEmail, findUserByOidc, linkOidcIdentity } from './queries.js'

/**
 * PATCH /v1/accounts/sign_in — a social ticket for a session.
 * The account is the one linked to the provider's identity; else the one with the provider's e-mail
 * when the provider verified it (the identity is then linked to it). Without an account: 404
 * account_required with the provider's names and e-mail, and the ticket stays valid for sign-up.
 * An identity whose e-mail the provider did not verify and that is linked to no account gets nothing:
 * it may claim anyone's address, so it neither finds an account by it nor creates one (400
 * email_unverified, the same whether an account has the address or not).
 * A sign-in that confirms an account is the first proof of its address (first-proof.ts): the account
 * keeps only this identity; its password, its other identities and its sessions go (someone else may
 * have signed up with the address first); the owner can define a password through the password reset.
 */
export const socialSignIn: Handler<'socialSignIn'> = async ({ body, app, t }) => {
  const now = app.clock()
  const ticket = await readSocialTicket(app.db, body.social_token, now)
  if (!ticket) throw fieldErrors({ social_token: t.api.socialTicketInvalid() })
  const identity = ticket.payload

  let user = await findUserByOidc(app.db, identity.issuer, identity.subject)
  let linkToExisting = false
  if (!user) {
    if (!identity.emailVerified) throw badRequest(t.api.socialEmailUnverified(), 'email_unverified')
    const byEmail = await findUserByEmail(app.db, identity.email)
    if (!byEmail) {
      throw new ApiError(404, {
        detail: t.api.pleaseCreateAccount(),
        code: 'account_required',
        first_name: identity.firstName,
        last_name: identity.lastName,
        email: identity.email,
      })
    }
    user = byEmail
    linkToExisting = true
  }
  if (user.disabled) throw detailError(403, t.api.accountDisabled(), 'disabled')
  // a provider that verified the address proves it as well as our own link does
  const confirmNow = !user.confirmedAt && identity.emailVerified && user.email.toLowerCase() === identity.email.toLowerCase()
  if (!user.confirmedAt && !confirmNow) throw detailError(403, t.api.accountNotConfirmed(), 'unconfirmed')

  const account = user
  const session = await app.db.transaction(async (tx) => {
    if (!(await useSocialTicket(tx, body.social_token, now))) return undefined
    if (linkToExisting) await linkOidcIdentity(tx, account.id, identity.issuer, identity.subject)
    if (confirmNow) await proveAddressFirstTime(tx, account.id, now, { password: false, identity })
    return createSession(tx, account.id, now, app.config.sessionTtl, 'social')
  })
  if (!session) throw fieldErrors({ social_token: t.api.socialTicketInvalid() })
  return { token: session.token, user_id: account.id, expires_at: session.expiresAt.toISOString() }
}
