import type { Translator } from '../../locales/server.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { findUserById } from './queries.js'

/**
 * The account a call is about. Anyone may act on their own account; a platform admin may read and
 * edit any account. Others get 403 whether the account exists or not (ids are not probed this way).
 */
export const accountFor = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  id: number,
  options: { superuserMay: boolean },
): Promise<UserRow> => {
  if (id === me.id) return me
  if (!(options.superuserMay && me.isSuperuser)) throw forbidden(t.api.forbidden())
  const user = await findUserById(db, id)
  if (!user) throw notFound(t.api.notFound())
  return user
}
