import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizationScope, userScope } from '../db/read-cache.js'
import { notFound } from '../http/errors.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from './access.js'
import { findMember, membersPage } from './members.js'

/**
 * The student list and student details (spec §2): the members holding the student role, for the
 * organization's teachers as well as its admins (§6: a teacher sees the students). The admins' users
 * view (GET …/users) stays theirs: a teacher reads no teacher's or admin's details this way.
 */

/**
 * GET /v1/organizations/{id}/students — answered from the kept readings (db/read-cache.ts) while neither
 * the organization nor the caller has changed; who may read it and its page are one reading.
 */
export const listOrganizationStudents: Handler<'listOrganizationStudents'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const paging = pagingOf(query)
  const filter = { roles: ['student' as const], search: query.search }
  const page = { ordering: query.ordering ?? 'first_name', size: paging.size, offset: paging.offset } as const
  const key = JSON.stringify(['students', params.id, me.id, filter, page])
  const { count, results } = await app.readings.read(cacheVersion, key, [userScope(me.id), organizationScope(params.id)], async (db) => {
    const { organization } = await organizationFor(db, t, me, params.id, 'listOrganizationStudents')
    return membersPage(db, organization.id, filter, page)
  })
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
