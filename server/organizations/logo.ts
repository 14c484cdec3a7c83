import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { detailError, notFound } from '../http/errors.js'
import { newKeyPart } from '../services/storage.js'
import { organizationFor } from './access.js'
import { findOrganization } from './memberships.js'
import { organizationView } from './view.js'

/** The organization's logo: uploaded by its admins, served to anyone who has its address. */

const SIGNATURES: Array<[type: string, bytes: number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]], // GIF87a
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]], // GIF89a
]

/** The image type of these bytes by their signature, whatever the upload claimed. */
export const imageTypeOf = (bytes: Buffer): string | undefined =>
  SIGNATURES.find(([, signature]) => signature.every((byte, index) => bytes[index] === byte))?.[0]

/** PUT /v1/organizations/{id}/logo/ */
export const uploadOrganizationLogo: Handler<'uploadOrganizationLogo'> = async (call) => {
  const { params, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'uploadOrganizationLogo')
  const bytes = request.body as Buffer
  const type = imageTypeOf(bytes)
  if (!type) throw detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
  const key = `organizations/${organization.id}/logo-${newKeyPart()}`
  await app.storage.put(key, bytes, type)
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
  const stored = await app.storage.get(organization.logoKey)
  const type = stored && imageTypeOf(stored.body)
  if (!stored || !type) throw notFound(t.api.notFound())
  await reply
    .type(type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .send(stored.body)
}
