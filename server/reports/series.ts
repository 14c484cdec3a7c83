import type { SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Executor } from '../db/store.js'
import {
  activityPeriodRowsSql,
  assessedSql,
  overviewSql,
  rowsOf,
  summarySql,
  type ActivityPeriodRow,
  type AssessedRow,
  type ImprovementRow,
  type OverviewRow,
  type Scope,
  type SummaryRow,
  type WeekRow,
} from './figures.js'

/** The figures of figures.ts in the contract's shapes: series of `{name, data}` over the periods' labels. */

type Schemas = components['schemas']
export type Series = Schemas['ReportSeries']
export type ActivityReport = Schemas['ActivityReport']

/** A series per named column of the period rows. */
export const seriesOf = <Row extends ActivityPeriodRow>(rows: Row[], columns: Record<string, keyof Row>): Series[] =>
  Object.entries(columns).map(([name, column]) => ({ name, data: rows.map((row) => row[column] as number | null) }))

export const overviewOf = async (db: Executor, scope: Scope): Promise<Schemas['ReportOverview']> => {
  const [row] = await rowsOf<OverviewRow>(db, overviewSql(scope))
  return row!
}

export const assessedOf = async (db: Executor, scope: Scope): Promise<AssessedRow> => (await rowsOf<AssessedRow>(db, assessedSql(scope)))[0]!

/**
 * The statements of an activity report over a scope: organization-figures.ts's over an organization's
 * pre-aggregates, one each; or, over a population's rollups (rollupStatements), the periods and the rest
 * in one statement that reads the rollups once (summarySql).
 */
export interface ActivityStatements<S> {
  periods: (scope: S) => SQL
  weeks: (scope: S) => SQL
  improvement: (scope: S) => SQL
  overview: (scope: S) => SQL
}

/** The periods, and the weeks, improvement and overview as one statement answering a SummaryRow. */
export interface SummaryStatements<S> {
  periods: (scope: S) => SQL
  summary: (scope: S) => SQL
}

export type ReportStatements<S> = ActivityStatements<S> | SummaryStatements<S>

export const rollupStatements: SummaryStatements<Scope> = {
  periods: activityPeriodRowsSql,
  summary: summarySql,
}

/** The statements of a report over a scope, as activityReport sends them at once (the benchmark runs them bare). */
export const statementsOf = <S>(scope: S, statements: ReportStatements<S>): SQL[] =>
  Object.values(statements).map((statement: (scope: S) => SQL) => statement(scope))

/** The weeks, improvement and overview of a report. */
const summaryOf = async <S>(db: Executor, scope: S, statements: ReportStatements<S>): Promise<SummaryRow> => {
  if ('summary' in statements) return (await rowsOf<SummaryRow>(db, statements.summary(scope)))[0]!
  // independent statements: on PostgreSQL each runs on a connection of its own at the same time
  const [weeks, [improvement], [overview]] = await Promise.all([
    rowsOf<WeekRow>(db, statements.weeks(scope)),
    rowsOf<ImprovementRow>(db, statements.improvement(scope)),
    rowsOf<OverviewRow>(db, statements.overview(scope)),
  ])
  return { weeks, improvement: improvement!, overview: overview! }
}

/** The activity report (ActivityReport) of a population: the figures of a class, a teacher's classes or an organization. */
export const activityReport = async <S extends { range: Scope['range'] }>(
  db: Executor,
  scope: S,
  statements: ReportStatements<S>,
): Promise<ActivityReport> => {
  const [rows, { weeks, improvement: assessed, overview }] = await Promise.all([
    rowsOf<ActivityPeriodRow>(db, statements.periods(scope)),
    summaryOf(db, scope, statements),
  ])
  return {
    ...scope.range,
    labels: rows.map((row) => row.period),
    lessons_practiced: seriesOf(rows, { numberOfLessons: 'lessons', numberOfMinutes: 'minutes' }),
    practice_time: seriesOf(rows, { practiceMinutes: 'minutes' }),
    avg_practice_time: seriesOf(rows, { avgPracticeTime: 'avg_time', avgPracticePerday: 'avg_time_day' }),
    avg_practice_lessons: seriesOf(rows, { avgPracticeLessons: 'avg_lessons', avgLessonsPerday: 'avg_lessons_day' }),
    active_students: seriesOf(rows, { activeStudents: 'active' }),
    eps: seriesOf(rows, { averageEps: 'avg_eps' }),
    overview,
    weekly_active_students: {
      labels: weeks.map((week) => week.week),
      series: [
        { name: 'not_active', data: weeks.map((week) => week.not_active) },
        { name: '1_4_days', data: weeks.map((week) => week.days_1_4) },
        { name: '5_5_days', data: weeks.map((week) => week.days_5) },
        { name: '6_7_days', data: weeks.map((week) => week.days_6_7) },
      ],
    },
    improvement: [
      { name: '0_5_percent', value: assessed.bucket_0_5 },
      { name: '6_10_percent', value: assessed.bucket_6_10 },
      { name: '11_50_percent', value: assessed.bucket_11_50 },
      { name: '50_70_percent', value: assessed.bucket_50_70 },
      { name: 'mt_70_percent', value: assessed.bucket_mt_70 },
    ],
  }
}
