import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { teacherOfReport } from './access.js'
import { keptFigures } from './kept.js'
import { teacherActivity } from './prepared.js'
import { rangeOf } from './range.js'
import { activityReportOf } from './series.js'

/**
 * GET /v1/reports/teacher/{id}/?organization= — the activity report over the students of the classes a
 * teacher owns in the organization (teacher details, 000 §2), from the daily rollups like a class's, in one statement.
 */
export const getTeacherReport: Handler<'getTeacherReport'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const organization = await teacherOfReport({ app, cacheVersion }, t, me, params.id, query.organization, 'getTeacherReport')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  return keptFigures({ app, cacheVersion }, call.reply, organization.id, 'teacher', params.id, range, async () => {
    const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
    const row = await teacherActivity(db, organization.id, params.id, range)
    return { answer: activityReportOf(range, row), versions: row }
  })
}
