import { randomInt } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { memberships, organizations, type OrganizationType, type Role } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/** Organizations and their members: the queries the accounts and invitations areas share. */

export interface MembershipView {
  id: number
  name: string
  type: OrganizationType
  roles: Role[]
}

const ROLE_ORDER: readonly Role[] = ['admin', 'teacher', 'student']
const byRoleOrder = (a: Role, b: Role) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b)

/** One role of a user in an organization, as a membership query reads it. */
export interface MembershipRow {
  id: number
  name: string
  type: OrganizationType
  role: Role
}

/** The order in which a user's organizations are listed: by name. */
export const membershipOrder = [asc(organizations.name), asc(organizations.id)]

/** One entry per organization with the user's roles in it, in the order of the rows. */
export const groupMemberships = (rows: readonly MembershipRow[]): MembershipView[] => {
  const byOrganization = new Map<number, MembershipView>()
  for (const row of rows) {
    const entry = byOrganization.get(row.id) ?? { id: row.id, name: row.name, type: row.type, roles: [] }
    entry.roles.push(row.role)
    byOrganization.set(row.id, entry)
  }
  for (const entry of byOrganization.values()) entry.roles.sort(byRoleOrder)
  return [...byOrganization.values()]
}

/** The organizations of a user with the user's roles in each, by organization name. */
export const membershipsOf = async (db: Executor, userId: number): Promise<MembershipView[]> => {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, and(eq(organizations.id, memberships.organizationId), isNull(organizations.deletedAt)))
    .where(eq(memberships.userId, userId))
    .orderBy(...membershipOrder)
  return groupMemberships(rows)
}

export const membershipIn = async (db: Executor, userId: number, organizationId: number) =>
  (await membershipsOf(db, userId)).find((entry) => entry.id === organizationId)

/** Gives a user a role in an organization; having it already is fine. */
export const addMembership = async (db: Executor, userId: number, organizationId: number, role: Role): Promise<void> => {
  await db.insert(memberships).values({ userId, organizationId, role }).onConflictDoNothing()
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

/** The active organization whose join code this is (codes are case-insensitive). */
export const findOrganizationByCode = async (db: Executor, code: string) => {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      and(eq(organizations.invitationCode, code.toUpperCase()), eq(organizations.status, 'active'), isNull(organizations.deletedAt)),
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

/** How many admins an organization has. */
export const adminCount = async (db: Executor, organizationId: number): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')))
  return row?.count ?? 0
}
