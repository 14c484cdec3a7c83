import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { organizationFor } from './access.js'
import { confirmPassword } from './confirm-password.js'

/**
 * DELETE /v1/organizations/{id}/ — with the acting user's password. A soft delete: hidden from now on,
 * restorable by a platform admin, purged after DELETED_ORGANIZATION_DAYS (purge.ts).
 */
export const deleteOrganization: Handler<'deleteOrganization'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'deleteOrganization')
  await confirmPassword(app.db, t, me, body.password)
  await app.db.update(organizations).set({ deletedAt: app.clock() }).where(eq(organizations.id, organization.id))
}
