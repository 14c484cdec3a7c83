import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { sendImage, storeImage } from '../services/images.js'
import { organizationFor } from './access.js'
import { findOrganization } from './memberships.js'
import { organizationView } from './view.js'

/** The organization's logo: uploaded by its admins, served to anyone who has its address. */

/** PUT /v1/organizations/{id}/logo/ */
export const uploadOrganizationLogo: Handler<'uploadOrganizationLogo'> = async (call) => {
  const { params, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'uploadOrganizationLogo')
  const key = await storeImage(app, t, request.body as Buffer, `organizations/${organization.id}/logo-`)
  const [saved] = await app.db.update(organizations).set({ logoKey: key }).where(eq(organizations.id, organization.id)).returning()
  if (organization.logoKey) await app.storage.delete(organization.logoKey)
  return organizationView(saved!)
}

/** DELETE /v1/organizations/{id}/logo/ */
export const removeOrganizationLogo: Handler<'removeOrganizationLogo'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'removeOrganizationLogo')
  const [saved] = await app.db.update(organizations).set({ logoKey: null }).where(eq(organizations.id, organization.id)).returning()
  if (organization.logoKey) await app.storage.delete(organization.logoKey)
  return organizationView(saved!)
}

/** GET /v1/organizations/{id}/logo/{version} — the bytes, typed by their content, never run as a page. */
export const getOrganizationLogo: Handler<'getOrganizationLogo'> = async ({ params, app, t, reply }) => {
  const organization = await findOrganization(app.db, params.id)
  if (!organization?.logoKey || organization.logoKey !== `organizations/${organization.id}/logo-${params.version}`) {
    throw notFound(t.api.notFound())
  }
  await sendImage(app, t, reply, organization.logoKey)
}
