import { describe, expect, it } from 'vitest'
import { classReportData, classSummaryData, learnerReportData } from '../../src/api/reports'
import type { components } from '../../openapi/schema'

type ClassReport = components['schemas']['ClassReport']
type LearnerReport = components['schemas']['LearnerReport']
type ClassSummary = components['schemas']['ClassSummary']

const overview = { active_users: 2, lessons_count: 5, hours: 0.75, lessons_per_day: 1.67, minutes_per_day: 15 }
const labels = ['2026-11-14', '2026-11-21']

describe('the report calls as the charts read them', () => {
  it('turns a class report into points, minutes into seconds, buckets and each student\'s minutes by period', () => {
    const report: ClassReport = {
      from: '2026-11-14',
      to: '2026-11-23',
      scope: 'weekly',
      labels,
      lessons_practiced: [
        { name: 'numberOfLessons', data: [3, 2] },
        { name: 'numberOfMinutes', data: [30.5, 14.5] },
      ],
      practice_time: [{ name: 'practiceMinutes', data: [30.5, 14.5] }],
      avg_practice_time: [
        { name: 'avgPracticeTime', data: [15.25, null] },
        { name: 'avgPracticePerday', data: [15.25, null] },
      ],
      avg_practice_lessons: [
        { name: 'avgPracticeLessons', data: [1.5, null] },
        { name: 'avgLessonsPerday', data: [1.5, null] },
      ],
      active_students: [{ name: 'activeStudents', data: [2, 1] }],
      eps: [{ name: 'averageEps', data: [null, 64.5] }],
      overview,
      weekly_active_students: {
        labels,
        series: [
          { name: 'not_active', data: [1, 2] },
          { name: '1_4_days', data: [2, 1] },
          { name: '5_5_days', data: [0, 0] },
          { name: '6_7_days', data: [0, 0] },
        ],
      },
      improvement: [
        { name: '0_5_percent', value: 1 },
        { name: 'mt_70_percent', value: 2 },
      ],
      student_time_activity: [
        { id: 4, first_name: 'Lisa', last_name: 'Simpson', email: 'lisa@example.com', minutes: [20, 14.5], total: 34.5 },
        { id: 5, first_name: '', last_name: '', email: 'nobody@example.com', minutes: [10.5, 0], total: 10.5 },
      ],
    }
    const data = classReportData(report)
    expect(data.overview).toEqual(overview)
    expect(data.lessons).toEqual([
      { period: '2026-11-14', values: { numberOfLessons: 3, numberOfSeconds: 1830 } },
      { period: '2026-11-21', values: { numberOfLessons: 2, numberOfSeconds: 870 } },
    ])
    expect(data.averages[1]).toEqual({ period: '2026-11-21', values: { avgPracticeSeconds: null, avgPracticeLessons: null } })
    expect(data.averages[0]?.values).toEqual({ avgPracticeSeconds: 915, avgPracticeLessons: 1.5 })
    expect(data.eps.map((p) => p.values.eps)).toEqual([null, 64.5])
    expect(data.weeklyActive[0]?.values).toEqual({ not_active: 1, '1_4_days': 2, '5_5_days': 0, '6_7_days': 0 })
    expect(data.improvement).toEqual({ '0_5_percent': 1, mt_70_percent: 2 })
    expect(data.timeActivity).toEqual({
      periods: labels,
      rows: [
        { id: 4, name: 'Lisa Simpson', minutes: { '2026-11-14': 20, '2026-11-21': 14.5 } },
        { id: 5, name: 'nobody@example.com', minutes: { '2026-11-14': 10.5, '2026-11-21': 0 } },
      ],
    })
    expect(data.learner).toBeNull()
  })

  it('turns a learner report into the overview, the charts, the history and the lessons', () => {
    const history = [
      { date_assessment: '2026-11-20T10:00:00Z', eps: 64.5, overall_score: 70, pronunciation: 71, intonation: 60, fluency: 55, skills: [{ name: 'TH sound', score: 40 }] },
      { date_assessment: '2026-11-02T10:00:00Z', eps: 55, overall_score: null, pronunciation: null, intonation: null, fluency: null, skills: [] },
    ]
    const report: LearnerReport = {
      from: '2026-11-01',
      to: '2026-11-23',
      scope: 'daily',
      labels: ['2026-11-01'],
      lessons_practiced: [
        { name: 'numberOfLessons', data: [1] },
        { name: 'numberOfMinutes', data: [2.5] },
      ],
      eps: [{ name: 'averageEps', data: [55] }],
      eps_v2: [{ name: 'lastEps', data: [55] }],
      assessment_test: { count: 2, first_eps: 55, last_eps: 64.5, improvement: 17.27 },
      assessment_history: history,
      lesson_detail: {
        count: 1,
        next: null,
        previous: null,
        results: [{ module_name: 'Vowels', lesson_name: null, overall_native_score: 0, date: '2026-11-01T09:00:00Z', difficulty_level: 'beginner', seconds: 150 }],
      },
      last_active: '2026-11-01T09:00:00Z',
      overview,
    }
    const data = learnerReportData(report)
    expect(data.lessons).toEqual([{ period: '2026-11-01', values: { numberOfLessons: 1, numberOfSeconds: 150 } }])
    expect(data.assessments).toEqual(history)
    expect(data.lessonDetail).toEqual([{ module_name: 'Vowels', lesson_name: '', overall_native_score: 0, date: '2026-11-01T09:00:00Z', difficulty_level: 'beginner' }])
    // the last pronunciation score, and the newest assessment's overall score
    expect(data.learner).toEqual({ last_eps: 64.5, assessment_test: 70, last_active: '2026-11-01T09:00:00Z' })
  })

  it("turns a class summary into the overview's score, the progress line and the share active", () => {
    const summary: ClassSummary = {
      from: '2026-11-14',
      to: '2026-11-23',
      scope: 'weekly',
      labels,
      eps: [{ name: 'averageEps', data: [null, 64.5] }],
      overview,
      percentage_student_activity: [{ name: 'percentActive', data: [66.67, 33.33] }],
      assessment_test: { score: 64.5, assessed: 1, students: 3 },
    }
    const data = classSummaryData(summary)
    expect(data.overview).toEqual(overview)
    expect(data.eps).toEqual([
      { period: '2026-11-14', values: { eps: null } },
      { period: '2026-11-21', values: { eps: 64.5 } },
    ])
    expect(data.summary).toEqual({
      score: 64.5,
      assessed: 1,
      students: 3,
      percentActive: [
        { period: '2026-11-14', values: { percentActive: 66.67 } },
        { period: '2026-11-21', values: { percentActive: 33.33 } },
      ],
    })
    expect(data.timeActivity).toBeNull()
  })
})
