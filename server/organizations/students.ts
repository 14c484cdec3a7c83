import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from './access.js'
import { findMember, membersPage } from './members.js'

/**
 * The student list and student details (spec §2): the members holding the student role, for the
 * organization's teachers as well as its admins (§6: a teacher sees the students). The admins' users
 * view (GET …/users) stays theirs: a teacher reads no teacher's or admin's details this way.
 */

/** GET /v1/organizations/{id}/students */
export const listOrganizationStudents: Handler<'listOrganizationStudents'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'listOrganizationStudents')
  const paging = pagingOf(query)
  const { count, results } = await membersPage(
    app.db,
    organization.id,
    { roles: ['student'], search: query.search },
    { ordering: query.ordering ?? 'first_name', size: paging.size, offset: paging.offset },
  )
  return pageOf(request.url, paging, count, results)
}

/** GET /v1/organizations/{id}/students/{userId} — 404 unless the user is a student of the organization. */
export const getOrganizationStudent: Handler<'getOrganizationStudent'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'getOrganizationStudent')
  const member = await findMember(app.db, organization.id, params.userId)
  if (!member?.roles.includes('student')) throw notFound(t.api.notFound())
  return member
}
