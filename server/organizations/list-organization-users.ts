import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationFor } from './access.js'
import { membersPage } from './members.js'

/** GET /v1/organizations/{id}/users — the members, for the organization's admins and platform admins. */
export const listOrganizationUsers: Handler<'listOrganizationUsers'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization } = await organizationFor(app.db, t, me, params.id, 'listOrganizationUsers')
  const paging = pagingOf(query)
  const { count, results } = await membersPage(
    app.db,
    organization.id,
    { roles: query.roles, search: query.search },
    { ordering: query.ordering ?? 'username', size: paging.size, offset: paging.offset },
  )
  return pageOf(request.url, paging, count, results)
}
