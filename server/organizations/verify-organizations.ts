import { and, inArray, isNull, ne, eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { enforce, platformReach, relationToPlatform } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'

/** POST /v1/organizations/verify/ — the admin list's bulk verify, within the admin's reach. */
export const verifyOrganizations: Handler<'verifyOrganizations'> = async (call) => {
  const { body, app, t } = call
  const { user: me } = requireAuth(call)
  enforce(t, 'verifyOrganizations', relationToPlatform(me))
  const reach = platformReach(me)
  const changed = await app.db
    .update(organizations)
    .set({ isVerified: body.is_verified })
    .where(
      and(
        inArray(organizations.id, body.ids),
        isNull(organizations.deletedAt),
        ne(organizations.isVerified, body.is_verified),
        reach.kind === 'country' ? eq(organizations.country, reach.country) : undefined,
      ),
    )
    .returning({ id: organizations.id })
  return { updated: changed.length }
}
