import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizationScope, userScope } from '../db/read-cache.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from './access.js'
import { membersPage } from './members.js'

/**
 * GET /v1/organizations/{id}/users — the members, for the organization's admins and platform admins;
 * answered from the kept readings (db/read-cache.ts) while neither the organization nor the caller has
 * changed. Who may read the list and its page are one reading (one transaction when not kept): who asks
 * is part of its key.
 */
export const listOrganizationUsers: Handler<'listOrganizationUsers'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const paging = pagingOf(query)
  const filter = { roles: query.roles, search: query.search }
  const page = { ordering: query.ordering ?? 'username', size: paging.size, offset: paging.offset } as const
  const key = JSON.stringify(['members', params.id, me.id, filter, page])
  const { count, results } = await app.readings.read(cacheVersion, key, [userScope(me.id), organizationScope(params.id)], async (db) => {
    const { organization } = await organizationFor(db, t, me, params.id, 'listOrganizationUsers')
    return membersPage(db, organization.id, filter, page)
  })
  return pageOf(request.url, paging, count, results)
}
