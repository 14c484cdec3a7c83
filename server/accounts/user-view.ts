import type { components } from '../../openapi/schema.js'
import { isLocale } from '../../locales/languages.js'
import type { UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { membershipsOf } from '../organizations/memberships.js'
import { passwordHashOf } from './queries.js'

export type UserView = components['schemas']['User']

/** An account as the contract shows it (no credentials, no internal flags). */
export const userView = async (db: Executor, user: UserRow): Promise<UserView> => ({
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
  has_password: (await passwordHashOf(db, user.id)) !== undefined,
  date_joined: user.dateJoined.toISOString(),
  organizations: await membershipsOf(db, user.id),
})
