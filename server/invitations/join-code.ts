import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizations, type OrganizationRow } from '../db/schema.js'
import { isUniqueViolation } from '../accounts/queries.js'
import { organizationFor } from '../organizations/access.js'
import { newInvitationCode } from '../organizations/memberships.js'

/** An organization's join code as its admins read it, with the link that its QR code carries. */
const joinCodeView = (publicUrl: string, organization: OrganizationRow) => ({
  code: organization.invitationCode,
  enabled: organization.joinCodeEnabled,
  requires_approval: organization.joinRequiresApproval,
  link: `${publicUrl}/join/${organization.invitationCode}`,
})

/** GET /v1/organizations/{id}/join-code/ — the code, its link and its settings. */
export const getJoinCode: Handler<'getJoinCode'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'getJoinCode')
  return joinCodeView(app.config.publicUrl, organization)
}

/** PATCH /v1/organizations/{id}/join-code/ — turns code joining off or on, approval of code joins on or off. */
export const updateJoinCode: Handler<'updateJoinCode'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'updateJoinCode')
  const [updated] = await app.db
    .update(organizations)
    .set({ joinCodeEnabled: body.enabled, joinRequiresApproval: body.requires_approval })
    .where(eq(organizations.id, organization.id))
    .returning()
  return joinCodeView(app.config.publicUrl, updated ?? organization)
}

/**
 * POST /v1/organizations/{id}/join-code/reset/ — a new random code, on: the old one (its link, its
 * printed QR code) joins nobody from now on. A code another organization holds is drawn again.
 */
export const resetJoinCode: Handler<'resetJoinCode'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'resetJoinCode')
  for (let attempt = 0; ; attempt++) {
    try {
      const [updated] = await app.db
        .update(organizations)
        .set({ invitationCode: newInvitationCode(), joinCodeEnabled: true })
        .where(eq(organizations.id, organization.id))
        .returning()
      return joinCodeView(app.config.publicUrl, updated ?? organization)
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 20) throw error
    }
  }
}
