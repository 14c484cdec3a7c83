import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { isLocale } from '../../locales/languages.js'
import { credentials, memberships, organizations, users, type UserRow } from '../db/schema.js'
import { preparedPerDatabase, type Executor } from '../db/store.js'
import { adminCount, groupMemberships, membershipOrder, type MembershipRow, type MembershipView } from '../organizations/memberships.js'

export type UserView = components['schemas']['User']

const PHOTO_KEY = /^accounts\/\d+\/photo-([a-z0-9]+)$/

/** Where the photo is served: a new upload has a new address, so each can be cached for good. */
export const photoUrl = (row: Pick<UserRow, 'id' | 'photoKey' | 'photoUrl'>): string | null => {
  const version = row.photoKey ? PHOTO_KEY.exec(row.photoKey)?.[1] : undefined
  return version ? `/v1/accounts/${row.id}/photo/${version}` : row.photoUrl
}

/**
 * What the view shows beyond the user row, in one query built once (preparedPerDatabase): whether the
 * account has a password, and its organizations with its roles (not those where it is disabled: they
 * are out of its reach). One row per role, or a single row without organization when it has none; an
 * account has at most one password (credentials_password_user_key), so that join adds no rows.
 */
const passwordAndMembershipsQuery = preparedPerDatabase((db) =>
  db
    .select({
      passwordCredentialId: credentials.id,
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      timezone: organizations.timezone,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(credentials, and(eq(credentials.userId, users.id), isNotNull(credentials.passwordHash)))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), isNull(memberships.disabledAt)))
    .leftJoin(organizations, and(eq(organizations.id, memberships.organizationId), isNull(organizations.deletedAt)))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(...membershipOrder)
    .prepare('account_password_and_memberships'),
)

const passwordAndMembershipsOf = async (
  db: Executor,
  userId: number,
): Promise<{ hasPassword: boolean; organizations: MembershipView[] }> => {
  const rows = await passwordAndMembershipsQuery(db).execute({ userId })
  const roles = rows.filter((row): row is typeof row & MembershipRow => row.id !== null && row.role !== null)
  const organizations = groupMemberships(roles)
  // the profile's withdraw dialog tells the only admin to invite another one first (a user admins few organizations)
  for (const entry of organizations) entry.sole_admin = entry.roles.includes('admin') && (await adminCount(db, entry.id)) <= 1
  return { hasPassword: rows.some((row) => row.passwordCredentialId !== null), organizations }
}

/** An account as the contract shows it (no credentials, no internal flags). */
export const userView = async (db: Executor, user: UserRow): Promise<UserView> => {
  const { hasPassword, organizations } = await passwordAndMembershipsOf(db, user.id)
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    unconfirmed_email: user.unconfirmedEmail,
    username: user.username,
    phone_code: user.phoneCode,
    phone_number: user.phoneNumber,
    photo_url: photoUrl(user),
    is_superuser: user.isSuperuser,
    country_admin_level: user.countryAdminLevel,
    language: isLocale(user.language) ? user.language : 'en',
    has_password: hasPassword,
    date_joined: user.dateJoined.toISOString(),
    organizations,
  }
}
