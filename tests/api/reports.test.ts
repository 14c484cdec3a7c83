import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { dailyPractice, groupMembers, groups, organizations, practiceEvents } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The reports (issue 10) on a known data set, every figure written out by hand. The school is in
 * Los Angeles; its class has five students (Adams, Baker, Clark, Davis, Evans), a sixth student (Fox) is
 * in the school but not in the class, and Adams is also a student of another school, whose rollups must
 * never show here. The rollups (daily_practice) are written directly, as the ingestion would keep them;
 * the lesson detail and assessment history read events, also written directly.
 *
 * The range 2026-03-01 (a Sunday) to 2026-03-14 (a Saturday) in weeks from Saturday: 2026-02-28
 * (1-6 March counted), 2026-03-07 (7-13 March), 2026-03-14 (14 March). Baker's 28 February is in the
 * first week's period but not in the range: it is never counted there.
 *
 * The server's clock stands at 2026-11-15 20:00 UTC: 12:00 in Los Angeles (tomorrow is 16 November),
 * already 16 November 05:00 in Tokyo (tomorrow is 17 November).
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let tokyo: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let otherSchool: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let classId: number
let tokyoClassId: number
const learners: Record<string, { id: number; token: string }> = {}

interface Day {
  lessons?: number
  seconds?: number
  /** The day's assessments, in order: [EPS, ISO instant]. */
  eps?: Array<[number, string]>
}

const practise = async (organizationId: number, userId: number, day: string, { lessons = 0, seconds = 0, eps = [] }: Day) => {
  const first = eps[0]
  const last = eps[eps.length - 1]
  await server.db.insert(dailyPractice).values({
    organizationId,
    userId,
    day,
    lessons,
    seconds,
    nativeScoreSum: 0,
    assessments: eps.length,
    epsSum: eps.reduce((sum, [value]) => sum + value, 0),
    firstEps: first?.[0] ?? null,
    firstEpsAt: first ? new Date(first[1]) : null,
    lastEps: last?.[0] ?? null,
    lastEpsAt: last ? new Date(last[1]) : null,
    lastActiveAt: new Date(last?.[1] ?? `${day}T20:00:00Z`),
  })
}

beforeAll(async () => {
  server = await startServer({ now: '2026-11-15T20:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'spr' })
  tokyo = await createOrganizationWithPeople(server, { name: 'Tokyo Academy', prefix: 'tyo' })
  otherSchool = await createOrganizationWithPeople(server, { name: 'Shelbyville Elementary', prefix: 'shb' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo.organization.id))
  for (const name of ['Adams', 'Baker', 'Clark', 'Davis', 'Evans', 'Fox']) {
    const user = await createUser(server, { email: `${name.toLowerCase()}@example.com`, firstName: 'Pupil', lastName: name })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    learners[name] = { id: user.id, token: await login(server, user.email) }
  }
  await addMembership(server.db, learners.Adams!.id, otherSchool.organization.id, 'student')
  const [group] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name: 'Grade 4 A', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: school.teacher.user.id })
    .returning()
  classId = group!.id
  for (const name of ['Adams', 'Baker', 'Clark', 'Davis', 'Evans']) await server.db.insert(groupMembers).values({ groupId: classId, userId: learners[name]!.id })
  const [tokyoGroup] = await server.db
    .insert(groups)
    .values({ organizationId: tokyo.organization.id, name: 'Kanji 1', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: tokyo.teacher.user.id })
    .returning()
  tokyoClassId = tokyoGroup!.id

  const org = school.organization.id
  const { Adams, Baker, Clark, Davis, Evans, Fox } = learners as Record<string, { id: number }>
  await practise(org, Adams!.id, '2026-01-31', { lessons: 1, seconds: 60 })
  await practise(org, Adams!.id, '2026-03-02', { lessons: 2, seconds: 600, eps: [[40, '2026-03-02T18:00:00Z']] })
  await practise(org, Adams!.id, '2026-03-03', { lessons: 1, seconds: 300 })
  await practise(org, Adams!.id, '2026-03-10', { lessons: 3, seconds: 900, eps: [[42, '2026-03-10T17:00:00Z'], [44, '2026-03-10T19:00:00Z']] })
  await practise(otherSchool.organization.id, Adams!.id, '2026-03-02', { lessons: 9, seconds: 9999, eps: [[99, '2026-03-02T18:00:00Z']] })
  await practise(org, Baker!.id, '2026-02-28', { lessons: 5, seconds: 999 })
  await practise(org, Baker!.id, '2026-03-02', { lessons: 1, seconds: 120 })
  await practise(org, Baker!.id, '2026-03-05', { eps: [[50, '2026-03-05T18:00:00Z']] })
  await practise(org, Baker!.id, '2026-03-14', { lessons: 4, seconds: 1200, eps: [[56, '2026-03-14T18:00:00Z']] })
  for (const day of ['07', '08', '09', '11', '12', '13']) {
    await practise(org, Clark!.id, `2026-03-${day}`, { lessons: 1, seconds: 60, eps: day === '12' ? [[60, '2026-03-12T18:00:00Z']] : [] })
  }
  for (const day of ['07', '08', '09', '10', '11']) {
    const eps: Day['eps'] = day === '08' ? [[20, '2026-03-08T18:00:00Z']] : day === '11' ? [[34, '2026-03-11T18:00:00Z']] : []
    await practise(org, Davis!.id, `2026-03-${day}`, { lessons: 2, seconds: 180, eps })
  }
  await practise(org, Evans!.id, '2026-03-01', { eps: [[10, '2026-03-01T18:00:00Z']] })
  await practise(org, Evans!.id, '2026-03-13', { eps: [[20, '2026-03-13T18:00:00Z']] })
  await practise(org, Fox!.id, '2026-03-02', { lessons: 7, seconds: 420 })
  await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
}, 60_000)
afterAll(() => server.close())

const RANGE = 'from=2026-03-01&to=2026-03-14'
const get = (token: string, path: string) => server.api('GET', path, { token })
const ok = async (token: string, path: string) => {
  const reply = await get(token, path)
  expect(reply.status, reply.text).toBe(200)
  return reply.body
}
const series = (list: { name: string; data: (number | null)[] }[]) => Object.fromEntries(list.map(({ name, data }) => [name, data]))

describe('the activity report of a class', () => {
  it('counts its students only, in weeks from Saturday, each figure as computed by hand', async () => {
    const report = await ok(school.teacher.token, `/v1/reports/groups/${classId}/?${RANGE}&scope=weekly`)
    expect(report.labels).toEqual(['2026-02-28', '2026-03-07', '2026-03-14'])
    // week 1: Adams 3 lessons 900 s on 2 days, Baker 1 lesson 120 s; EPS 40 (Adams), 50 (Baker), 10 (Evans)
    // week 2: Adams 3 lessons 900 s, Clark 6 x 60 s on 6 days, Davis 5 x 2 lessons 180 s; EPS 42 44 60 20 34 20
    // week 3: Baker 4 lessons 1200 s; EPS 56
    expect(series(report.lessons_practiced)).toEqual({ numberOfLessons: [4, 19, 4], numberOfMinutes: [17, 36, 20] })
    expect(series(report.practice_time)).toEqual({ practiceMinutes: [17, 36, 20] })
    // minutes over active students (2, 3, 1) and over active student-days (3, 12, 1)
    expect(series(report.avg_practice_time)).toEqual({ avgPracticeTime: [8.5, 12, 20], avgPracticePerday: [5.67, 3, 20] })
    expect(series(report.avg_practice_lessons)).toEqual({ avgPracticeLessons: [2, 6.33, 4], avgLessonsPerday: [1.33, 1.58, 4] })
    expect(series(report.active_students)).toEqual({ activeStudents: [2, 3, 1] })
    // 100 / 3, 220 / 6, 56 / 1
    expect(series(report.eps)).toEqual({ averageEps: [33.33, 36.67, 56] })
    // 27 lessons, 4380 s, 16 active student-days
    expect(report.overview).toEqual({ active_users: 4, lessons_count: 27, hours: 1.22, lessons_per_day: 1.69, minutes_per_day: 4.56 })
    expect(report.weekly_active_students).toEqual({
      labels: ['2026-02-28', '2026-03-07', '2026-03-14'],
      series: [
        { name: 'not_active', data: [3, 2, 4] },
        { name: '1_4_days', data: [2, 1, 1] },
        { name: '5_5_days', data: [0, 1, 0] },
        { name: '6_7_days', data: [0, 1, 0] },
      ],
    })
    // first to last EPS: Clark 60 to 60 (0 %), Adams 40 to 44 (10 %), Baker 50 to 56 (12 %), Davis 20 to 34 (70 %), Evans 10 to 20 (100 %)
    expect(report.improvement).toEqual([
      { name: '0_5_percent', value: 1 },
      { name: '6_10_percent', value: 1 },
      { name: '11_50_percent', value: 1 },
      { name: '50_70_percent', value: 1 },
      { name: 'mt_70_percent', value: 1 },
    ])
    expect(report.student_time_activity.map((row: { last_name: string; minutes: number[]; total: number }) => [row.last_name, row.minutes, row.total])).toEqual([
      ['Adams', [15, 15, 0], 30],
      ['Baker', [2, 0, 20], 22],
      ['Clark', [0, 6, 0], 6],
      ['Davis', [0, 15, 0], 15],
      ['Evans', [0, 0, 0], 0],
    ])
  })

  it('by day: one label per day, a day without practice zeros and no EPS', async () => {
    const report = await ok(school.admin.token, `/v1/reports/groups/${classId}/?${RANGE}&scope=daily`)
    expect(report.labels).toHaveLength(14)
    expect(report.labels[0]).toBe('2026-03-01')
    expect(report.labels[13]).toBe('2026-03-14')
    const lessons = series(report.lessons_practiced)
    expect(lessons.numberOfLessons).toEqual([0, 3, 1, 0, 0, 0, 3, 3, 3, 5, 3, 1, 1, 4])
    expect(series(report.eps).averageEps).toEqual([10, 40, null, null, 50, null, null, 20, null, 43, 34, 60, 20, 56])
    expect(series(report.avg_practice_time).avgPracticeTime![3]).toBe(0)
    // the weekly buckets do not follow the scope
    expect(report.weekly_active_students.labels).toEqual(['2026-02-28', '2026-03-07', '2026-03-14'])
  })

  it('by month: periods from the first of the month, month ends in the right month', async () => {
    const report = await ok(school.admin.token, `/v1/reports/groups/${classId}/?from=2026-01-15&to=2026-03-14&scope=monthly`)
    expect(report.labels).toEqual(['2026-01-01', '2026-02-01', '2026-03-01'])
    // Adams's 31 January, Baker's 28 February (999 s = 16.65 min)
    expect(series(report.lessons_practiced)).toEqual({ numberOfLessons: [1, 5, 27], numberOfMinutes: [1, 16.65, 73] })
    expect(series(report.avg_practice_time)).toEqual({ avgPracticeTime: [1, 16.65, 18.25], avgPracticePerday: [1, 16.65, 4.56] })
    expect(series(report.eps)).toEqual({ averageEps: [null, null, 37.6] })
  })
})

describe('the class overview figures', () => {
  it('answers the progress line, the overview, the share active and the assessment score', async () => {
    const summary = await ok(school.teacher.token, `/v1/reports/group/${classId}/?${RANGE}&scope=weekly`)
    expect(summary.labels).toEqual(['2026-02-28', '2026-03-07', '2026-03-14'])
    expect(series(summary.eps)).toEqual({ averageEps: [33.33, 36.67, 56] })
    expect(series(summary.percentage_student_activity)).toEqual({ percentActive: [40, 60, 20] })
    expect(summary.overview).toEqual({ active_users: 4, lessons_count: 27, hours: 1.22, lessons_per_day: 1.69, minutes_per_day: 4.56 })
    // last EPS: Adams 44, Baker 56, Clark 60, Davis 34, Evans 20
    expect(summary.assessment_test).toEqual({ score: 42.8, assessed: 5, students: 5 })
  })

  it('answers zeros for a class nobody practised in', async () => {
    const summary = await ok(tokyo.admin.token, `/v1/reports/group/${tokyoClassId}/?${RANGE}&scope=monthly`)
    expect(summary).toMatchObject({
      labels: ['2026-03-01'],
      eps: [{ name: 'averageEps', data: [null] }],
      percentage_student_activity: [{ name: 'percentActive', data: [0] }],
      overview: { active_users: 0, lessons_count: 0, hours: 0, lessons_per_day: 0, minutes_per_day: 0 },
      assessment_test: { score: null, assessed: 0, students: 0 },
    })
  })
})

describe("the organization's report", () => {
  it('counts every student of the organization, in the class or not, and nobody of another', async () => {
    const report = await ok(school.admin.token, `/v1/reports/organizations/${school.organization.id}/?${RANGE}&scope=weekly`)
    // Fox's 7 lessons (420 s) in week 1; students: the five, Fox and the school's own Sam
    expect(series(report.lessons_practiced)).toEqual({ numberOfLessons: [11, 19, 4], numberOfMinutes: [24, 36, 20] })
    expect(series(report.active_students)).toEqual({ activeStudents: [3, 3, 1] })
    expect(report.overview).toEqual({ active_users: 5, lessons_count: 34, hours: 1.33, lessons_per_day: 2, minutes_per_day: 4.71 })
    expect(report.weekly_active_students.series[0]).toEqual({ name: 'not_active', data: [4, 4, 6] })
    expect(report).not.toHaveProperty('student_time_activity')
  })
})

describe("a learner's report", () => {
  it("answers the learner's figures as this organization sees them", async () => {
    const report = await ok(learners.Adams!.token, `/v1/reports/user/${learners.Adams!.id}/?organization=${school.organization.id}&${RANGE}&scope=weekly`)
    expect(series(report.lessons_practiced)).toEqual({ numberOfLessons: [3, 3, 0], numberOfMinutes: [15, 15, 0] })
    expect(series(report.eps)).toEqual({ averageEps: [40, 43, null] })
    expect(series(report.eps_v2)).toEqual({ lastEps: [40, 44, null] })
    expect(report.assessment_test).toEqual({ count: 3, first_eps: 40, last_eps: 44, improvement: 10 })
    expect(report.overview).toEqual({ active_users: 1, lessons_count: 6, hours: 0.5, lessons_per_day: 2, minutes_per_day: 10 })
    expect(report.last_active).toBe('2026-03-10T19:00:00.000Z')
  })
})

describe('the range', () => {
  const path = () => `/v1/reports/groups/${classId}/`
  it('refuses a start after the end, an end after tomorrow, a range over 366 days, with the field to change', async () => {
    const after = await get(school.admin.token, `${path()}?from=2026-03-15&to=2026-03-14`)
    expect(after.status).toBe(400)
    expect(after.body).toEqual({ from: ['Choose a start date on or before the end date.'] })
    // 12:00 on 15 November in Los Angeles: tomorrow is the 16th
    expect((await get(school.admin.token, `${path()}?from=2026-11-01&to=2026-11-16`)).status).toBe(200)
    const future = await get(school.admin.token, `${path()}?from=2026-11-01&to=2026-11-17`)
    expect(future.status).toBe(400)
    expect(future.body).toEqual({ to: ['Choose an end date on 2026-11-16 or before: reports end tomorrow at the latest.'] })
    const long = await get(school.admin.token, `${path()}?from=2025-03-01&to=2026-03-02`)
    expect(long.status).toBe(400)
    expect(long.body).toEqual({ to: ['Choose a range of at most 366 days; this one has 367.'] })
    expect((await get(school.admin.token, `${path()}?from=2025-03-02&to=2026-03-02&scope=monthly`)).status).toBe(200)
  })

  it("takes tomorrow in the organization's time zone: already the 17th in Tokyo", async () => {
    expect((await get(tokyo.admin.token, `/v1/reports/groups/${tokyoClassId}/?from=2026-11-01&to=2026-11-17`)).status).toBe(200)
    expect((await get(tokyo.admin.token, `/v1/reports/groups/${tokyoClassId}/?from=2026-11-01&to=2026-11-18`)).status).toBe(400)
  })

  it('refuses missing or malformed dates and an unknown scope, in the reader\'s language', async () => {
    for (const query of ['to=2026-03-14', 'from=2026-03-01', 'from=2026-02-30&to=2026-03-14', 'from=03/01/2026&to=2026-03-14', `${RANGE}&scope=yearly`]) {
      const reply = await get(school.admin.token, `${path()}?${query}`)
      expect(reply.status, query).toBe(400)
    }
    const spanish = await server.api('GET', `${path()}?from=2026-03-15&to=2026-03-14`, { token: school.admin.token, language: 'es-MX' })
    expect(spanish.body).toEqual({ from: ['Elige una fecha de inicio igual o anterior a la fecha de fin.'] })
  })
})

describe('who reads which report', () => {
  const learnerPath = (name: string, organizationId = school.organization.id) =>
    `/v1/reports/user/${learners[name]!.id}/?organization=${organizationId}&${RANGE}`

  it("a class's: its teacher and the organization's admins; another teacher and the students 403; another organization 404", async () => {
    const other = await createUser(server, { email: 'krabappel@example.com' })
    await addMembership(server.db, other.id, school.organization.id, 'teacher')
    const otherToken = await login(server, other.email)
    for (const path of [`/v1/reports/groups/${classId}/?${RANGE}`, `/v1/reports/group/${classId}/?${RANGE}`]) {
      expect((await get(school.teacher.token, path)).status).toBe(200)
      expect((await get(school.admin.token, path)).status).toBe(200)
      expect((await get(otherToken, path)).status).toBe(403)
      expect((await get(learners.Adams!.token, path)).status).toBe(403)
      expect((await get(otherSchool.admin.token, path)).status).toBe(404)
      expect((await server.api('GET', path)).status).toBe(401)
    }
  })

  it("a learner's: the learner itself, the teacher of its class, the admins; not another student, nor the teacher of no class of it", async () => {
    expect((await get(learners.Baker!.token, learnerPath('Baker'))).status).toBe(200)
    expect((await get(learners.Baker!.token, learnerPath('Adams'))).status).toBe(403)
    expect((await get(school.teacher.token, learnerPath('Adams'))).status).toBe(200)
    // Fox is in no class of the teacher
    expect((await get(school.teacher.token, learnerPath('Fox'))).status).toBe(403)
    expect((await get(school.admin.token, learnerPath('Fox'))).status).toBe(200)
    expect((await get(otherSchool.admin.token, learnerPath('Fox'))).status).toBe(404)
    // Adams as the other school sees it: its 9 lessons there, none of this school's
    const there = await ok(otherSchool.admin.token, learnerPath('Adams', otherSchool.organization.id))
    expect(there.overview.lessons_count).toBe(9)
    // someone who is no member of the organization
    expect((await get(school.admin.token, `/v1/reports/user/${otherSchool.student.user.id}/?organization=${school.organization.id}&${RANGE}`)).status).toBe(404)
  })

  it("an organization's: its admins; its teachers and students 403, another organization's admin 404", async () => {
    const path = `/v1/reports/organizations/${school.organization.id}/?${RANGE}`
    expect((await get(school.admin.token, path)).status).toBe(200)
    expect((await get(school.teacher.token, path)).status).toBe(403)
    expect((await get(learners.Adams!.token, path)).status).toBe(403)
    expect((await get(otherSchool.admin.token, path)).status).toBe(404)
  })
})

describe("a teacher's report", () => {
  const teacherPath = (id: number, organizationId = school.organization.id) => `/v1/reports/teacher/${id}/?organization=${organizationId}&${RANGE}&scope=weekly`

  it('counts the students of every class the teacher owns once, and nobody else', async () => {
    // a second class of the teacher with Adams and Davis again, and a class of another teacher with Fox
    const hoover = await createUser(server, { email: 'hoover@example.com', lastName: 'Hoover' })
    await addMembership(server.db, hoover.id, school.organization.id, 'teacher')
    const [again] = await server.db
      .insert(groups)
      .values({ organizationId: school.organization.id, name: 'Grade 4 B', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: school.teacher.user.id })
      .returning()
    const [foxClass] = await server.db
      .insert(groups)
      .values({ organizationId: school.organization.id, name: 'Grade 2', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: hoover.id })
      .returning()
    for (const name of ['Adams', 'Davis']) await server.db.insert(groupMembers).values({ groupId: again!.id, userId: learners[name]!.id })
    await server.db.insert(groupMembers).values({ groupId: foxClass!.id, userId: learners.Fox!.id })
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it

    const report = await ok(school.teacher.token, teacherPath(school.teacher.user.id))
    // the five students of Grade 4 A, Adams and Davis not twice: the class report's figures
    expect(report.labels).toEqual(['2026-02-28', '2026-03-07', '2026-03-14'])
    expect(series(report.lessons_practiced)).toEqual({ numberOfLessons: [4, 19, 4], numberOfMinutes: [17, 36, 20] })
    expect(series(report.active_students)).toEqual({ activeStudents: [2, 3, 1] })
    expect(series(report.avg_practice_time)).toEqual({ avgPracticeTime: [8.5, 12, 20], avgPracticePerday: [5.67, 3, 20] })
    expect(report.overview).toEqual({ active_users: 4, lessons_count: 27, hours: 1.22, lessons_per_day: 1.69, minutes_per_day: 4.56 })
    expect(report.weekly_active_students.series[0]).toEqual({ name: 'not_active', data: [3, 2, 4] })
    expect(report.improvement.map((bucket: { value: number }) => bucket.value)).toEqual([1, 1, 1, 1, 1])
    expect(report).not.toHaveProperty('student_time_activity')

    // Hoover's one class: Fox's 7 lessons (420 s) in the first week
    const fox = await ok(school.admin.token, teacherPath(hoover.id))
    expect(series(fox.lessons_practiced)).toEqual({ numberOfLessons: [7, 0, 0], numberOfMinutes: [7, 0, 0] })
    expect(fox.overview).toEqual({ active_users: 1, lessons_count: 7, hours: 0.12, lessons_per_day: 7, minutes_per_day: 7 })
    expect(fox.weekly_active_students.series[0]).toEqual({ name: 'not_active', data: [0, 1, 1] })

    // a teacher without classes: zeros
    const none = await ok(tokyo.admin.token, teacherPath(tokyo.teacher.user.id, tokyo.organization.id))
    expect(none.overview).toEqual({ active_users: 0, lessons_count: 0, hours: 0, lessons_per_day: 0, minutes_per_day: 0 })
  })

  it('the teacher itself and the admins; another teacher and the students 403; another organization 404; no teacher 404', async () => {
    const own = teacherPath(school.teacher.user.id)
    expect((await get(school.teacher.token, own)).status).toBe(200)
    expect((await get(school.admin.token, own)).status).toBe(200)
    const other = await createUser(server, { email: 'largo@example.com' })
    await addMembership(server.db, other.id, school.organization.id, 'teacher')
    expect((await get(await login(server, other.email), own)).status).toBe(403)
    expect((await get(learners.Adams!.token, own)).status).toBe(403)
    expect((await get(otherSchool.admin.token, own)).status).toBe(404)
    expect((await server.api('GET', own)).status).toBe(401)
    // a student of the organization is no teacher of it; the teacher as another organization asks
    expect((await get(school.admin.token, teacherPath(learners.Fox!.id))).status).toBe(404)
    expect((await get(otherSchool.admin.token, teacherPath(school.teacher.user.id, otherSchool.organization.id))).status).toBe(404)
  })
})
