import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import { platformReach, reachesCountry } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { organizations } from '../db/schema.js'
import { forbidden } from '../http/errors.js'
import { organizationFor } from './access.js'
import { organizationView, profileValues } from './view.js'

/**
 * PUT /v1/organizations/{id}/ — the organization form. Verification and the invitations a day are the
 * platform admins' to give (an unverified organization has the lower default, invitations/quota.ts): an
 * organization admin who sends another `is_verified` or `invitations_per_day` is refused; a country admin
 * cannot move the organization out of their country.
 */
export const updateOrganization: Handler<'updateOrganization'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'updateOrganization')
  const verifying = body.is_verified !== undefined && body.is_verified !== organization.isVerified
  const capping = body.invitations_per_day !== undefined && body.invitations_per_day !== organization.invitationsPerDay
  if ((verifying || capping) && !me.isSuperuser) throw forbidden(t.api.forbidden())
  if (platformReach(me).kind === 'country' && !reachesCountry(me, body.country)) throw forbidden(t.api.forbidden())
  const [saved] = await app.db
    .update(organizations)
    .set({
      ...profileValues(body),
      ...(verifying ? { isVerified: body.is_verified } : {}),
      ...(capping ? { invitationsPerDay: body.invitations_per_day } : {}),
    })
    .where(eq(organizations.id, organization.id))
    .returning()
  return organizationView(saved!)
}
