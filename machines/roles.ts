/**
 * Role predicates of spec §6 and the top-navigation rules of §2, as pure functions.
 * The app uses them to show or hide entries; the machines' guards mirror the ones they need
 * inline (a machine file imports xstate and types only) and tests/model checks they agree.
 */
import type { OrganizationMembership, OrganizationRole, User } from './types'

type MaybeUser = User | null | undefined
type OrgId = number | null | undefined

/** A platform admin (super user). */
export const isSuperuser = (user: MaybeUser): boolean => user?.is_superuser === true

/** The user's membership of an organization, if any. */
export const membershipOf = (user: MaybeUser, organizationId: OrgId): OrganizationMembership | undefined =>
  organizationId == null ? undefined : user?.organizations.find((org) => org.id === organizationId)

export const hasRole = (user: MaybeUser, organizationId: OrgId, role: OrganizationRole): boolean =>
  membershipOf(user, organizationId)?.roles.includes(role) === true

/** Organization admin: role admin in the organization, or a super user (§6). */
export const isOrgAdmin = (user: MaybeUser, organizationId: OrgId): boolean =>
  isSuperuser(user) || hasRole(user, organizationId, 'admin')

/** Teacher: the teacher role and not admin (§6). */
export const isTeacher = (user: MaybeUser, organizationId: OrgId): boolean =>
  hasRole(user, organizationId, 'teacher') && !isOrgAdmin(user, organizationId)

/** Student: the student role and neither teacher nor admin (§6). */
export const isStudent = (user: MaybeUser, organizationId: OrgId): boolean =>
  hasRole(user, organizationId, 'student') &&
  !hasRole(user, organizationId, 'teacher') &&
  !isOrgAdmin(user, organizationId)

/**
 * Classes: teacher or admin of the current organization (the class list's callers, §6); a student's
 * classes are on the student dashboard.
 */
export const canSeeClasses = (user: MaybeUser, organizationId: OrgId): boolean =>
  organizationId != null && (hasRole(user, organizationId, 'teacher') || isOrgAdmin(user, organizationId))

/** Teachers: organization admin of the current organization. */
export const canSeeTeachers = (user: MaybeUser, organizationId: OrgId): boolean =>
  organizationId != null && isOrgAdmin(user, organizationId)

/** Students: teacher or admin of the current organization. */
export const canSeeStudents = (user: MaybeUser, organizationId: OrgId): boolean =>
  organizationId != null && (hasRole(user, organizationId, 'teacher') || isOrgAdmin(user, organizationId))

/** Dashboard: for a super user only when an organization is selected; always for others. */
export const canSeeDashboard = (user: MaybeUser, organizationId: OrgId): boolean =>
  user != null && (!isSuperuser(user) || organizationId != null)

/** Onboarding is due for a user with no organization who is not a platform admin (§2, §4). */
export const needsOnboarding = (user: MaybeUser): boolean =>
  user != null && !isSuperuser(user) && user.organizations.length === 0

/** The organization that is current after login: the first one, none for a platform admin (§4 Login). */
export const defaultOrganizationId = (user: MaybeUser): number | null =>
  user == null || isSuperuser(user) ? null : (user.organizations[0]?.id ?? null)

/** Where a finished login goes (§4 Login). */
export const homePathOf = (user: MaybeUser): '/admin' | '/' => (isSuperuser(user) ? '/admin' : '/')
