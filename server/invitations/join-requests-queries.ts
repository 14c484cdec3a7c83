import { and, asc, eq } from 'drizzle-orm'
import { joinRequests, memberships, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/** The roles a person holds in an organization, disabled ones included, and whether they are disabled there. */
export const standingIn = async (db: Executor, userId: number, organizationId: number) => {
  const rows = await db
    .select({ role: memberships.role, disabledAt: memberships.disabledAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
  return { roles: rows.map((row) => row.role), disabled: rows.some((row) => row.disabledAt !== null) }
}

export const pendingRequestOf = async (db: Executor, userId: number, organizationId: number) => {
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.organizationId, organizationId)))
    .limit(1)
  return row
}

/** The organization's join requests with their people, the oldest first. */
export const listRequests = (db: Executor, organizationId: number) =>
  db
    .select({
      id: joinRequests.id,
      role: joinRequests.role,
      created: joinRequests.createdAt,
      user: { id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email },
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(eq(joinRequests.organizationId, organizationId))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))

/** Deletes one of the organization's requests and answers it; undefined when it is not one of them. */
export const takeRequest = async (db: Executor, organizationId: number, requestId: number) => {
  const [row] = await db
    .delete(joinRequests)
    .where(and(eq(joinRequests.id, requestId), eq(joinRequests.organizationId, organizationId)))
    .returning()
  return row
}
