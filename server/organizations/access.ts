import type { Translator } from '../../locales/server.js'
import { reachesOrganization } from '../auth/policy.js'
import { rolesInOrganization } from '../auth/roles.js'
import type { OrganizationRow, Role, UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { findOrganization } from './memberships.js'

/**
 * The organization a call is about, when `me` may administer it: its admins, and platform admins
 * whose reach covers it (auth/policy.ts). A member who is not an admin gets 403; anyone else gets the same
 * 404 as for an organization that does not exist (ids are not probed this way).
 */
export const administeredOrganization = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  organizationId: number,
): Promise<{ organization: OrganizationRow; myRoles: Role[] }> => {
  const organization = await findOrganization(db, organizationId)
  if (!organization) throw notFound(t.api.notFound())
  const myRoles = await rolesInOrganization(db, me.id, organization.id)
  if (reachesOrganization(me, organization)) return { organization, myRoles }
  if (myRoles.length === 0) throw notFound(t.api.notFound())
  if (!myRoles.includes('admin')) throw forbidden(t.api.forbidden())
  return { organization, myRoles }
}
