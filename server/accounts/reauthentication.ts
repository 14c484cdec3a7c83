import type { Translator } from '../../locales/server.js'
import type { ActiveSession } from '../auth/sessions.js'
import { requiredMessage } from '../contract/validation-messages.js'
import type { Executor } from '../db/store.js'
import { detailError, fieldErrors } from '../http/errors.js'
import { verifyPassword } from './passwords.js'
import { passwordHashOf } from './queries.js'

/**
 * Changing an e-mail or a password takes more than a session token: the person proves again who they
 * are. An account with a password gives its current password (a field error on `current_password`
 * otherwise); an account without one (social only) needs a session made by a social sign-in less than
 * FRESH_SOCIAL_SIGN_IN_SECONDS ago (403 `reauthenticate` otherwise, and the browser offers the sign-in).
 */

export const FRESH_SOCIAL_SIGN_IN_SECONDS = 10 * 60

export const requireReauthentication = async (
  db: Executor,
  t: Translator,
  session: ActiveSession,
  currentPassword: string | undefined,
  now: Date,
): Promise<void> => {
  const passwordHash = await passwordHashOf(db, session.user.id)
  if (passwordHash) {
    if (currentPassword === undefined) throw fieldErrors({ current_password: requiredMessage(t, 'current_password') })
    if (!(await verifyPassword(passwordHash, currentPassword))) throw fieldErrors({ current_password: t.api.currentPasswordWrong() })
    return
  }
  requireFreshSocialSignIn(t, session, now)
}

/** For an account without a password: the session comes from a social sign-in of the last minutes. */
export const requireFreshSocialSignIn = (t: Translator, session: ActiveSession, now: Date): void => {
  const age = now.getTime() - session.authenticatedAt.getTime()
  if (session.method !== 'social' || age >= FRESH_SOCIAL_SIGN_IN_SECONDS * 1000) {
    throw detailError(403, t.api.reauthenticate(), 'reauthenticate')
  }
}
