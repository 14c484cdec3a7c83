import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import type { components } from '../../openapi/schema.js'
import { memberships, organizations, users, type Role } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { detailError } from '../http/errors.js'
import { photoUrl } from '../accounts/user-view.js'
import { adminCount } from './memberships.js'

/** The members of an organization with their roles in it, as the contract shows them. */

export type OrganizationUserView = components['schemas']['OrganizationUser']
export type MemberOrdering = 'username' | 'email' | 'first_name' | 'last_name'

// the enum's order is student, teacher, admin: descending lists admin first
const rolesOf = sql<Role[]>`array_agg(${memberships.role}::text order by ${memberships.role} desc)`
const joinedAt = sql<Date>`min(${memberships.createdAt})`
// every role row of a member carries the same disabled_at (memberships.ts addMembership)
const active = sql<boolean>`bool_and(${memberships.disabledAt} is null)`

const SORT: Record<MemberOrdering, SQL> = {
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  first_name: sql`lower(${users.firstName})`,
  last_name: sql`lower(${users.lastName})`,
}

/** `%`, `_` and `\` match themselves in a search. */
export const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface MemberFilter {
  roles?: Role[]
  search?: string
  userId?: number
}

/** The users who are members of the organization (holding one of `roles`, when given) and match the search. */
const memberCondition = (organizationId: number, filter: MemberFilter): SQL => {
  const conditions: SQL[] = [
    sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${and(
      eq(memberships.organizationId, organizationId),
      filter.roles?.length ? inArray(memberships.role, filter.roles) : undefined,
    )})`,
  ]
  if (filter.userId !== undefined) conditions.push(eq(users.id, filter.userId))
  const words = filter.search?.trim()
  if (words) {
    const like = containing(words)
    conditions.push(
      or(ilike(users.username, like), ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!,
    )
  }
  return and(...conditions)!
}

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  phoneCode: users.phoneCode,
  phoneNumber: users.phoneNumber,
  photoUrl: users.photoUrl,
  photoKey: users.photoKey,
}

const selectMembers = (db: Executor, where: SQL) => db.select(memberColumns).from(users).where(where)

type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number]

/** The members' roles and first joining, for these users only (a page, not the whole organization). */
const withRoles = async (db: Executor, organizationId: number, rows: MemberRow[]): Promise<OrganizationUserView[]> => {
  if (rows.length === 0) return []
  const roles = await db
    .select({ userId: memberships.userId, roles: rolesOf, joinedAt, active })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, rows.map((row) => row.id))))
    .groupBy(memberships.userId)
  const byUser = new Map(roles.map((row) => [row.userId, row]))
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    username: row.username,
    phone_code: row.phoneCode,
    phone_number: row.phoneNumber,
    photo_url: photoUrl(row),
    roles: byUser.get(row.id)?.roles ?? [],
    joined_at: new Date(byUser.get(row.id)?.joinedAt ?? 0).toISOString(),
    is_active: byUser.get(row.id)?.active ?? true,
  }))
}

/**
 * One page of members, with the number of all that match: the page is chosen among the users first, and
 * only its members' roles are read, so a page costs the same in an organization of 50 or of 5,000.
 */
export const membersPage = async (
  db: Executor,
  organizationId: number,
  filter: MemberFilter,
  ordering: MemberOrdering | `-${MemberOrdering}`,
  page: { size: number; offset: number },
) => {
  const descending = ordering.startsWith('-')
  const column = SORT[ordering.replace(/^-/, '') as MemberOrdering]
  const where = memberCondition(organizationId, filter)
  const [rows, [total]] = await Promise.all([
    selectMembers(db, where)
      .orderBy(descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(users.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
  ])
  return { count: total?.count ?? 0, results: await withRoles(db, organizationId, rows) }
}

export const findMember = async (db: Executor, organizationId: number, userId: number) => {
  const rows = await selectMembers(db, memberCondition(organizationId, { userId }))
  return (await withRoles(db, organizationId, rows))[0]
}

/**
 * Serializes the changes to one organization's members (the sole-admin rule reads, then writes):
 * a lock on the organization's row for the rest of the transaction.
 */
export const lockOrganization = async (tx: Executor, organizationId: number) => {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
}

/**
 * 409 when taking the admin role from `member` (or disabling it) would leave the organization without
 * an active admin; a disabled admin is not one of them, so it may go.
 */
export const keepAnAdmin = async (tx: Executor, t: Translator, organizationId: number, member: OrganizationUserView, message = t.api.soleAdmin()) => {
  if (member.roles.includes('admin') && member.is_active && (await adminCount(tx, organizationId)) <= 1) throw detailError(409, message, 'sole_admin')
}

/** Disables the member in the organization (every role row; `at` null enables it again). */
export const setMemberDisabled = (tx: Executor, organizationId: number, userId: number, at: Date | null) =>
  tx
    .update(memberships)
    .set({ disabledAt: at })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))

export const removeMembership = (tx: Executor, organizationId: number, userId: number, roles?: Role[]) =>
  tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        roles ? inArray(memberships.role, roles) : undefined,
      ),
    )
