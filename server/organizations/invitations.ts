import { and, eq, isNull } from 'drizzle-orm'
import { invitations, organizations, type InvitationRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { hashToken } from '../auth/tokens.js'

/** Invitations by their token: shared by sign-up (an invite proves the address) and the invitations area. */

export interface InvitationWithOrganization {
  invitation: InvitationRow
  organizationName: string
  organizationType: 'school' | 'company'
}

export const findInvitationByToken = async (db: Executor, token: string): Promise<InvitationWithOrganization | undefined> => {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name, organizationType: organizations.type })
    .from(invitations)
    // a deleted organization's invitations are dead
    .innerJoin(organizations, and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1)
  return row
}

export const isPending = (invitation: InvitationRow, now: Date): boolean =>
  invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime()

/** The invitation of a token while it can still be accepted. */
export const findPendingInvitation = async (db: Executor, token: string, now: Date) => {
  const found = await findInvitationByToken(db, token)
  return found && isPending(found.invitation, now) ? found : undefined
}
