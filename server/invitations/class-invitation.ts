import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm'
import { groupMembers, groups, invitationGroups, invitations, type InvitationRow, type Role } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/**
 * The classes of an invitation (spec 001 §3 Invitation `group`; schema: invitation_groups). An address
 * has one pending invitation per role in an organization; each class it is invited to is added to it,
 * so that inviting it to a second class does not take it out of the first. Accepting joins them all;
 * withdrawing a class takes only that class away, and the invitation itself goes with its last class
 * unless it was made to the organization itself too.
 */

/** The invitations `ids` are for the class `groupId` too. */
export const addInvitationClass = async (db: Executor, ids: readonly number[], groupId: number): Promise<void> => {
  if (ids.length === 0) return
  await db
    .insert(invitationGroups)
    .values(ids.map((invitationId) => ({ invitationId, groupId })))
    .onConflictDoNothing()
}

/** The invitation is for the class `groupId` (to use in a `where` over invitations). */
export const invitedToClass = (groupId: number): SQL =>
  sql`exists (select 1 from ${invitationGroups} where ${invitationGroups.invitationId} = ${invitations.id} and ${invitationGroups.groupId} = ${groupId})`

/**
 * What accepting an invitation does for its classes: a student joins each, a teacher becomes their owner.
 * Only classes of the invitation's own organization count (a class id may come from elsewhere).
 */
export const joinInvitedClasses = async (db: Executor, invitation: InvitationRow, userId: number, now: Date): Promise<void> => {
  const rows = await db
    .select({ groupId: invitationGroups.groupId })
    .from(invitationGroups)
    .innerJoin(groups, and(eq(groups.id, invitationGroups.groupId), eq(groups.organizationId, invitation.organizationId)))
    .where(eq(invitationGroups.invitationId, invitation.id))
  const ids = rows.map((row) => row.groupId)
  if (ids.length === 0) return
  if (invitation.role === 'teacher') await db.update(groups).set({ ownerId: userId }).where(inArray(groups.id, ids))
  else if (invitation.role === 'student') {
    await db
      .insert(groupMembers)
      .values(ids.map((groupId) => ({ groupId, userId, createdAt: now })))
      .onConflictDoNothing()
  }
}

/**
 * Takes the class `groupId` away from its pending invitations (of `role`, or only `invitationId`), and
 * revokes those left without a class that were made for classes only. Answers the invitations it took the class from.
 */
export const withdrawClass = async (
  db: Executor,
  groupId: number,
  which: { role?: Role; invitationId?: number } = {},
): Promise<number[]> => {
  const pending = db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.status, 'pending'),
        which.role ? eq(invitations.role, which.role) : undefined,
        which.invitationId === undefined ? undefined : eq(invitations.id, which.invitationId),
      ),
    )
  const withdrawn = await db
    .delete(invitationGroups)
    .where(and(eq(invitationGroups.groupId, groupId), inArray(invitationGroups.invitationId, pending)))
    .returning({ id: invitationGroups.invitationId })
  const ids = withdrawn.map((row) => row.id)
  if (ids.length > 0) {
    await db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(
        and(
          inArray(invitations.id, ids),
          not(invitations.organizationWide),
          sql`not exists (select 1 from ${invitationGroups} where ${invitationGroups.invitationId} = ${invitations.id})`,
        ),
      )
  }
  return ids
}

/** Whether `groupId` is a class of the organization. */
export const groupOfOrganization = async (db: Executor, groupId: number, organizationId: number): Promise<boolean> => {
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.organizationId, organizationId)))
    .limit(1)
  return group !== undefined
}
