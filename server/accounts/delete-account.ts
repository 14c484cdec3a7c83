import { eq, inArray, or } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { invitations, users } from '../db/schema.js'
import { detailError, fieldErrors } from '../http/errors.js'
import { soleAdminOf } from '../organizations/memberships.js'
import { requiredMessage } from '../contract/validation-messages.js'
import { accountFor } from './access.js'
import { verifyPassword } from './passwords.js'
import { passwordHashOf } from './queries.js'
import { requireFreshSocialSignIn } from './reauthentication.js'

/**
 * DELETE /v1/accounts/{id} — one's own account, with its password when it has one, or from a fresh
 * social sign-in when it has none (reauthentication.ts). Sessions,
 * credentials, memberships and links go with it, and so do its personal data elsewhere: the
 * invitations sent to its addresses (pending or accepted) and its photo. The only admin of an organization must hand the
 * organization over first (409); a disabled admin is no admin there.
 */
export const deleteAccount: Handler<'deleteAccount'> = async (call) => {
  const { body, app, t } = call
  const session = requireAuth(call)
  const user = await accountFor(app.db, t, session.user, call.params.id, 'deleteAccount')

  const passwordHash = await passwordHashOf(app.db, user.id)
  // an account without a password (social sign-in) proves it is its owner by a fresh social sign-in
  if (!passwordHash) requireFreshSocialSignIn(t, session, app.clock())
  if (passwordHash) {
    if (body.password === undefined) throw fieldErrors({ password: requiredMessage(t, 'password') })
    if (!(await verifyPassword(passwordHash, body.password))) throw fieldErrors({ password: t.api.currentPasswordWrong() })
  }

  await app.db.transaction(async (tx) => {
    if ((await soleAdminOf(tx, user.id)).length) throw detailError(409, t.api.soleAdmin(), 'sole_admin')
    const addresses = [user.email, user.unconfirmedEmail].filter((address) => address !== null).map((address) => address.toLowerCase())
    await tx
      .delete(invitations)
      .where(or(eq(invitations.acceptedBy, user.id), inArray(invitations.email, addresses)))
    await tx.delete(users).where(eq(users.id, user.id))
  })
  if (user.photoKey) await app.storage.delete(user.photoKey)
}
