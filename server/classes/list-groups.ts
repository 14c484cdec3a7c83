import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationOfGroups } from './access.js'
import { groupsPage } from './queries.js'

/** Specification §9: the class list shows 50 classes a page. */
export const GROUP_PAGE_SIZE = 50

/**
 * GET /v1/groups/{orgId}/ — the classes of an organization for its admins and platform admins; a
 * teacher gets the classes they own (the `owner` filter cannot widen that).
 */
export const listGroups: Handler<'listGroups'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { organization, asTeacher } = await organizationOfGroups(app.db, t, me, params.orgId, 'listGroups')
  if (asTeacher && query.owner !== undefined && query.owner !== me.id) return pageOf(request.url, pagingOf(query), 0, [])
  const paging = pagingOf({ page: query.page, page_size: query.page_size ?? GROUP_PAGE_SIZE })
  const { count, results } = await groupsPage(
    app.db,
    organization.id,
    { status: query.status, search: query.search, ownerId: asTeacher ? me.id : query.owner },
    paging,
    app.clock(),
  )
  return pageOf(request.url, paging, count, results)
}
