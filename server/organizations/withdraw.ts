import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { detailError, notFound } from '../http/errors.js'
import { organizationFor } from './access.js'
import { findMember, keepAnAdmin, lockOrganization, removeMembership } from './members.js'
import { disabledSince, findOrganization } from './memberships.js'

/**
 * DELETE /v1/organizations/{id}/membership/ — the caller withdraws from an organization (spec §4, §6):
 * every role of theirs in it goes, and coming back takes a new invitation. The only active admin is
 * refused (409 'Cannot remove the only admin of an organization.'): another admin must be invited first.
 * A disabled member is refused too (403, told to ask an admin), not answered the outsiders' 404: it holds
 * no role there (§6), so what becomes of its membership is its admins' call, and leaving would let it
 * join again by the join code as an active student, undoing the disabling. Only members get further
 * (the authorization table answers 404 to anyone else, platform admins too).
 */
export const withdrawFromOrganization: Handler<'withdrawFromOrganization'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  if ((await disabledSince(app.db, me.id, params.id)) && (await findOrganization(app.db, params.id))) {
    throw detailError(403, t.api.withdrawDisabled(), 'member_disabled')
  }
  const { organization } = await organizationFor(app.db, t, me, params.id, 'withdrawFromOrganization')
  await app.db.transaction(async (tx) => {
    // locked, so that two admins withdrawing at once cannot both pass the only-admin check
    await lockOrganization(tx, organization.id)
    const member = await findMember(tx, organization.id, me.id)
    if (!member) throw notFound(t.api.notFound())
    await keepAnAdmin(tx, t, organization.id, member)
    await removeMembership(tx, organization.id, me.id)
  })
}
