import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { joinRequests } from '../db/schema.js'
import { detailError, fieldErrors } from '../http/errors.js'
import { addMembership, findOrganizationByCode, INVITATION_CODE_LENGTH } from '../organizations/memberships.js'
import { limitJoinCode } from '../services/rate-limit.js'
import { pendingRequestOf, standingIn } from './join-requests-queries.js'

/**
 * POST /v1/invitations/join/ — joins an organization by its code. A student joins at once, or asks to
 * when the organization requires approval; a teacher always asks (a code that anyone may read off a
 * classroom wall must not give a teacher's powers). An unknown code and a turned-off one get the same
 * message: the answer does not tell which codes exist. Failures count against the person's and the
 * address's rate limits; a right code is given back.
 */
export const joinByCode: Handler<'joinByCode'> = async (call) => {
  const { body, app, t, ip } = call
  const { user } = requireAuth(call)
  const role = body.role ?? 'student'
  const code = body.invitation_code.replace(/[\s-]/g, '').toUpperCase()
  if (code.length < INVITATION_CODE_LENGTH) throw fieldErrors({ invitation_code: t.api.joinCodeIncomplete() })

  const attempt = await limitJoinCode(app.limiter, t, user.id, ip)
  const organization = code.length === INVITATION_CODE_LENGTH ? await findOrganizationByCode(app.db, code) : undefined
  if (!organization) throw fieldErrors({ invitation_code: t.api.invitationCodeInvalid() })
  await attempt.succeeded()

  const standing = await standingIn(app.db, user.id, organization.id)
  // a code does not undo an admin's disabling: the member asks them to enable it
  if (standing.disabled) throw detailError(409, t.api.memberDisabled(), 'member_disabled')
  const hasRole = role === 'student' ? standing.roles.length > 0 : standing.roles.some((held) => held !== 'student')
  if (hasRole) throw detailError(409, t.api.joinAlreadyMember(), 'already_member')
  if (await pendingRequestOf(app.db, user.id, organization.id)) throw detailError(409, t.api.joinRequestPending(), 'request_pending')

  const answer = { role, organization: { id: organization.id, name: organization.name, type: organization.type } }
  if (role === 'teacher' || organization.joinRequiresApproval) {
    const stored = await app.db
      .insert(joinRequests)
      .values({ organizationId: organization.id, userId: user.id, role })
      .onConflictDoNothing()
      .returning({ id: joinRequests.id })
    // another request of theirs came in between
    if (stored.length === 0) throw detailError(409, t.api.joinRequestPending(), 'request_pending')
    return { ...answer, status: 'pending' as const }
  }
  await addMembership(app.db, user.id, organization.id, role)
  return { ...answer, status: 'joined' as const }
}
