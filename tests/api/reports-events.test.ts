import { eq } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, organizations } from '../../server/db/schema.js'
import { recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { createOrganizationWithPeople, createUser, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The reports on practice recorded through the ingestion (server/practice/ingest.ts), as the mobile app
 * sends it: the local day of an event in the organization's time zone on the days clocks change, and a
 * random data set whose figures are computed again here from the raw events, in TypeScript, and must be
 * the ones the SQL computes over the rollups.
 *
 * The server's clock stands at 2026-11-15 20:00 UTC.
 */

const NOW = new Date('2026-11-15T20:00:00Z')
let server: TestServer
let sequence = 0

const lesson = (userId: number, at: string, seconds = 60): PracticeEvent => ({
  kind: 'lesson',
  userId,
  clientEventId: `e${++sequence}`,
  occurredAt: new Date(at),
  moduleName: 'Vowels',
  lessonName: `Lesson ${sequence}`,
  difficultyLevel: 'beginner',
  seconds,
  nativeScore: 80,
})
const assessment = (userId: number, at: string, eps: number): PracticeEvent => ({
  kind: 'assessment',
  userId,
  clientEventId: `e${++sequence}`,
  occurredAt: new Date(at),
  eps,
  overallScore: eps,
  pronunciation: 70,
  intonation: 60,
  fluency: 50,
  skills: [{ name: 'th sound', score: 40 }],
})

const ok = async (token: string, path: string) => {
  const reply = await server.api('GET', path, { token })
  expect(reply.status, reply.text).toBe(200)
  return reply.body
}
const data = (list: { name: string; data: (number | null)[] }[], name: string) => list.find((series) => series.name === name)!.data

beforeAll(async () => {
  server = await startServer({ now: NOW.toISOString(), membersSince: '2025-01-01T00:00:00Z' })
})
afterAll(() => server.close())

describe('local days when the clocks change', () => {
  let la: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  let tokyo: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  let classId: number
  let learner: number

  beforeAll(async () => {
    la = await createOrganizationWithPeople(server, { prefix: 'la' })
    tokyo = await createOrganizationWithPeople(server, { prefix: 'tokyo' })
    await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, la.organization.id))
    await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo.organization.id))
    learner = la.student.user.id
    await addMembership(server.db, learner, tokyo.organization.id, 'student')
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: la.organization.id, name: 'Night owls', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: la.teacher.user.id })
      .returning()
    classId = group!.id
    await server.db.insert(groupMembers).values({ groupId: classId, userId: learner })
    await recordPracticeEvents(
      server.db,
      [
        // Friday 6 March 23:59 PST; in Tokyo already Saturday the 7th, a new week
        lesson(learner, '2026-03-07T07:59:00Z'),
        // Sunday 8 March (clocks go forward at 02:00): 00:30 PST and 23:30 PDT
        lesson(learner, '2026-03-08T08:30:00Z'),
        lesson(learner, '2026-03-09T06:30:00Z'),
        // Sunday 1 November (clocks go back at 02:00): 01:30 PDT, 01:30 PST, and an assessment at 23:30 PST
        lesson(learner, '2026-11-01T08:30:00Z'),
        lesson(learner, '2026-11-01T09:30:00Z'),
        assessment(learner, '2026-11-02T07:30:00Z', 61),
      ],
      NOW,
    )
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
  })

  it("puts an event at 23:30 on the day clocks go forward on that local day, and in that day's week", async () => {
    const daily = await ok(la.teacher.token, `/v1/reports/groups/${classId}/?from=2026-03-06&to=2026-03-09&scope=daily`)
    expect(data(daily.lessons_practiced, 'numberOfLessons')).toEqual([1, 0, 2, 0])
    const weekly = await ok(la.teacher.token, `/v1/reports/groups/${classId}/?from=2026-03-01&to=2026-03-14&scope=weekly`)
    expect(weekly.labels).toEqual(['2026-02-28', '2026-03-07', '2026-03-14'])
    expect(data(weekly.lessons_practiced, 'numberOfLessons')).toEqual([1, 2, 0])
  })

  it('dates the same instants by Tokyo time for Tokyo', async () => {
    const path = `/v1/reports/user/${learner}/?organization=${tokyo.organization.id}`
    const daily = await ok(tokyo.admin.token, `${path}&from=2026-03-07&to=2026-03-09&scope=daily`)
    expect(data(daily.lessons_practiced, 'numberOfLessons')).toEqual([1, 1, 1])
    const weekly = await ok(tokyo.admin.token, `${path}&from=2026-03-01&to=2026-03-14&scope=weekly`)
    expect(data(weekly.lessons_practiced, 'numberOfLessons')).toEqual([0, 3, 0])
    const ninth = await ok(tokyo.admin.token, `${path}&from=2026-03-09&to=2026-03-09`)
    expect(ninth.lesson_detail.results.map((row: { date: string }) => row.date)).toEqual(['2026-03-09T06:30:00.000Z'])
  })

  it("reads the learner's lesson detail and assessment history by the same local days", async () => {
    const path = `/v1/reports/user/${learner}/?organization=${la.organization.id}`
    const eighth = await ok(la.student.token, `${path}&from=2026-03-08&to=2026-03-08`)
    expect(eighth.lesson_detail).toMatchObject({ count: 2, next: null, previous: null })
    expect(eighth.lesson_detail.results.map((row: { date: string }) => row.date)).toEqual(['2026-03-09T06:30:00.000Z', '2026-03-08T08:30:00.000Z'])
    expect(eighth.lesson_detail.results[0]).toEqual({
      module_name: 'Vowels',
      lesson_name: expect.stringMatching(/^Lesson /),
      overall_native_score: 80,
      date: '2026-03-09T06:30:00.000Z',
      difficulty_level: 'beginner',
      seconds: 60,
    })
    expect((await ok(la.student.token, `${path}&from=2026-03-09&to=2026-03-09`)).lesson_detail.count).toBe(0)

    const fallBack = await ok(la.student.token, `${path}&from=2026-10-31&to=2026-11-02&scope=daily`)
    expect(data(fallBack.lessons_practiced, 'numberOfLessons')).toEqual([0, 2, 0])
    expect(data(fallBack.eps, 'averageEps')).toEqual([null, 61, null])
    expect(fallBack.assessment_history).toEqual([
      { date_assessment: '2026-11-02T07:30:00.000Z', eps: 61, overall_score: 61, pronunciation: 70, intonation: 60, fluency: 50, skills: [{ name: 'th sound', score: 40 }] },
    ])
    expect(fallBack.last_active).toBe('2026-11-02T07:30:00.000Z')
  })

  it('pages the lesson detail', async () => {
    const path = `/v1/reports/user/${learner}/?organization=${la.organization.id}&from=2026-03-01&to=2026-11-02&scope=monthly&page_size=2`
    const first = await ok(la.student.token, path)
    expect(first.lesson_detail.count).toBe(5)
    expect(first.lesson_detail.results).toHaveLength(2)
    const second = await ok(la.student.token, first.lesson_detail.next)
    expect(second.lesson_detail.results.map((row: { date: string }) => row.date)).toEqual(['2026-03-09T06:30:00.000Z', '2026-03-08T08:30:00.000Z'])
  })
})

// ---- the figures again, from the raw events ----

type Scope = 'daily' | 'weekly' | 'monthly'
type Raw = { userId: number; day: Temporal.PlainDate; kind: 'lesson' | 'assessment'; seconds: number; eps: number; at: number }

const periodStart = (day: Temporal.PlainDate, scope: Scope) =>
  scope === 'daily' ? day : scope === 'weekly' ? day.subtract({ days: (day.dayOfWeek + 1) % 7 }) : day.with({ day: 1 })
const periodsOf = (from: Temporal.PlainDate, to: Temporal.PlainDate, scope: Scope) => {
  const periods: Temporal.PlainDate[] = []
  for (let period = periodStart(from, scope); Temporal.PlainDate.compare(period, to) <= 0; ) {
    periods.push(period)
    period = period.add(scope === 'daily' ? { days: 1 } : scope === 'weekly' ? { days: 7 } : { months: 1 })
  }
  return periods
}
const bucketOf = (first: number, last: number) => {
  if (first <= 0) return last > first ? 'mt_70_percent' : '0_5_percent'
  const change = ((last - first) * 100) / first
  return change <= 5 ? '0_5_percent' : change <= 10 ? '6_10_percent' : change <= 50 ? '11_50_percent' : change <= 70 ? '50_70_percent' : 'mt_70_percent'
}
/** A figure rounded to 2 decimals by the database is within half a hundredth of the exact value. */
const near = (actual: number | null, exact: number | null, what: string) => {
  if (exact === null) return expect(actual, what).toBeNull()
  expect(Math.abs((actual ?? NaN) - exact), `${what}: ${actual} for ${exact}`).toBeLessThanOrEqual(0.005 + 1e-9)
}

describe('the figures computed again from the raw events', () => {
  it('agree with the SQL over the rollups on random ranges and scopes', async () => {
    const place = await createOrganizationWithPeople(server, { prefix: 'ny' })
    const timezone = 'America/New_York'
    await server.db.update(organizations).set({ timezone }).where(eq(organizations.id, place.organization.id))
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: place.organization.id, name: 'Random', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: place.teacher.user.id })
      .returning()
    // mulberry32, seeded: a failure repeats
    let state = 20261115
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const members: number[] = []
    for (let index = 0; index < 8; index++) {
      const user = await createUser(server, { email: `random-${index}@example.com`, lastName: `Random ${index}` })
      await addMembership(server.db, user.id, place.organization.id, 'student')
      if (index < 7) {
        await server.db.insert(groupMembers).values({ groupId: group!.id, userId: user.id })
        members.push(user.id)
      }
    }
    const outsider = (await createUser(server, { email: 'random-outsider@example.com' })).id
    await addMembership(server.db, outsider, place.organization.id, 'student')
    const start = Date.parse('2026-01-01T00:00:00Z')
    const span = Date.parse('2026-05-01T00:00:00Z') - start
    const events: PracticeEvent[] = []
    for (let index = 0; index < 400; index++) {
      const userId = index % 40 === 0 ? outsider : members[Math.floor(random() * members.length)]!
      const at = new Date(start + Math.floor(random() * span)).toISOString()
      events.push(random() < 0.8 ? lesson(userId, at, 30 + Math.floor(random() * 870)) : assessment(userId, at, Math.floor(random() * 101)))
    }
    for (let index = 0; index < events.length; index += 100) await recordPracticeEvents(server.db, events.slice(index, index + 100), NOW)
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it

    const raw: Raw[] = events
      .filter((event) => members.includes(event.userId))
      .map((event) => ({
        userId: event.userId,
        day: Temporal.Instant.fromEpochMilliseconds(event.occurredAt.getTime()).toZonedDateTimeISO(timezone).toPlainDate(),
        kind: event.kind,
        seconds: event.kind === 'lesson' ? event.seconds : 0,
        eps: event.kind === 'assessment' ? event.eps : 0,
        at: event.occurredAt.getTime(),
      }))

    const scopes: Scope[] = ['daily', 'weekly', 'monthly']
    let figures = 0
    for (let sample = 0; sample < 6; sample++) {
      const from = Temporal.PlainDate.from('2025-12-25').add({ days: Math.floor(random() * 100) })
      const to = from.add({ days: Math.floor(random() * 60) })
      const scope = scopes[sample % 3]!
      const report = await ok(place.admin.token, `/v1/reports/groups/${group!.id}/?from=${from}&to=${to}&scope=${scope}`)
      const inRange = raw.filter((event) => Temporal.PlainDate.compare(event.day, from) >= 0 && Temporal.PlainDate.compare(event.day, to) <= 0)
      const periods = periodsOf(from, to, scope)
      const what = `${from}..${to} ${scope}`
      expect(report.labels, what).toEqual(periods.map(String))

      periods.forEach((period, index) => {
        const here = inRange.filter((event) => periodStart(event.day, scope).equals(period))
        const lessons = here.filter((event) => event.kind === 'lesson')
        const assessments = here.filter((event) => event.kind === 'assessment')
        const active = new Set(lessons.map((event) => event.userId)).size
        const minutes = here.reduce((sum, event) => sum + event.seconds, 0) / 60
        expect(data(report.lessons_practiced, 'numberOfLessons')[index], `${what} lessons ${period}`).toBe(lessons.length)
        near(data(report.lessons_practiced, 'numberOfMinutes')[index]!, minutes, `${what} minutes ${period}`)
        expect(data(report.active_students, 'activeStudents')[index], `${what} active ${period}`).toBe(active)
        near(data(report.avg_practice_time, 'avgPracticeTime')[index]!, active ? minutes / active : 0, `${what} average time ${period}`)
        const epsSum = assessments.reduce((sum, event) => sum + event.eps, 0)
        near(data(report.eps, 'averageEps')[index]!, assessments.length ? epsSum / assessments.length : null, `${what} EPS ${period}`)
        figures += 5
      })

      const lessons = inRange.filter((event) => event.kind === 'lesson')
      const activeDays = new Set(lessons.map((event) => `${event.userId} ${event.day}`)).size
      const seconds = inRange.reduce((sum, event) => sum + event.seconds, 0)
      expect(report.overview.active_users, what).toBe(new Set(lessons.map((event) => event.userId)).size)
      expect(report.overview.lessons_count, what).toBe(lessons.length)
      near(report.overview.hours, seconds / 3600, `${what} hours`)
      near(report.overview.minutes_per_day, activeDays ? seconds / 60 / activeDays : 0, `${what} minutes per day`)
      figures += 4

      const weeks = periodsOf(from, to, 'weekly')
      weeks.forEach((week, index) => {
        const counts = members.map(
          (userId) => new Set(lessons.filter((event) => event.userId === userId && periodStart(event.day, 'weekly').equals(week)).map((event) => String(event.day))).size,
        )
        const expected = [counts.filter((n) => n === 0).length, counts.filter((n) => n >= 1 && n <= 4).length, counts.filter((n) => n === 5).length, counts.filter((n) => n >= 6).length]
        expect(report.weekly_active_students.series.map((series: { data: number[] }) => series.data[index]), `${what} week ${week}`).toEqual(expected)
        figures++
      })

      const buckets: Record<string, number> = { '0_5_percent': 0, '6_10_percent': 0, '11_50_percent': 0, '50_70_percent': 0, mt_70_percent: 0 }
      for (const userId of members) {
        const taken = inRange.filter((event) => event.userId === userId && event.kind === 'assessment').sort((a, b) => a.at - b.at)
        if (taken.length > 0) buckets[bucketOf(taken[0]!.eps, taken[taken.length - 1]!.eps)]!++
      }
      expect(Object.fromEntries(report.improvement.map((bucket: { name: string; value: number }) => [bucket.name, bucket.value])), what).toEqual(buckets)
      figures++

      for (const row of report.student_time_activity as { id: number; total: number }[]) {
        near(row.total, inRange.filter((event) => event.userId === row.id).reduce((sum, event) => sum + event.seconds, 0) / 60, `${what} total of ${row.id}`)
        figures++
      }
    }
    expect(figures).toBeGreaterThan(200)
  })
})
