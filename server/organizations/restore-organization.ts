import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { enforce, relationToOrganization } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { forbidden, notFound } from '../http/errors.js'
import { findOrganization } from './memberships.js'
import { organizationView } from './view.js'

/** POST /v1/organizations/{id}/restore/ — a platform admin undoes a delete that is not purged yet. */
export const restoreOrganization: Handler<'restoreOrganization'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const organization = await findOrganization(app.db, params.id, { deleted: true })
  // only platform admins learn whether a deleted organization exists
  if (!organization) throw me.isSuperuser ? notFound(t.api.notFound()) : forbidden(t.api.forbidden())
  enforce(t, 'restoreOrganization', await relationToOrganization(app.db, me, organization))
  const [saved] = await app.db
    .update(organizations)
    .set({ deletedAt: null })
    .where(eq(organizations.id, organization.id))
    .returning()
  return organizationView(saved!)
}
