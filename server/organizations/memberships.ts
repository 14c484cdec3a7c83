import { randomInt } from 'node:crypto'
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { memberships, organizations, type OrganizationType, type Role } from '../db/schema.js'
import { preparedPerDatabase, type Executor } from '../db/store.js'

/** Organizations and their members: the queries the accounts and invitations areas share. */

export interface MembershipView {
  /** Set by the account view: the user is the organization's only active admin. */
  sole_admin?: boolean
  id: number
  name: string
  type: OrganizationType
  /** IANA name; the organization's days (class statuses, reports) are counted in it, UTC without one. */
  timezone: string | null
  roles: Role[]
}

const ROLE_ORDER: readonly Role[] = ['admin', 'teacher', 'student']
const byRoleOrder = (a: Role, b: Role) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b)

/** One role of a user in an organization, as a membership query reads it. */
export interface MembershipRow {
  id: number
  name: string
  type: OrganizationType
  timezone: string | null
  role: Role
}

/** The order in which a user's organizations are listed: by name. */
export const membershipOrder = [asc(organizations.name), asc(organizations.id)]

/** One entry per organization with the user's roles in it, in the order of the rows. */
export const groupMemberships = (rows: readonly MembershipRow[]): MembershipView[] => {
  const byOrganization = new Map<number, MembershipView>()
  for (const row of rows) {
    const entry = byOrganization.get(row.id) ?? { id: row.id, name: row.name, type: row.type, timezone: row.timezone, roles: [] }
    entry.roles.push(row.role)
    byOrganization.set(row.id, entry)
  }
  for (const entry of byOrganization.values()) entry.roles.sort(byRoleOrder)
  return [...byOrganization.values()]
}

/** The organizations of a user with the user's roles in each, by organization name (not those where the user is disabled). */
export const membershipsOf = async (db: Executor, userId: number): Promise<MembershipView[]> => {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type, timezone: organizations.timezone, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, and(eq(organizations.id, memberships.organizationId), isNull(organizations.deletedAt)))
    .where(and(eq(memberships.userId, userId), isNull(memberships.disabledAt)))
    .orderBy(...membershipOrder)
  return groupMemberships(rows)
}

export const membershipIn = async (db: Executor, userId: number, organizationId: number) =>
  (await membershipsOf(db, userId)).find((entry) => entry.id === organizationId)

/**
 * Gives a user a role in an organization; having it already is fine. A member's new role continues the
 * membership: it is disabled when the member is, and dated from the membership's start, so that
 * changing roles (student to teacher and back) never moves when the member joined, from which the
 * organization counts their practice (server/practice/ingest.ts).
 */
export const addMembership = async (db: Executor, userId: number, organizationId: number, role: Role): Promise<void> => {
  const [current] = await db
    .select({ since: sql<Date | string | null>`min(${memberships.createdAt})`, disabledAt: sql<Date | string | null>`max(${memberships.disabledAt})` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
  const disabledAt = current?.disabledAt ? new Date(current.disabledAt) : null
  await db
    .insert(memberships)
    .values({ userId, organizationId, role, disabledAt, ...(current?.since ? { createdAt: new Date(current.since) } : {}) })
    .onConflictDoNothing()
}

/** When the user's membership of the organization was disabled; null when it is active or there is none. */
export const disabledSince = async (db: Executor, userId: number, organizationId: number): Promise<Date | null> => {
  const [row] = await db
    .select({ disabledAt: memberships.disabledAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), isNotNull(memberships.disabledAt)))
    .limit(1)
  return row?.disabledAt ?? null
}

/** An organization that is not deleted (with `deleted`, one that is). */
export const findOrganization = async (db: Executor, organizationId: number, options: { deleted?: boolean } = {}) => {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), options.deleted ? sql`${organizations.deletedAt} is not null` : isNull(organizations.deletedAt)))
    .limit(1)
  return row
}

const organizationAndRolesQuery = preparedPerDatabase((db) =>
  db
    .select({
      organization: organizations,
      // the roles of auth/roles.ts rolesInOrganization: a disabled membership holds none
      roles: sql<Role[]>`(select coalesce(array_agg(${memberships.role}::text), '{}') from ${memberships} where ${and(
        eq(memberships.userId, sql.placeholder('userId')),
        eq(memberships.organizationId, organizations.id),
        isNull(memberships.disabledAt),
      )})`,
    })
    .from(organizations)
    .where(and(eq(organizations.id, sql.placeholder('organizationId')), isNull(organizations.deletedAt)))
    .limit(1)
    .prepare('organization_and_roles'),
)

/**
 * An organization that is not deleted, with the roles the user holds in it (none for an outsider or a
 * disabled member), in one query: what every call about an organization reads first to know who its
 * caller is there (built once, like the session's query).
 */
export const findOrganizationAndRoles = async (db: Executor, organizationId: number, userId: number) => {
  const [row] = await organizationAndRolesQuery(db).execute({ organizationId, userId })
  return row
}

/** The active organization whose join code this is and joins people (codes are case-insensitive; a turned-off one joins nobody). */
export const findOrganizationByCode = async (db: Executor, code: string) => {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      and(
        eq(organizations.invitationCode, code.toUpperCase()),
        eq(organizations.joinCodeEnabled, true),
        eq(organizations.status, 'active'),
        isNull(organizations.deletedAt),
      ),
    )
    .limit(1)
  return row
}

// no 0/O or 1/I: a code is read aloud and typed from paper
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const INVITATION_CODE_LENGTH = 6

export const newInvitationCode = (): string =>
  Array.from({ length: INVITATION_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

/** What an organization is made of: name and type, and optionally its profile (industry, address, ...). */
export type OrganizationValues = Omit<typeof organizations.$inferInsert, 'id' | 'invitationCode'>

/** Creates an organization with a fresh join code, and its admin when given. */
export const createOrganization = async (db: Executor, values: OrganizationValues & { adminUserId?: number }) => {
  const { adminUserId, ...fields } = values
  for (let attempt = 0; ; attempt++) {
    const code = newInvitationCode()
    const [created] = await db
      .insert(organizations)
      .values({ ...fields, isVerified: fields.isVerified ?? false, invitationCode: code })
      .onConflictDoNothing({ target: organizations.invitationCode })
      .returning()
    if (created) {
      if (adminUserId !== undefined) await addMembership(db, adminUserId, created.id, 'admin')
      return created
    }
    if (attempt > 20) throw new Error('Could not find a free invitation code')
  }
}

/** How many active admins an organization has (a disabled admin does not count: it cannot act). */
export const adminCount = async (db: Executor, organizationId: number): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin'), isNull(memberships.disabledAt)))
  return row?.count ?? 0
}

/**
 * The organizations (other than `except`) of which the user is the only active admin: an account
 * that leaves the system would leave them without one. Each is locked first (members.ts
 * lockOrganization), so that two such deletions at once cannot both pass.
 */
export const soleAdminOf = async (tx: Executor, userId: number, except?: number): Promise<number[]> => {
  const adminOf = await tx
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.role, 'admin'),
        isNull(memberships.disabledAt),
        except === undefined ? undefined : ne(memberships.organizationId, except),
      ),
    )
  const sole: number[] = []
  for (const { organizationId } of adminOf) {
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
    if ((await adminCount(tx, organizationId)) <= 1) sole.push(organizationId)
  }
  return sole
}
