import { Temporal } from 'temporal-polyfill'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizationScope, userScope } from '../db/read-cache.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { organizationOfGroups } from './access.js'
import { groupsPage } from './queries.js'

/** The date at `now` in `timeZone`; to the minute in UTC for a zone this runtime does not know (every zone's date changes on a minute). */
const dateIn = (now: Date, timeZone: string): string => {
  try {
    return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString()
  } catch {
    return now.toISOString().slice(0, 16)
  }
}

/** Specification §9: the class list shows 50 classes a page. */
export const GROUP_PAGE_SIZE = 50

/**
 * GET /v1/groups/{orgId}/ — the classes of an organization for its admins and platform admins; a
 * teacher gets the classes they own (the `owner` filter cannot widen that). Answered from the kept
 * readings (db/read-cache.ts) while the organization has not changed (and the caller, for who may read
 * it) and the organization's date is the same.
 */
export const listGroups: Handler<'listGroups'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  // who may read the list is a reading of the store too (the organization and the caller's roles in it)
  const scope = organizationScope(params.orgId)
  const { organization, asTeacher } = await app.readings.read(
    cacheVersion,
    JSON.stringify(['organizationOfGroups', params.orgId, me.id]),
    [userScope(me.id), scope],
    (db) => organizationOfGroups(db, t, me, params.orgId, 'listGroups'),
  )
  if (asTeacher && query.owner !== undefined && query.owner !== me.id) return pageOf(request.url, pagingOf(query), 0, [])
  const paging = pagingOf({ page: query.page, page_size: query.page_size ?? GROUP_PAGE_SIZE })
  const filter = { status: query.status, search: query.search, ownerId: asTeacher ? me.id : query.owner }
  const now = app.clock()
  // the statuses change with the organization's date (status.ts), so the date is part of the key
  const today = dateIn(now, organization.timezone ?? 'UTC')
  const key = JSON.stringify(['groups', organization.id, filter, paging, today])
  const { count, results } = await app.readings.read(cacheVersion, key, [scope], (db) => groupsPage(db, organization.id, filter, paging, now))
  return pageOf(request.url, paging, count, results)
}
