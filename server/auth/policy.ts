import { eq } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import type { OperationId } from '../contract/handler.js'
import { memberships, organizations, type OrganizationRow, type Role, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { sessionExpired } from './authenticate.js'
import { answerOf, type Caller, type Scope } from './authorization-table.js'
import { rolesInOrganization } from './roles.js'

/**
 * Who may act on which account and which organization. What each kind of caller gets on each scope, per
 * operation, is the table of authorization-table.ts; the functions here tell who a caller is to an
 * account or an organization (its cell of the table), and `enforce` answers the table's refusal.
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
 * Answers (the table's). On an account out of reach a call answers 403 whether the account exists or
 * not (ids are not probed); only an unrestricted platform admin learns that one does not exist (404).
 * On an organization, its members who may not do the call get 403 and anyone else the same 404 as for
 * an organization that does not exist.
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

/** A cell of the authorization table (auth/authorization-table.ts): who the caller is to a resource. */
export interface Relation {
  caller: Caller
  scope: Scope
}

/** Who `user` is on calls about no particular resource: its platform reach (every other caller is alike there). */
export const relationToPlatform = (user: Actor): Relation => {
  const reach = platformReach(user)
  return { caller: reach.kind === 'global' ? 'platformAdmin' : reach.kind === 'country' ? 'countryAdmin' : 'otherMember', scope: 'n/a' }
}

/** Who `user` is to a country (createOrganization): within its reach or not. */
export const relationToCountry = (user: Actor, country: string): Relation => ({
  caller: relationToPlatform(user).caller,
  scope: reachesCountry(user, country) || platformReach(user).kind === 'none' ? 'otherOrganization' : 'otherCountry',
})

/**
 * Who `user` is to an organization. Platform reach comes first (a platform admin who also holds a role
 * in the organization acts as a platform admin), then the highest role held in it; anyone else is an
 * outsider: a country admin out of its country, or a member of another organization (or of none).
 */
export const relationToOrganization = async (
  db: Executor,
  user: Actor,
  organization: Pick<OrganizationRow, 'id' | 'country'>,
): Promise<Relation & { roles: Role[] }> => relationHolding(user, organization, await rolesInOrganization(db, user.id, organization.id))

/** relationToOrganization when the user's roles in the organization (`roles`) are read already. */
export const relationHolding = (user: Actor, organization: Pick<OrganizationRow, 'country'>, roles: Role[]): Relation & { roles: Role[] } => {
  const reach = platformReach(user)
  if (reach.kind !== 'none' && reachesOrganization(user, organization)) {
    return { caller: reach.kind === 'global' ? 'platformAdmin' : 'countryAdmin', scope: 'ownOrganization', roles }
  }
  if (roles.includes('admin')) return { caller: 'organizationAdmin', scope: 'ownOrganization', roles }
  if (roles.includes('teacher')) return { caller: 'teacher', scope: 'ownOrganization', roles }
  if (roles.includes('student')) return { caller: 'student', scope: 'ownOrganization', roles }
  if (reach.kind === 'country') return { caller: 'countryAdmin', scope: 'otherCountry', roles }
  return { caller: 'otherMember', scope: 'ownOrganization', roles }
}

/**
 * Who `user` is to someone's account. A role in an organization gives nothing over other people's
 * accounts, so every caller without platform reach has the cells of `otherMember`.
 */
export const relationToAccount = async (db: Executor, user: Actor, target: Pick<UserRow, 'id' | 'isSuperuser'>): Promise<Relation> => {
  const reach = platformReach(user)
  const { caller } = relationToPlatform(user)
  if (target.id === user.id) return { caller, scope: 'ownAccount' }
  if (reach.kind === 'none') return { caller, scope: 'ownOrganization' }
  return { caller, scope: (await reachesAccount(db, user, target)) ? 'ownOrganization' : 'otherCountry' }
}

/** Throws the table's refusal for `operation` on this relation; returns when it is allowed. */
export const enforce = (t: Translator, operation: OperationId, { caller, scope }: Relation): void => {
  const answer = answerOf(operation, caller, scope)
  if (answer === 'allowed') return
  if (answer === 401) throw sessionExpired()
  throw answer === 403 ? forbidden(t.api.forbidden()) : notFound(t.api.notFound())
}

/** Invitations are never issued to oneself: nobody gives themselves a role. */
export const isOwnAddress = (user: Pick<UserRow, 'email'>, email: string): boolean =>
  user.email.toLowerCase() === email.trim().toLowerCase()
