import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { isLocale } from '../../locales/languages.js'
import { credentials, memberships, organizations, users, type UserRow } from '../db/schema.js'
import { preparedPerDatabase, type Executor } from '../db/store.js'
import { groupMemberships, membershipOrder, type MembershipRow, type MembershipView } from '../organizations/memberships.js'

export type UserView = components['schemas']['User']

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
  return { hasPassword: rows.some((row) => row.passwordCredentialId !== null), organizations: groupMemberships(roles) }
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
    photo_url: user.photoUrl,
    is_superuser: user.isSuperuser,
    country_admin_level: user.countryAdminLevel,
    language: isLocale(user.language) ? user.language : 'en',
    has_password: hasPassword,
    date_joined: user.dateJoined.toISOString(),
    organizations,
  }
}
