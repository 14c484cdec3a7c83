import { and, eq, isNull } from 'drizzle-orm'
import { memberships, type Role, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/**
 * Who may do what (specification §6). A user may hold several roles in one organization.
 * - platform super user: `is_superuser`;
 * - organization admin: the admin role in the organization, or a super user;
 * - teacher: the teacher role and not admin;
 * - student: the student role and neither teacher nor admin.
 * A disabled member holds no role in that organization: every call about it answers as to someone who
 * is not a member (its other organizations are not touched).
 */

type Who = Pick<UserRow, 'isSuperuser'>

export const rolesInOrganization = async (db: Executor, userId: number, organizationId: number): Promise<Role[]> => {
  const rows = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), isNull(memberships.disabledAt)))
  return rows.map((row) => row.role)
}

export const isSuperuser = (user: Who): boolean => user.isSuperuser

export const isOrgAdmin = (user: Who, roles: readonly Role[]): boolean => user.isSuperuser || roles.includes('admin')

export const isTeacher = (roles: readonly Role[]): boolean => roles.includes('teacher') && !roles.includes('admin')

export const isStudent = (roles: readonly Role[]): boolean =>
  roles.includes('student') && !roles.includes('teacher') && !roles.includes('admin')
