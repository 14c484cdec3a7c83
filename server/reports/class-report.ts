import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { classOfReport } from './access.js'
import { keptFigures } from './kept.js'
import { classActivity } from './prepared.js'
import { rangeOf } from './range.js'
import { activityReportOf } from './series.js'

/** GET /v1/reports/groups/{id}/ — a class's activity report and each student's minutes per period (the reports tab), in one statement. */
export const getClassReport: Handler<'getClassReport'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const { group, organization } = await classOfReport({ app, cacheVersion }, t, me, params.id, 'getClassReport')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  return keptFigures({ app, cacheVersion }, call.reply, organization.id, 'class', group.id, range, async () => {
    const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
    const row = await classActivity(db, organization.id, group.id, range)
    return { answer: { ...activityReportOf(range, row), student_time_activity: row.students ?? [] }, versions: row }
  })
}
