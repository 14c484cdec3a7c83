import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { organizationOfReport } from './access.js'
import { keptFigures } from './kept.js'
import { organizationActivity } from './prepared.js'
import { rangeOf } from './range.js'
import { activityReportOf } from './series.js'

/**
 * GET /v1/reports/organizations/{id}/ — the activity report over all the organization's current, enabled
 * students (the admin dashboard), from the organization's pre-aggregates (organization-figures.ts), in one statement.
 */
export const getOrganizationReport: Handler<'getOrganizationReport'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const organization = await organizationOfReport({ app, cacheVersion }, t, me, params.id, 'getOrganizationReport')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  return keptFigures({ app, cacheVersion }, call.reply, organization.id, 'organization', organization.id, range, async () => {
    const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
    const row = await organizationActivity(db, organization.id, range)
    return { answer: activityReportOf(range, row), versions: row }
  })
}
