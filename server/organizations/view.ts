import type { components } from '../../openapi/schema.js'
import type { OrganizationRow, organizations } from '../db/schema.js'
import { purgeDate } from './purge.js'

export type OrganizationView = components['schemas']['Organization']

/** Where the logo is served: a new upload has a new address, so each can be cached for good. */
export const logoUrl = (row: Pick<OrganizationRow, 'id' | 'logoKey'>): string | null =>
  row.logoKey ? `/v1/organizations/${row.id}/logo/${row.logoKey.split('/logo-')[1]}` : null

/** An organization as the contract shows it. */
export const organizationView = (row: OrganizationRow): OrganizationView => ({
  id: row.id,
  name: row.name,
  username: row.username,
  type: row.type,
  industry: row.industry,
  address_1: row.address1,
  address_2: row.address2,
  city: row.city,
  state: row.state,
  postal_code: row.postalCode,
  country: row.country,
  phone: row.phone,
  timezone: row.timezone,
  is_verified: row.isVerified,
  invitations_per_day: row.invitationsPerDay,
  status: row.status,
  invitation_code: row.invitationCode,
  logo_url: logoUrl(row),
  created_at: row.createdAt.toISOString(),
  deleted_at: row.deletedAt?.toISOString() ?? null,
  purge_at: row.deletedAt ? purgeDate(row.deletedAt).toISOString() : null,
})

type ProfileFields = components['schemas']['UpdateOrganizationRequest']

const optional = (value: string | null | undefined) => value?.trim() || null

/** The organization form's fields as stored: texts trimmed, an empty second address line null. */
export const profileValues = (body: ProfileFields) =>
  ({
    name: body.name.trim(),
    type: body.type,
    industry: body.industry,
    address1: body.address_1.trim(),
    address2: optional(body.address_2),
    city: body.city.trim(),
    state: body.state.trim(),
    postalCode: body.postal_code.trim(),
    country: body.country,
    phone: body.phone,
    timezone: body.timezone,
  }) satisfies Partial<typeof organizations.$inferInsert>
