import type { components } from '../../openapi/schema.js'
import type { OrganizationRow } from '../db/schema.js'

export type OrganizationView = components['schemas']['Organization']

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
  status: row.status,
  invitation_code: row.invitationCode,
  created_at: row.createdAt.toISOString(),
})
