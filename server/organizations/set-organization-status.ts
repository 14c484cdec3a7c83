import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { organizationFor } from './access.js'
import { confirmPassword } from './confirm-password.js'
import { organizationView } from './view.js'

/** POST /v1/organizations/{id}/status/ — enable or disable, with the acting user's password. */
export const setOrganizationStatus: Handler<'setOrganizationStatus'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'setOrganizationStatus')
  await confirmPassword(app.db, t, me, body.password)
  const [saved] = await app.db
    .update(organizations)
    .set({ status: body.status })
    .where(eq(organizations.id, organization.id))
    .returning()
  return organizationView(saved!)
}
