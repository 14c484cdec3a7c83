import type { Translator } from '../../locales/server.js'
import { enforce, isGlobalAdmin, relationToAccount } from '../auth/policy.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { findUserById } from './queries.js'

/** The operations on an account named by its id in the path. */
export type AccountOperation =
  | 'getAccount'
  | 'updateAccount'
  | 'changePassword'
  | 'deleteAccount'
  | 'uploadAccountPhoto'
  | 'removeAccountPhoto'

/**
 * The account a call is about, if the authorization table (auth/authorization-table.ts) lets the
 * caller do `operation` on it (one's own account: always).
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
  enforce(t, operation, await relationToAccount(db, me, user))
  return user
}
