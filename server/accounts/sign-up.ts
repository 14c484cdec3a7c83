import { readSocialTicket } from '../auth/social-tickets.js'
import type { Handler } from '../contract/handler.js'
import { issueToken } from '../auth/one-time-tokens.js'
import type { AppContext } from '../context.js'
import { joinRequests, users, type UserRow } from '../db/schema.js'
import { ApiError, badRequest } from '../http/errors.js'
import { findPendingInvitation } from '../organizations/invitations.js'
import { addMembership, findOrganizationByCode } from '../organizations/memberships.js'
import { commitThenSend } from '../services/outbox.js'
import { limitAttempt } from '../services/rate-limit.js'
import { requiredMessage } from '../contract/validation-messages.js'
import { issueConfirmation, RESET_TTL_SECONDS } from './confirmation.js'
import { sendConfirmAccountMail, sendSignUpAttemptMail } from './mails.js'
import { hashPassword, passwordProblem } from './passwords.js'
import { findUserByEmail, findUserByOidc, isUniqueViolation, linkOidcIdentity, setPasswordHash } from './queries.js'

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * POST /v1/accounts/sign_in — creates an account.
 * - With a password: unconfirmed; a confirmation link is mailed.
 * - With an invite token for the same address: confirmed (the invitation proved the address).
 * - With a social ticket: no password needed; names and e-mail are the provider's, and the provider
 *   must have verified the address (the account is confirmed); a ticket of an unverified address is refused.
 * - With an organization's invitation code: the user joins it as a student (asks to, when it requires approval).
 * - With an address that has an account: the same answer as for a new one, and its owner is mailed.
 */
export const signUp: Handler<'signUp'> = async ({ body, app, t, ip, locale }) => {
  await limitAttempt(app.limiter, t, 'sign-up', ip, body.email)
  const now = app.clock()
  const firstName = body.first_name.trim()
  const lastName = body.last_name.trim()
  const email = body.email
  const errors: Record<string, string> = {}

  let social: Awaited<ReturnType<typeof readSocialTicket>>
  if (body.social_token !== undefined) {
    social = await readSocialTicket(app.db, body.social_token, now)
    if (!social) errors.social_token = t.api.socialTicketInvalid()
  }
  if (social) {
    const identity = social.payload
    const namesMatch =
      (!identity.firstName || same(identity.firstName, firstName)) && (!identity.lastName || same(identity.lastName, lastName))
    if (!same(identity.email, email) || !namesMatch) throw badRequest(t.api.socialDetailsMismatch())
    // the provider's claim of an address it did not verify proves nothing: no account is made from it
    if (!identity.emailVerified) throw badRequest(t.api.socialEmailUnverified(), 'email_unverified')
    if (await findUserByOidc(app.db, identity.issuer, identity.subject)) throw badRequest(t.api.socialAccountExists())
  }

  if (body.password === undefined) {
    if (body.social_token === undefined) errors.password = requiredMessage(t, 'password')
  } else {
    const problem = passwordProblem(t, body.password, { email, firstName, lastName })
    if (problem) errors.password = problem
  }

  let inviteProvesEmail = false
  if (body.invite_token !== undefined) {
    const invite = await findPendingInvitation(app.db, body.invite_token, now)
    if (!invite) errors.invite_token = t.api.inviteInvalid()
    else inviteProvesEmail = same(invite.invitation.email, email)
  }

  let joining: { id: number; requiresApproval: boolean } | undefined
  if (body.invitation_code !== undefined) {
    const organization = await findOrganizationByCode(app.db, body.invitation_code)
    if (!organization) errors.invitation_code = t.api.invitationCodeInvalid()
    else joining = { id: organization.id, requiresApproval: organization.joinRequiresApproval }
  }

  if (Object.keys(errors).length > 0) {
    throw new ApiError(400, Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])))
  }

  const confirmed = inviteProvesEmail || social !== undefined
  // hashed before the address is looked up: a known address costs the same time as a new one
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password)
  const answer = { email, confirmed }

  const existing = await findUserByEmail(app.db, email)
  if (existing) {
    await warnOwner(app, existing)
    return answer
  }
  let created
  try {
    created = await app.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          firstName,
          lastName,
          email,
          language: body.language ?? locale,
          confirmedAt: confirmed ? now : null,
          dateJoined: now,
        })
        .returning()
      if (!user) throw new Error('the new account was not stored')
      if (passwordHash) await setPasswordHash(tx, user.id, passwordHash)
      if (social) await linkOidcIdentity(tx, user.id, social.payload.issuer, social.payload.subject)
      // an organization that requires approval of code joins gets a join request, as from joinByCode
      if (joining?.requiresApproval) await tx.insert(joinRequests).values({ organizationId: joining.id, userId: user.id, role: 'student' })
      else if (joining) await addMembership(tx, user.id, joining.id, 'student')
      return user
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // another request took the address between the look-up and the insert
    const taken = await findUserByEmail(app.db, email)
    if (!taken) throw social ? badRequest(t.api.socialAccountExists()) : error
    await warnOwner(app, taken)
    return answer
  }

  // the link and its mail in one transaction, after the answer (cut off by a crash, the resend of the confirmation repairs it)
  if (!confirmed) {
    app.background.run('confirmation mail', () =>
      commitThenSend(app, async (tx) => sendConfirmAccountMail(app, tx, created, await issueConfirmation(tx, created, created.email, now), body.next)),
    )
  }
  return answer
}

/**
 * A sign-up with an address that has an account answers as for a new one (the answer must not tell
 * whether the address is known) and changes nothing of the account: its owner is mailed instead, with a
 * login link and a password reset link. The reset link and its mail are written after the answer, in one
 * transaction, as a new account's confirmation link and mail are.
 */
const warnOwner = async (app: AppContext, owner: UserRow): Promise<void> => {
  const now = app.clock()
  app.background.run('sign-up attempt mail', () =>
    commitThenSend(app, async (tx) =>
      sendSignUpAttemptMail(app, tx, owner, await issueToken(tx, 'reset', { userId: owner.id, ttlSeconds: RESET_TTL_SECONDS, now })),
    ),
  )
}
