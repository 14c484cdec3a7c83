import { sql } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { classOfReport } from './access.js'
import { classMembers, periodRowsSql, rowsOf, type PeriodRow } from './figures.js'
import { rangeOf } from './range.js'
import { assessedOf, overviewOf, seriesOf } from './series.js'

/** GET /v1/reports/group/{id}/ — the class details overview: progress line, lessons overview, share active, assessment score. */
export const getClassSummary: Handler<'getClassSummary'> = async (call) => {
  const { params, query, app, t } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const { group, organization } = await classOfReport({ app, cacheVersion }, t, me, params.id, 'getClassSummary')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
  const scope = { organizationId: organization.id, population: classMembers(group.id), range }
  const [rows, assessed, overview, [members]] = await Promise.all([
    rowsOf<PeriodRow>(db, periodRowsSql(scope)),
    assessedOf(db, scope),
    overviewOf(db, scope),
    rowsOf<{ students: number }>(db, sql`select count(*)::int as students from (${scope.population}) m`),
  ])
  return {
    ...range,
    labels: rows.map((row) => row.period),
    eps: seriesOf(rows, { averageEps: 'avg_eps' }),
    overview,
    percentage_student_activity: seriesOf(rows, { percentActive: 'percent_active' }),
    assessment_test: { score: assessed.score, assessed: assessed.assessed, students: members!.students },
  }
}
