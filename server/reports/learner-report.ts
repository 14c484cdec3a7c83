import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { pagingOf } from '../http/paging.js'
import { learnerOfReport } from './access.js'
import { assessmentHistory, lessonDetail } from './learner-events.js'
import { learnerFigures } from './prepared.js'
import { rangeOf } from './range.js'
import { seriesOf } from './series.js'

/**
 * GET /v1/reports/user/{id}/?organization= — one learner's report as an organization sees its practice
 * (student details, the student dashboard): the rollups' figures (one prepared statement), and its own
 * events for the history and the lesson detail.
 */
export const getLearnerReport: Handler<'getLearnerReport'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me, cacheVersion } = requireAuth(call)
  const organization = await learnerOfReport({ app, cacheVersion }, t, me, params.id, query.organization, 'getLearnerReport')
  const range = rangeOf(t, query, app.clock(), organization.timezone)
  const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
  const timezone = organization.timezone ?? 'UTC'
  const events = { organizationId: organization.id, userId: params.id, range, timezone }
  const [{ periods: rows, assessed, overview, last_active }, history, lessons] = await Promise.all([
    learnerFigures(db, organization.id, params.id, range),
    assessmentHistory(db, events),
    lessonDetail(db, request.url, pagingOf(query), events),
  ])
  return {
    ...range,
    labels: rows.map((row) => row.period),
    lessons_practiced: seriesOf(rows, { numberOfLessons: 'lessons', numberOfMinutes: 'minutes' }),
    eps: seriesOf(rows, { averageEps: 'avg_eps' }),
    eps_v2: seriesOf(rows, { lastEps: 'last_eps' }),
    assessment_test: {
      count: assessed.assessments,
      first_eps: assessed.first_eps,
      last_eps: assessed.last_eps,
      improvement: assessed.improvement,
    },
    assessment_history: history,
    lesson_detail: lessons,
    last_active: last_active ?? null,
    overview,
  }
}
