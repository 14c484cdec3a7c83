import { and, asc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import type { components } from '../../openapi/schema.js'
import { dailyPractice, groupMembers, groups, memberships, organizations, users, type Role } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { detailError } from '../http/errors.js'
import { photoUrl } from '../accounts/user-view.js'
import { adminCount } from './memberships.js'

/** The members of an organization with their roles in it, as the contract shows them. */

export type OrganizationUserView = components['schemas']['OrganizationUser']
export type MemberOrdering = 'username' | 'email' | 'first_name' | 'last_name' | 'groups_count' | 'users_groups_count'

/**
 * A member's counts as a teacher (spec §3 Organization user): the classes of the organization the
 * member owns, drafts included (the member's own class list shows them), and the students in those
 * classes, each counted once however many of them they are in. Subqueries on the member's id, so the
 * page's statement computes them (groups_owner_idx, group_members_group_user_key): no query per row.
 */
const groupsCount = (organizationId: number, userId: AnyColumn) =>
  sql<number>`(select count(*)::int from ${groups} where ${groups.organizationId} = ${organizationId} and ${groups.ownerId} = ${userId})`

const usersGroupsCount = (organizationId: number, userId: AnyColumn) =>
  sql<number>`(select count(distinct ${groupMembers.userId})::int from ${groupMembers}
    inner join ${groups} on ${groups.id} = ${groupMembers.groupId}
    where ${groups.organizationId} = ${organizationId} and ${groups.ownerId} = ${userId})`

const sortKeyOf = (ordering: MemberOrdering, organizationId: number): SQL => {
  switch (ordering) {
    case 'username':
      return sql`lower(${users.username})`
    case 'email':
      return sql`lower(${users.email})`
    case 'first_name':
      return sql`lower(${users.firstName})`
    case 'last_name':
      return sql`lower(${users.lastName})`
    case 'groups_count':
      return groupsCount(organizationId, users.id)
    case 'users_groups_count':
      return usersGroupsCount(organizationId, users.id)
  }
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
    // the username, the e-mail, or the first, last or full name: text in the first or the last name (both
    // required) is text in the full name, so that one condition covers all three (and has a trigram index)
    const like = containing(words)
    conditions.push(or(ilike(users.username, like), ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!)
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

interface MemberPage {
  ordering: MemberOrdering | `-${MemberOrdering}`
  size: number
  offset: number
}

/**
 * One page of the members who match, each with their roles in the organization, first joining and
 * status, and the number of all who match, in one statement: the page is chosen among the users first
 * (the subquery, whose count is computed once), and only its members' role rows are read, so a page
 * costs the same in an organization of 50 or of 5,000.
 */
const selectMembers = (db: Executor, organizationId: number, where: SQL, page: MemberPage) => {
  const descending = page.ordering.startsWith('-')
  const sortKey = sortKeyOf(page.ordering.replace(/^-/, '') as MemberOrdering, organizationId)
  const order = (key: SQL | SQL.Aliased | AnyColumn, id: AnyColumn) => [
    descending ? sql`${key} desc nulls last` : sql`${key} asc nulls last`,
    asc(id),
  ]
  const chosen = db
    .select({
      ...memberColumns,
      sortKey: sql`${sortKey}`.as('sort_key'),
      total: sql<number>`(select count(*)::int from ${users} where ${where})`.as('total'),
    })
    .from(users)
    .where(where)
    .orderBy(...order(sortKey, users.id))
    .limit(page.size)
    .offset(page.offset)
    .as('chosen')
  const held = db
    .select({
      // the enum's order is student, teacher, admin: descending lists admin first
      roles: sql<Role[]>`array_agg(${memberships.role}::text order by ${memberships.role} desc)`.as('roles'),
      joinedAt: sql<Date | string>`min(${memberships.createdAt})`.as('joined_at'),
      // every role row of a member carries the same disabled_at (memberships.ts addMembership)
      active: sql<boolean>`bool_and(${memberships.disabledAt} is null)`.as('active'),
      // kept on the teacher row only (update-organization-user.ts)
      department: sql<string | null>`max(${memberships.department}) filter (where ${memberships.role} = 'teacher')`.as('department'),
      title: sql<string | null>`max(${memberships.title}) filter (where ${memberships.role} = 'teacher')`.as('title'),
    })
    .from(memberships)
    .where(and(eq(memberships.userId, chosen.id), eq(memberships.organizationId, organizationId)))
    .as('held')
  return db
    .select({
      id: chosen.id,
      firstName: chosen.firstName,
      lastName: chosen.lastName,
      email: chosen.email,
      username: chosen.username,
      phoneCode: chosen.phoneCode,
      phoneNumber: chosen.phoneNumber,
      photoUrl: chosen.photoUrl,
      photoKey: chosen.photoKey,
      total: chosen.total,
      roles: held.roles,
      joinedAt: held.joinedAt,
      active: held.active,
      department: held.department,
      title: held.title,
      groupsCount: groupsCount(organizationId, chosen.id),
      usersGroupsCount: usersGroupsCount(organizationId, chosen.id),
    })
    .from(chosen)
    .leftJoinLateral(held, sql`true`)
    .orderBy(...order(chosen.sortKey, chosen.id))
}

type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number]

const memberView = (row: MemberRow): OrganizationUserView => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  username: row.username,
  phone_code: row.phoneCode,
  phone_number: row.phoneNumber,
  photo_url: photoUrl(row),
  roles: row.roles ?? [],
  joined_at: new Date(row.joinedAt ?? 0).toISOString(),
  is_active: row.active ?? true,
  department: row.department ?? null,
  title: row.title ?? null,
  groups_count: row.groupsCount,
  users_groups_count: row.usersGroupsCount,
})

/** One page of members, with the number of all that match. */
export const membersPage = async (db: Executor, organizationId: number, filter: MemberFilter, page: MemberPage) => {
  const where = memberCondition(organizationId, filter)
  const rows = await selectMembers(db, organizationId, where, page)
  // a page past the end has no row to carry the count
  const count =
    rows[0]?.total ??
    (page.offset > 0 ? ((await db.select({ count: sql<number>`count(*)::int` }).from(users).where(where))[0]?.count ?? 0) : 0)
  return { count, results: rows.map(memberView) }
}

export const findMember = async (db: Executor, organizationId: number, userId: number) => {
  const page = { ordering: 'username', size: 1, offset: 0 } as const
  const [row] = await selectMembers(db, organizationId, memberCondition(organizationId, { userId }), page)
  return row && memberView(row)
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

/**
 * Takes `roles` (every role when not given) from the member; a student who goes leaves the organization's
 * classes too. A member left without a role has left the organization: its rollups of the learner's
 * practice go too (their totals with them, by the triggers of migration 0023), so that joining again
 * is a new membership whose figures start at the new join, as the ingestion counts them
 * (practice/ingest.ts); the learner's own events stay theirs.
 */
export const removeMembership = async (tx: Executor, organizationId: number, userId: number, roles?: Role[]) => {
  await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        roles ? inArray(memberships.role, roles) : undefined,
      ),
    )
  await tx
    .delete(dailyPractice)
    .where(
      and(
        eq(dailyPractice.organizationId, organizationId),
        eq(dailyPractice.userId, userId),
        sql`not exists (select 1 from ${memberships} where ${memberships.organizationId} = ${organizationId} and ${memberships.userId} = ${userId})`,
      ),
    )
  if (roles && !roles.includes('student')) return
  await tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.userId, userId),
        inArray(groupMembers.groupId, tx.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, organizationId))),
      ),
    )
}
