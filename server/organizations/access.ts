import type { Translator } from '../../locales/server.js'
import { enforce, relationHolding } from '../auth/policy.js'
import type { OperationId } from '../contract/handler.js'
import type { OrganizationRow, Role, UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { notFound } from '../http/errors.js'
import { findOrganizationAndRoles } from './memberships.js'

/**
 * The organization a call is about, when the authorization table (auth/authorization-table.ts) lets
 * `me` do `operation` on it; otherwise the table's refusal. An organization that does not exist is the
 * same 404 that outsiders get (ids are not probed this way).
 */
export const organizationFor = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  organizationId: number,
  operation: OperationId,
): Promise<{ organization: OrganizationRow; myRoles: Role[] }> => {
  const found = await findOrganizationAndRoles(db, organizationId, me.id)
  if (!found) throw notFound(t.api.notFound())
  const { organization } = found
  const relation = relationHolding(me, organization, found.roles)
  enforce(t, operation, relation)
  return { organization, myRoles: relation.roles }
}
