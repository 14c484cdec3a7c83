import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from './access.js'
import { membersPage } from './members.js'

/**
 * GET /v1/organizations/{id}/users — the members, for the organization's admins and platform admins;
 * answered from the kept readings (db/read-cache.ts) while nothing it reads has changed.
 */
export const listOrganizationUsers: Handler<'listOrganizationUsers'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  // who may read the list is a reading of the store too (the organization and the caller's roles in it)
  const { organization } = await app.readings.read(cacheVersion, JSON.stringify(['organizationFor', params.id, me.id]), (db) =>
    organizationFor(db, t, me, params.id, 'listOrganizationUsers'),
  )
  const paging = pagingOf(query)
  const filter = { roles: query.roles, search: query.search }
  const page = { ordering: query.ordering ?? 'username', size: paging.size, offset: paging.offset } as const
  const key = JSON.stringify(['members', organization.id, filter, page])
  const { count, results } = await app.readings.read(cacheVersion, key, (db) => membersPage(db, organization.id, filter, page))
  return pageOf(request.url, paging, count, results)
}
