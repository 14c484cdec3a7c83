import type { Executor } from '../../server/db/store.js'
import {
  activityPeriodRowsSql,
  assessedSql,
  overviewSql,
  rowsOf,
  studentMinutesSql,
  weeklyActiveSql,
  type ActivityPeriodRow,
  type ImprovementRow,
  type OverviewRow,
  type Scope,
  type StudentMinutesRow,
  type WeekRow,
} from '../../server/reports/figures.js'
import type { ReportRange } from '../../server/reports/range.js'
import { activityReportOf } from '../../server/reports/series.js'

/**
 * A report computed the plain way, as the tests' reference: each figure of figures.ts over the rollups
 * (daily_practice) of a population, as its own statement. The reports the API answers come from one
 * prepared statement each (server/reports/prepared.ts), the organization's from its pre-aggregates: they
 * must answer these numbers, to the digit.
 */
export const referenceReport = async (db: Executor, scope: Scope & { range: ReportRange }, withStudents = false) => {
  const [periods, weeks, [improvement], [overview], students] = await Promise.all([
    rowsOf<ActivityPeriodRow>(db, activityPeriodRowsSql(scope)),
    rowsOf<WeekRow>(db, weeklyActiveSql(scope)),
    rowsOf<ImprovementRow>(db, assessedSql(scope)),
    rowsOf<OverviewRow>(db, overviewSql(scope)),
    withStudents ? rowsOf<StudentMinutesRow>(db, studentMinutesSql(scope)) : Promise.resolve([]),
  ])
  const report = activityReportOf(scope.range, { periods, weeks, improvement: improvement!, overview: overview! })
  return withStudents ? { ...report, student_time_activity: students } : report
}
