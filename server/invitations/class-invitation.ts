import { and, eq } from 'drizzle-orm'
import { groupMembers, groups, type InvitationRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/**
 * What accepting an invitation to a class does (spec 001 §3 Invitation `group`): a student joins the
 * class, a teacher becomes its owner. Only a class of the invitation's own organization, and one that
 * still exists (a deleted class revoked its invitations, but a class id may come from elsewhere).
 */
export const joinInvitedClass = async (db: Executor, invitation: InvitationRow, userId: number, now: Date): Promise<void> => {
  const groupId = invitation.groupId
  if (groupId === null || !(await groupOfOrganization(db, groupId, invitation.organizationId))) return
  if (invitation.role === 'teacher') await db.update(groups).set({ ownerId: userId }).where(eq(groups.id, groupId))
  else if (invitation.role === 'student') await db.insert(groupMembers).values({ groupId, userId, createdAt: now }).onConflictDoNothing()
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
