import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { components } from '../../openapi/schema.js'
import { invitations, organizations, users, type InvitationRow, type OrganizationRow, type Role } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import type { Paging } from '../http/paging.js'
import { invitedToClass } from './class-invitation.js'

/**
 * The open invitations of an organization: not accepted, not revoked. In the store they are `pending`
 * until then; the list tells apart one mailed again since (`resent`) and one whose link no longer
 * works (`expired`, which can still be resent).
 */

export type PendingInvitationView = components['schemas']['PendingInvitation']

const invitee = alias(users, 'invitee')
const inviter = alias(users, 'inviter')

/** When it was last mailed: its last resend, else its making. */
const sentAt = sql<Date>`coalesce(${invitations.resentAt}, ${invitations.created})`

const selectViews = (db: Executor, where: SQL) =>
  db
    .select({
      invitation: invitations,
      inviteeFirstName: invitee.firstName,
      inviteeLastName: invitee.lastName,
      inviterId: inviter.id,
      inviterFirstName: inviter.firstName,
      inviterLastName: inviter.lastName,
    })
    .from(invitations)
    // addresses are stored lower-case; an account's may be written with capitals
    .leftJoin(invitee, eq(sql`lower(${invitee.email})`, invitations.email))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(where)

type ViewRow = Awaited<ReturnType<typeof selectViews>>[number]

export const statusOf = (invitation: InvitationRow, now: Date): PendingInvitationView['status'] =>
  invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : invitation.resentAt ? 'resent' : 'pending'

const viewOf = (row: ViewRow, now: Date): PendingInvitationView => ({
  id: row.invitation.id,
  email: row.invitation.email,
  first_name: row.inviteeFirstName,
  last_name: row.inviteeLastName,
  roles: [row.invitation.role],
  status: statusOf(row.invitation, now),
  created: row.invitation.created.toISOString(),
  sent_at: (row.invitation.resentAt ?? row.invitation.created).toISOString(),
  expires_at: row.invitation.expiresAt.toISOString(),
  invited_by:
    row.inviterId === null ? null : { id: row.inviterId, first_name: row.inviterFirstName ?? '', last_name: row.inviterLastName ?? '' },
})

const openIn = (organizationId: number, roles?: readonly Role[]): SQL =>
  and(
    eq(invitations.organizationId, organizationId),
    eq(invitations.status, 'pending'),
    roles?.length ? inArray(invitations.role, [...roles]) : undefined,
  )!

/** One page of an organization's open invitations (to one of its classes with `groupId`), the last sent first. */
export const pendingInvitationsPage = async (
  db: Executor,
  organizationId: number,
  roles: readonly Role[] | undefined,
  paging: Paging,
  now: Date,
  groupId?: number,
): Promise<{ count: number; results: PendingInvitationView[] }> => {
  const where = groupId === undefined ? openIn(organizationId, roles) : and(openIn(organizationId, roles), invitedToClass(groupId))!
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(invitations).where(where)
  const rows = await selectViews(db, where).orderBy(desc(sentAt), desc(invitations.id)).limit(paging.size).offset(paging.offset)
  return { count: counted?.count ?? 0, results: rows.map((row) => viewOf(row, now)) }
}

/** These invitations as the list shows them, in the order of `ids`. */
export const pendingInvitationViews = async (db: Executor, ids: readonly number[], now: Date): Promise<PendingInvitationView[]> => {
  if (ids.length === 0) return []
  const rows = await selectViews(db, inArray(invitations.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.invitation.id, viewOf(row, now)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** The open invitations of the organization among `ids` (another organization's, accepted or revoked ones are left out). */
export const openInvitationsAmong = (db: Executor, organizationId: number, ids: readonly number[]): Promise<InvitationRow[]> =>
  db
    .select()
    .from(invitations)
    .where(and(openIn(organizationId), inArray(invitations.id, [...ids])))
    .orderBy(invitations.id)

/** An invitation with its organization (not a deleted one), whatever its status. */
export const findInvitationById = async (
  db: Executor,
  id: number,
): Promise<{ invitation: InvitationRow; organization: OrganizationRow } | undefined> => {
  const [row] = await db
    .select({ invitation: invitations, organization: organizations })
    .from(invitations)
    .innerJoin(organizations, and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)))
    .where(eq(invitations.id, id))
    .limit(1)
  return row
}
