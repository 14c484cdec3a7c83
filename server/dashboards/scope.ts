import { sql, type SQL } from 'drizzle-orm'

/**
 * Who a dashboard is about (specification 001 §6): an admin sees the organization, a teacher the classes
 * they own and the learners in them, a student their own classes. Each scope is a SQL fragment that the
 * dashboard's queries (queries.ts) filter by, so no figure is computed from rows the caller may not see.
 */

export type DashboardRole = 'admin' | 'teacher' | 'student'

export interface DashboardScope {
  role: DashboardRole
  organizationId: number
  userId: number
}

/** An active member of the organization holding the student role. */
const isStudentMember = (organizationId: number, userId: SQL): SQL => sql`exists (
  select 1 from memberships m
  where m.user_id = ${userId} and m.organization_id = ${organizationId} and m.role = 'student' and m.disabled_at is null)`

/** The ids of the learners in scope (a student's scope is the student alone). */
export const learnersOf = (scope: DashboardScope): SQL => {
  switch (scope.role) {
    case 'admin':
      return sql`select m.user_id from memberships m
        where m.organization_id = ${scope.organizationId} and m.role = 'student' and m.disabled_at is null`
    case 'teacher':
      return sql`select distinct gm.user_id from group_members gm join groups g on g.id = gm.group_id
        where g.organization_id = ${scope.organizationId} and g.owner_id = ${scope.userId}
        and ${isStudentMember(scope.organizationId, sql`gm.user_id`)}`
    case 'student':
      return sql`select ${scope.userId}::int`
  }
}

/** The condition on `groups` for the classes in scope: a student's leave drafts out. */
export const classesOf = (scope: DashboardScope): SQL => {
  switch (scope.role) {
    case 'admin':
      return sql`groups.organization_id = ${scope.organizationId}`
    case 'teacher':
      return sql`groups.organization_id = ${scope.organizationId} and groups.owner_id = ${scope.userId}`
    case 'student':
      return sql`groups.organization_id = ${scope.organizationId} and not groups.is_draft
        and exists (select 1 from group_members gm where gm.group_id = groups.id and gm.user_id = ${scope.userId})`
  }
}
