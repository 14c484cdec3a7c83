import { and, isNotNull, lt } from 'drizzle-orm'
import { organizations } from '../db/schema.js'
import type { Executor } from '../db/store.js'

/** How long a deleted organization can be restored before its rows go for good. */
export const DELETED_ORGANIZATION_DAYS = 30

const DAY = 24 * 60 * 60 * 1000

/** When an organization deleted at `deletedAt` is purged (the admin list shows it). */
export const purgeDate = (deletedAt: Date): Date => new Date(deletedAt.getTime() + DELETED_ORGANIZATION_DAYS * DAY)

/** Deletes for good the organizations deleted more than 30 days before `now` (memberships, invitations with them). */
export const purgeDeletedOrganizations = async (db: Executor, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - DELETED_ORGANIZATION_DAYS * DAY)
  const purged = await db
    .delete(organizations)
    .where(and(isNotNull(organizations.deletedAt), lt(organizations.deletedAt, before)))
    .returning({ id: organizations.id })
  return purged.length
}
