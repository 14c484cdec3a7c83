import { eq } from 'drizzle-orm'
import { memberships, organizations, type OrganizationRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { rolesInOrganization } from './roles.js'

/**
 * Who may act on which account and which organization: the one place handlers ask (it grows into
 * the per-operation authorization table of DESIGN.md, keyed by operationId).
 *
 * Platform reach. A platform admin (`is_superuser`) without `country_admin_level` is unrestricted:
 * every organization and every account. A country admin (`is_superuser` with `country_admin_level`)
 * reaches the organizations of that country, and the accounts of people who belong to at least one
 * organization and only to organizations of that country: someone with any membership elsewhere,
 * with no membership at all, or who is a platform admin, is out of a country admin's reach. An
 * organization without a country (made without a profile) is reached by unrestricted platform admins only.
 *
 * Platform admins' accounts. Nobody but an unrestricted platform admin may act on another platform
 * admin's account: a country admin cannot take over a global admin by any route (edit, e-mail change,
 * password, deletion), whatever organizations it joined through invitations.
 *
 * Answers. On an account out of reach a call answers 403 whether the account exists or not (ids are
 * not probed). On an organization the caller may not see, reads answer 404 and writes 403, the same as
 * for an organization that does not exist; only someone who sees every organization learns that one
 * does not exist (404).
 */

type Actor = Pick<UserRow, 'id' | 'isSuperuser' | 'countryAdminLevel'>

export type PlatformReach = { kind: 'none' } | { kind: 'global' } | { kind: 'country'; country: string }

export const platformReach = (user: Actor): PlatformReach => {
  if (!user.isSuperuser) return { kind: 'none' }
  const country = user.countryAdminLevel?.trim()
  return country ? { kind: 'country', country: country.toUpperCase() } : { kind: 'global' }
}

/** An unrestricted platform admin: the only one who reaches everything, other platform admins included. */
export const isGlobalAdmin = (user: Actor): boolean => platformReach(user).kind === 'global'

/** Whether the caller's platform reach covers an organization of this country (none for non-staff). */
export const reachesCountry = (user: Actor, country: string | null): boolean => {
  const reach = platformReach(user)
  if (reach.kind === 'global') return true
  return reach.kind === 'country' && reach.country === country?.toUpperCase()
}

/** Whether the caller's platform reach covers this organization. */
export const reachesOrganization = (user: Actor, organization: Pick<OrganizationRow, 'country'>): boolean =>
  reachesCountry(user, organization.country)

/** Reads of an organization (getOrganization): its members, in any role, and platform admins with reach. */
export const maySeeOrganization = async (db: Executor, user: Actor, organization: OrganizationRow): Promise<boolean> =>
  reachesOrganization(user, organization) || (await rolesInOrganization(db, user.id, organization.id)).length > 0

/** Managing an organization (inviteUsers): its admins, and platform admins with reach. */
export const mayAdministerOrganization = async (db: Executor, user: Actor, organization: OrganizationRow): Promise<boolean> =>
  reachesOrganization(user, organization) || (await rolesInOrganization(db, user.id, organization.id)).includes('admin')

/** Creating an organization (createOrganization): platform admins, for a country within their reach. */
export const mayCreateOrganization = (user: Actor, country: string): boolean => reachesCountry(user, country)

/** Whether a platform admin's reach covers someone else's account (see the rules above). */
export const reachesAccount = async (db: Executor, user: Actor, target: Pick<UserRow, 'id' | 'isSuperuser'>): Promise<boolean> => {
  const reach = platformReach(user)
  if (reach.kind === 'global') return true
  if (reach.kind === 'none' || target.isSuperuser) return false
  const countries = await db
    .select({ country: organizations.country })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, target.id))
  return countries.length > 0 && countries.every(({ country }) => country?.toUpperCase() === reach.country)
}

/** The operations on an account named by its id in the path. */
export type AccountOperation = 'getAccount' | 'updateAccount' | 'changePassword' | 'deleteAccount'

/**
 * Whether a platform admin may do the operation on an account within its reach; otherwise the
 * operation is for the account's owner only. A password or a deletion is always the owner's own act.
 */
const staffMayOnOthers: Record<AccountOperation, boolean> = {
  getAccount: true,
  updateAccount: true,
  changePassword: false,
  deleteAccount: false,
}

/** Whether `user` may do `operation` on the account `target`. */
export const mayActOnAccount = async (
  db: Executor,
  user: Actor,
  target: Pick<UserRow, 'id' | 'isSuperuser'>,
  operation: AccountOperation,
): Promise<boolean> => {
  if (target.id === user.id) return true
  return staffMayOnOthers[operation] && (await reachesAccount(db, user, target))
}

/** Invitations are never issued to oneself: nobody gives themselves a role. */
export const isOwnAddress = (user: Pick<UserRow, 'email'>, email: string): boolean =>
  user.email.toLowerCase() === email.trim().toLowerCase()
