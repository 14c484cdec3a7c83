import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { organizationFor } from '../organizations/access.js'
import { addMembership } from '../organizations/memberships.js'
import { listRequests, takeRequest } from './join-requests-queries.js'

/** GET /v1/organizations/{id}/join-requests/ — the requests waiting for an admin, the oldest first. */
export const listJoinRequests: Handler<'listJoinRequests'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'listJoinRequests')
  const rows = await listRequests(app.db, organization.id)
  return {
    results: rows.map((row) => ({ ...row, role: row.role === 'teacher' ? ('teacher' as const) : ('student' as const), created: row.created.toISOString() })),
  }
}

/** POST /v1/organizations/{id}/join-requests/{requestId}/approve/ — the person becomes a member with the requested role. */
export const approveJoinRequest: Handler<'approveJoinRequest'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'approveJoinRequest')
  await app.db.transaction(async (tx) => {
    const request = await takeRequest(tx, organization.id, params.requestId)
    if (!request) throw notFound(t.api.notFound())
    await addMembership(tx, request.userId, organization.id, request.role)
  })
}

/** DELETE /v1/organizations/{id}/join-requests/{requestId}/ — the request goes; the person may ask again. */
export const refuseJoinRequest: Handler<'refuseJoinRequest'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'refuseJoinRequest')
  if (!(await takeRequest(app.db, organization.id, params.requestId))) throw notFound(t.api.notFound())
}
