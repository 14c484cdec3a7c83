import { and, eq, isNull } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import { enforce, relationToOrganization, type Relation } from '../auth/policy.js'
import type { OperationId } from '../contract/handler.js'
import { memberships, type GroupRow, type OrganizationRow, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { fieldErrors, forbidden, notFound } from '../http/errors.js'
import { findOrganization } from '../organizations/memberships.js'
import { findGroup } from './queries.js'

/**
 * canEditClass (specification §6): the organization's admins, or the teacher who owns the class; and
 * platform admins whose reach covers the organization. The authorization table (auth/authorization-table.ts)
 * answers by role; a teacher's "allowed" there holds for the teacher's own classes only, checked here:
 * another teacher's class answers 403, like the calls a teacher may not make at all.
 */

export interface GroupAccess {
  organization: OrganizationRow
  relation: Relation
  /** A teacher (not admin) acting: sees and edits only the classes they own. */
  asTeacher: boolean
}

/** The organization of a class call, when the table lets `me` do `operation` on it. Unknown ids: 404. */
export const organizationOfGroups = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  organizationId: number,
  operation: OperationId,
): Promise<GroupAccess> => {
  const organization = await findOrganization(db, organizationId)
  if (!organization) throw notFound(t.api.notFound())
  const relation = await relationToOrganization(db, me, organization)
  enforce(t, operation, relation)
  return { organization, relation, asTeacher: relation.caller === 'teacher' }
}

/**
 * The class `groupId` (of `organizationId` when the path names one) and who `me` is to it, when `me`
 * may do `operation` on it. A class of another organization is the same 404 as one that does not exist.
 */
export const groupFor = async (
  db: Executor,
  t: Translator,
  me: UserRow,
  groupId: number,
  operation: OperationId,
  organizationId?: number,
): Promise<GroupAccess & { group: GroupRow }> => {
  const group = await findGroup(db, groupId)
  if (!group || (organizationId !== undefined && group.organizationId !== organizationId)) throw notFound(t.api.notFound())
  const access = await organizationOfGroups(db, t, me, group.organizationId, operation)
  if (access.asTeacher && group.ownerId !== me.id) throw forbidden(t.api.forbidden())
  return { ...access, group }
}

/** An owner must be an active teacher of the organization (a field error on `owner` otherwise). */
export const checkOwner = async (db: Executor, t: Translator, organizationId: number, ownerId: number | null | undefined) => {
  if (ownerId == null) return
  const [teacher] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, ownerId),
        eq(memberships.organizationId, organizationId),
        eq(memberships.role, 'teacher'),
        isNull(memberships.disabledAt),
      ),
    )
    .limit(1)
  if (!teacher) throw fieldErrors({ owner: t.classes.validation.ownerNotTeacher() })
}

/** The end date may not come before the start date (ISO dates compare as text). */
export const checkDates = (t: Translator, body: { start_date: string; end_date: string }) => {
  if (body.end_date < body.start_date) throw fieldErrors({ end_date: t.classes.validation.endBeforeStart() })
}
