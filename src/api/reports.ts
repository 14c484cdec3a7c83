import { fromPromise } from 'xstate'
import type { LoadReportInput, ReportData, ReportPoint } from '../../machines/types'
import type { components } from '../../openapi/schema'
import { api, unwrap } from './client'

/** The actor of the report range (machines/report-range.ts), given with `machine.provide({ actors })`. */

type Series = components['schemas']['ReportSeries']
type ActivityReport = components['schemas']['ActivityReport']
type ClassReport = components['schemas']['ClassReport']
type ClassSummary = components['schemas']['ClassSummary']
type LearnerReport = components['schemas']['LearnerReport']

/** The lesson detail popup shows the range's latest lessons, one page of the call's largest size. */
const LESSON_PAGE_SIZE = 100

/**
 * Points from the call's series (one value per label), renamed and scaled for the charts: `pick`
 * maps a chart key to the series name and a factor (minutes are shown as seconds, 000 §2).
 */
export function pointsOf(labels: readonly string[], series: readonly Series[], pick: Record<string, [name: string, factor: number]>): ReportPoint[] {
  const byName = new Map(series.map((s) => [s.name, s.data]))
  return labels.map((period, i) => ({
    period,
    values: Object.fromEntries(
      Object.entries(pick).map(([key, [name, factor]]) => {
        const value = byName.get(name)?.[i]
        return [key, value == null ? null : Math.round(value * factor * 100) / 100]
      }),
    ),
  }))
}

const LESSONS = { numberOfLessons: ['numberOfLessons', 1], numberOfSeconds: ['numberOfMinutes', 60] } satisfies Record<string, [string, number]>

/** The figures every activity report has (a class's, a teacher's classes'), without the per-student table. */
export function activityReportData(report: ActivityReport): ReportData {
  const { labels } = report
  return {
    overview: report.overview,
    lessons: pointsOf(labels, report.lessons_practiced, LESSONS),
    averages: pointsOf(labels, [...report.avg_practice_time, ...report.avg_practice_lessons], {
      avgPracticeSeconds: ['avgPracticeTime', 60],
      avgPracticeLessons: ['avgPracticeLessons', 1],
    }),
    active: pointsOf(labels, report.active_students, { activeStudents: ['activeStudents', 1] }),
    weeklyActive: pointsOf(report.weekly_active_students.labels, report.weekly_active_students.series, {
      not_active: ['not_active', 1],
      '1_4_days': ['1_4_days', 1],
      '5_5_days': ['5_5_days', 1],
      '6_7_days': ['6_7_days', 1],
    }),
    eps: pointsOf(labels, report.eps, { eps: ['averageEps', 1] }),
    improvement: Object.fromEntries(report.improvement.map((bucket) => [bucket.name, bucket.value])),
    timeActivity: null,
    assessments: [],
    lessonDetail: [],
    learner: null,
  }
}

export function classReportData(report: ClassReport): ReportData {
  const { labels } = report
  return {
    ...activityReportData(report),
    timeActivity: {
      periods: labels,
      rows: report.student_time_activity.map((student) => ({
        id: student.id,
        name: [student.first_name, student.last_name].filter(Boolean).join(' ') || student.email,
        minutes: Object.fromEntries(labels.map((period, i) => [period, student.minutes[i] ?? 0])),
      })),
    },
  }
}

/** The class overview's figures (GET /v1/reports/group/{id}/): the progress line, the lessons overview, the share active, the assessment score. */
export function classSummaryData(summary: ClassSummary): ReportData {
  const { labels } = summary
  return {
    overview: summary.overview,
    lessons: [],
    averages: [],
    active: [],
    weeklyActive: [],
    eps: pointsOf(labels, summary.eps, { eps: ['averageEps', 1] }),
    improvement: null,
    timeActivity: null,
    assessments: [],
    lessonDetail: [],
    learner: null,
    summary: {
      ...summary.assessment_test,
      percentActive: pointsOf(labels, summary.percentage_student_activity, { percentActive: ['percentActive', 1] }),
    },
  }
}

export function learnerReportData(report: LearnerReport): ReportData {
  const { labels } = report
  const latest = report.assessment_history[0]
  return {
    overview: report.overview,
    lessons: pointsOf(labels, report.lessons_practiced, LESSONS),
    averages: [],
    active: [],
    weeklyActive: [],
    eps: pointsOf(labels, report.eps, { eps: ['averageEps', 1] }),
    improvement: null,
    timeActivity: null,
    assessments: report.assessment_history,
    lessonDetail: report.lesson_detail.results.map((lesson) => ({
      date: lesson.date,
      module_name: lesson.module_name ?? '',
      lesson_name: lesson.lesson_name ?? '',
      overall_native_score: lesson.overall_native_score,
      difficulty_level: lesson.difficulty_level,
    })),
    learner: {
      last_eps: report.assessment_test.last_eps,
      assessment_test: latest ? (latest.overall_score ?? latest.eps) : null,
      last_active: report.last_active,
    },
  }
}

export const loadReport = fromPromise<ReportData, LoadReportInput>(async ({ input, signal }) => {
  const range = { from: input.from, to: input.to, scope: input.scope }
  const { subject } = input
  if (subject.kind === 'group') {
    const report = await unwrap(api.GET('/v1/reports/groups/{id}/', { params: { path: { id: subject.groupId }, query: range }, signal }))
    return classReportData(report)
  }
  if (subject.kind === 'classSummary') {
    const summary = await unwrap(api.GET('/v1/reports/group/{id}/', { params: { path: { id: subject.groupId }, query: range }, signal }))
    return classSummaryData(summary)
  }
  if (subject.kind === 'teacher') {
    const report = await unwrap(
      api.GET('/v1/reports/teacher/{id}/', { params: { path: { id: subject.teacherId }, query: { ...range, organization: subject.organizationId } }, signal }),
    )
    return activityReportData(report)
  }
  const report = await unwrap(
    api.GET('/v1/reports/user/{id}/', {
      params: { path: { id: subject.userId }, query: { ...range, organization: subject.organizationId, page: 1, page_size: LESSON_PAGE_SIZE } },
      signal,
    }),
  )
  return learnerReportData(report)
})
