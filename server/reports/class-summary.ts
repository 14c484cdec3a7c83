import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { classOfReport } from './access.js'
import { keptFigures } from './kept.js'
import { classFigures } from './prepared.js'
import { rangeOf } from './range.js'
import { seriesOf } from './series.js'

/** GET /v1/reports/group/{id}/ — the class details overview: progress line, lessons overview, share active, assessment score, in one statement. */
export const getClassSummary: Handler<'getClassSummary'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const { group, organization } = await classOfReport({ app, cacheVersion }, t, me, params.id, 'getClassSummary')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  return keptFigures({ app, cacheVersion }, call.reply, organization.id, 'class-summary', group.id, range, async () => {
    const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
    const row = await classFigures(db, organization.id, group.id, range)
    const { periods: rows, assessed, overview, members } = row
    const answer = {
      ...range,
      labels: rows.map((period) => period.period),
      eps: seriesOf(rows, { averageEps: 'avg_eps' }),
      overview,
      percentage_student_activity: seriesOf(rows, { percentActive: 'percent_active' }),
      assessment_test: { score: assessed.score, assessed: assessed.assessed, students: members },
    }
    return { answer, versions: row }
  })
}
