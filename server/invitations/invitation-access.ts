import type { Translator } from '../../locales/server.js'
import { enforce, relationToOrganization } from '../auth/policy.js'
import type { OperationId } from '../contract/handler.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { notFound } from '../http/errors.js'
import { findInvitationById } from './pending.js'

/**
 * The invitation a call is about, when the authorization table lets `me` do `operation` on its
 * organization; otherwise the organization's refusal. One that does not exist is the same 404 that
 * outsiders get (ids are not probed this way).
 */
export const invitationFor = async (db: Executor, t: Translator, me: UserRow, invitationId: number, operation: OperationId) => {
  const found = await findInvitationById(db, invitationId)
  if (!found) throw notFound(t.api.notFound())
  enforce(t, operation, await relationToOrganization(db, me, found.organization))
  return found
}
