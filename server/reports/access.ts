import { and, eq } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import { enforce, relationHolding } from '../auth/policy.js'
import { rolesInOrganization } from '../auth/roles.js'
import type { OperationId } from '../contract/handler.js'
import type { AppContext } from '../context.js'
import { findGroup } from '../classes/queries.js'
import { groupMembers, groups, type GroupRow, type OrganizationRow, type UserRow } from '../db/schema.js'
import { organizationScope, userScope, type Versions } from '../db/read-cache.js'
import type { Executor } from '../db/store.js'
import { forbidden, notFound } from '../http/errors.js'
import { findOrganizationAndRoles } from '../organizations/memberships.js'

/**
 * Who reads which report (specification §6 and issue 10), on top of the authorization table's rows:
 * - a class's reports: canEditClass (the organization's admins, the teacher who owns the class) and
 *   platform admins whose reach covers the organization: the class calls' own check (groupFor of
 *   classes/access.ts), made by classOfReport;
 * - an organization's report: its admins and platform admins (the table alone);
 * - a learner's report: the organization's admins and platform admins, for any member; a teacher, for
 *   the students of the classes it owns and itself; a student, for itself only. Others of the
 *   organization 403, outsiders 404, a user who is no member of the organization 404;
 * - a teacher's report (its classes' students): the organization's admins and platform admins, and the
 *   teacher itself; another teacher 403, the students 403 (the table), a user who is no teacher of the
 *   organization 404.
 *
 * Who may read a report is itself a reading of the store (groups, group_members, organizations, memberships:
 * the organization's scope, db/read-cache.ts), so it is kept like the session while neither the organization
 * nor the caller changes. A refusal is not kept. The figures are kept apart, while the organization and its
 * practice hold (kept.ts): a report on warm data sends its session's statement only.
 */

/** Where a report's access is read: the app's kept readings, at the versions the request began at (its session's). */
export interface ReportReader {
  app: AppContext
  cacheVersion: Versions
}

/**
 * The answer of `compute` kept under `key` (every input of it: who asks is part of the key), while neither
 * `me` nor the organization of the answer changes.
 */
const kept = <T>(
  { app, cacheVersion }: ReportReader,
  me: UserRow,
  key: unknown[],
  organizationOf: (answer: T) => number,
  compute: (db: Executor) => Promise<T>,
): Promise<T> =>
  app.readings.read(cacheVersion, JSON.stringify(['report', ...key]), (answer) => [userScope(me.id), organizationScope(organizationOf(answer))], compute)

/** The organization of a report and who `me` is to it, when the authorization table lets `me` do `operation` there. */
const reportAccess = async (db: Executor, t: Translator, me: UserRow, organizationId: number, operation: OperationId) => {
  // the organization and the caller's roles in it in one query: a report's time is mostly its figures
  const found = await findOrganizationAndRoles(db, organizationId, me.id)
  if (!found) throw notFound(t.api.notFound())
  const relation = relationHolding(me, found.organization, found.roles)
  enforce(t, operation, relation)
  return { organization: found.organization, relation }
}

/**
 * A class's report: the class and its organization when `me` may read it (canEditClass, as classes/access.ts
 * groupFor answers it: a teacher only the classes it owns), with the organization and roles in one query.
 */
export const classOfReport = (
  reader: ReportReader,
  t: Translator,
  me: UserRow,
  groupId: number,
  operation: OperationId,
): Promise<{ group: GroupRow; organization: OrganizationRow }> =>
  kept(reader, me, ['class', operation, groupId, me.id], (answer) => answer.organization.id, async (db) => {
    const group = await findGroup(db, groupId)
    if (!group) throw notFound(t.api.notFound())
    const { organization, relation } = await reportAccess(db, t, me, group.organizationId, operation)
    if (relation.caller === 'teacher' && group.ownerId !== me.id) throw forbidden(t.api.forbidden())
    return { group, organization }
  })

export const organizationOfReport = (reader: ReportReader, t: Translator, me: UserRow, organizationId: number, operation: OperationId) =>
  kept(reader, me, ['organization', operation, organizationId, me.id], (organization: OrganizationRow) => organization.id, async (db) => (await reportAccess(db, t, me, organizationId, operation)).organization)

/** Whether `learnerId` is a member of a class of the organization that `teacherId` owns. */
const inClassOf = async (db: Executor, teacherId: number, learnerId: number, organizationId: number): Promise<boolean> => {
  const [row] = await db
    .select({ groupId: groups.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, learnerId), eq(groups.ownerId, teacherId), eq(groups.organizationId, organizationId)))
    .limit(1)
  return row !== undefined
}

export const learnerOfReport = (
  reader: ReportReader,
  t: Translator,
  me: UserRow,
  learnerId: number,
  organizationId: number,
  operation: OperationId,
): Promise<OrganizationRow> =>
  kept(reader, me, ['learner', operation, organizationId, learnerId, me.id], (organization) => organization.id, async (db) => {
    const { organization, relation } = await reportAccess(db, t, me, organizationId, operation)
    const self = learnerId === me.id
    if (relation.caller === 'student' && !self) throw forbidden(t.api.forbidden())
    if (relation.caller === 'teacher' && !self && !(await inClassOf(db, me.id, learnerId, organization.id))) {
      throw forbidden(t.api.forbidden())
    }
    if ((await rolesInOrganization(db, learnerId, organization.id)).length === 0) throw notFound(t.api.notFound())
    return organization
  })

export const teacherOfReport = (
  reader: ReportReader,
  t: Translator,
  me: UserRow,
  teacherId: number,
  organizationId: number,
  operation: OperationId,
): Promise<OrganizationRow> =>
  kept(reader, me, ['teacher', operation, organizationId, teacherId, me.id], (organization) => organization.id, async (db) => {
    const { organization, relation } = await reportAccess(db, t, me, organizationId, operation)
    if (relation.caller === 'teacher' && teacherId !== me.id) throw forbidden(t.api.forbidden())
    if (!(await rolesInOrganization(db, teacherId, organization.id)).includes('teacher')) throw notFound(t.api.notFound())
    return organization
  })
