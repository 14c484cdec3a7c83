import { sql } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { enforce, relationToPlatform } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { detailError, fieldErrors } from '../http/errors.js'
import { limitOwnOrganization } from '../services/rate-limit.js'
import { createOrganization as storeOrganization } from './memberships.js'
import { organizationView, profileValues } from './view.js'

/** The unique index on lower(username) (server/db/schema.ts): a username taken by a concurrent creation. */
const USERNAME_KEY = 'organizations_username_lower_key'

const isUsernameConflict = (error: unknown): boolean => {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    // PGlite names the index `constraint`, postgres.js `constraint_name`
    const { code, constraint, constraint_name } = cause as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
    const name = constraint ?? constraint_name
    if (code === '23505' && (name === undefined || name === USERNAME_KEY)) return true
  }
  return false
}

/**
 * POST /v1/organizations/own/ — a person creates their own school or company during onboarding
 * (specification §2, §5). Unlike the platform admin's creation nobody is invited: the caller becomes its
 * admin in the same transaction, and it stays unverified until a platform admin verifies it. The
 * caller names no owner and cannot verify it: the contract refuses both fields. A username already
 * taken (whatever its case) is a field error; the unique index settles two creations at once.
 */
export const createOwnOrganization: Handler<'createOwnOrganization'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'createOwnOrganization', relationToPlatform(me))
  if (!me.confirmedAt) throw detailError(403, t.api.accountNotConfirmed(), 'unconfirmed')
  await limitOwnOrganization(app.limiter, t, me.id)

  const username = body.username.trim()
  const taken = fieldErrors({ username: t.onboarding.validation.usernameTaken() })
  const [existing] = await app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`lower(${organizations.username}) = ${username.toLowerCase()}`)
  if (existing) throw taken
  try {
    const organization = await app.db.transaction((tx) =>
      storeOrganization(tx, { ...profileValues(body), username, isVerified: false, createdAt: app.clock(), adminUserId: me.id }),
    )
    return organizationView(organization)
  } catch (error) {
    if (isUsernameConflict(error)) throw taken
    throw error
  }
}
