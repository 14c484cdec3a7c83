import type { Translator } from '../../locales/server.js'
import { isGlobalAdmin, mayActOnAccount, type AccountOperation } from '../auth/policy.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { findUserById } from './queries.js'

/**
 * The account a call is about, if server/auth/policy.ts lets the caller do `operation` on it.
 * Anyone else gets 403 whether the account exists or not (ids are not probed this way); only an
 * unrestricted platform admin, who reaches every account, learns that one does not exist (404).
 */
export const accountFor = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  id: number,
  operation: AccountOperation,
): Promise<UserRow> => {
  if (id === me.id) return me
  const user = await findUserById(db, id)
  if (!user) throw isGlobalAdmin(me) ? notFound(t.api.notFound()) : forbidden(t.api.forbidden())
  if (!(await mayActOnAccount(db, me, user, operation))) throw forbidden(t.api.forbidden())
  return user
}
