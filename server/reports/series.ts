import type { components } from '../../openapi/schema.js'
import type { ActivityPeriodRow, ActivityRow } from './figures.js'
import type { ReportRange } from './range.js'

/** The figures of figures.ts in the contract's shapes: series of `{name, data}` over the periods' labels. */

type Schemas = components['schemas']
export type Series = Schemas['ReportSeries']
export type ActivityReport = Schemas['ActivityReport']

/** A series per named column of the period rows. */
export const seriesOf = <Row extends ActivityPeriodRow>(rows: Row[], columns: Record<string, keyof Row>): Series[] =>
  Object.entries(columns).map(([name, column]) => ({ name, data: rows.map((row) => row[column] as number | null) }))

/** The activity report (ActivityReport) of a population from its figures in one row (ActivityRow): a class's, a teacher's classes' or an organization's. */
export const activityReportOf = (range: ReportRange, { periods: rows, weeks, improvement: assessed, overview }: ActivityRow): ActivityReport => {
  return {
    ...range,
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
