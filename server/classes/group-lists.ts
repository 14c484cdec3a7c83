import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { pendingInvitationsPage } from '../invitations/pending.js'
import { groupFor, organizationOfGroups } from './access.js'
import { groupsPage } from './queries.js'

/** A student's classes, at most this many (a student is in a few). */
const STUDENT_GROUPS_LIMIT = 500

/** GET /v1/groups/{orgId}/{studentId}/groups — the classes of a student; a teacher sees the ones they own. */
export const listStudentGroups: Handler<'listStudentGroups'> = async (call) => {
  const { params, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization, asTeacher } = await organizationOfGroups(app.db, t, me, params.orgId, 'listStudentGroups')
  const paging = pagingOf({ page: 1, page_size: STUDENT_GROUPS_LIMIT })
  const { count, results } = await groupsPage(
    app.db,
    organization.id,
    { memberId: params.studentId, ...(asTeacher ? { ownerId: me.id } : {}) },
    paging,
    app.clock(),
  )
  return pageOf(request.url, paging, count, results)
}

/** GET /v1/invitations/group/{id}/ — the class's pending student invitations, paged by 10. */
export const listGroupInvitations: Handler<'listGroupInvitations'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.id, 'listGroupInvitations')
  const paging = pagingOf(query)
  const { count, results } = await pendingInvitationsPage(app.db, group.organizationId, ['student'], paging, app.clock(), group.id)
  return pageOf(request.url, paging, count, results)
}
