import type { Translator } from '../../locales/server.js'
import { requiredMessage } from '../contract/validation-messages.js'
import { passwordHashOf } from '../accounts/queries.js'
import { verifyPassword } from '../accounts/passwords.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { fieldErrors } from '../http/errors.js'

/**
 * The acting user's own password, asked again before an organization is disabled or deleted. An
 * account without a password (social sign-in only) must define one first.
 */
export const confirmPassword = async (db: Executor, t: Translator, me: UserRow, password: string): Promise<void> => {
  const hash = await passwordHashOf(db, me.id)
  if (!hash) throw fieldErrors({ password: t.api.definePasswordFirst() })
  if (!password) throw fieldErrors({ password: requiredMessage(t, 'password') })
  if (!(await verifyPassword(hash, password))) throw fieldErrors({ password: t.api.currentPasswordWrong() })
}
