import { eq, sql } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { organizations, users } from '../../server/db/schema.js'
import { learnerEvents, seededRandom } from '../../server/dev/practice-generator.js'
import { removeMembership, setMemberDisabled } from '../../server/organizations/members.js'
import { recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { organizationStudents, rowsOf } from '../../server/reports/figures.js'
import { createOrganizationWithPeople, createUser, reportsCaughtUp, startServer, type TestServer } from './harness.js'
import { referenceReport } from './report-reference.js'

/**
 * The organization report (server/reports/organization-figures.ts) reads the pre-aggregates that the
 * triggers of migration 0023 keep beside daily_practice. Here, on practice recorded through the
 * ingestion in shuffled batches (days added to, assessments arriving late), its every figure must be the
 * one the plain statements of figures.ts compute over the rollups of the organization's current, enabled
 * students, for random ranges by day, week and month - after a teacher practised, a student practised in
 * two organizations, one was removed, one disabled and one deleted. And the pre-aggregates must be, row
 * for row, what daily_practice adds up to, also after two batches of one learner recorded at once.
 */

const NOW = new Date('2026-11-15T20:00:00Z')
const TIME_ZONE = 'America/New_York'
let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
const learners: number[] = []

const record = async (events: PracticeEvent[], random: () => number) => {
  const shuffled = [...events]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  for (let i = 0; i < shuffled.length; i += 150) await recordPracticeEvents(server.db, shuffled.slice(i, i + 150), NOW)
}

beforeAll(async () => {
  server = await startServer({ now: NOW.toISOString(), membersSince: '2025-01-01T00:00:00Z' })
  school = await createOrganizationWithPeople(server, { prefix: 'tot' })
  other = await createOrganizationWithPeople(server, { prefix: 'oth' })
  await server.db.update(organizations).set({ timezone: TIME_ZONE }).where(eq(organizations.id, school.organization.id))
  await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, other.organization.id))
  for (let i = 1; i <= 10; i++) {
    const user = await createUser(server, { email: `totals-${i}@example.com`, lastName: `Totals ${i}` })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    learners.push(user.id)
  }
  // the first learner studies in the other school too; the teacher practises (no student of the school)
  await addMembership(server.db, learners[0]!, other.organization.id, 'student')
  const random = seededRandom(20261115)
  const events = [...learners, school.teacher.user.id, school.student.user.id].flatMap((userId) =>
    learnerEvents(random, { userId, key: `totals-${userId}`, fromHourUtc: 13 }, NOW, 120),
  )
  await record(events, random)
  // leaving the population with their rollups kept: removed, disabled, a student made teacher only
  await server.db.transaction((tx) => removeMembership(tx, school.organization.id, learners[1]!))
  await setMemberDisabled(server.db, school.organization.id, learners[2]!, NOW)
  await addMembership(server.db, learners[3]!, school.organization.id, 'teacher')
  await server.db.transaction((tx) => removeMembership(tx, school.organization.id, learners[3]!, ['student']))
  // a deleted user's rollups go with it (by cascade), and so do its totals
  await server.db.delete(users).where(eq(users.id, learners[4]!))
  await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
}, 120_000)
afterAll(() => server.close())

describe("the organization's report from its pre-aggregates", () => {
  it('answers what the rollups of its current, enabled students add up to, by day, week and month', async () => {
    const random = seededRandom(7)
    const scopes = ['daily', 'weekly', 'monthly'] as const
    const ranges = [
      { from: '2026-08-18', to: '2026-11-15' },
      { from: '2026-07-01', to: '2026-11-16' },
      ...Array.from({ length: 7 }, () => {
        const from = Temporal.PlainDate.from('2026-07-01').add({ days: Math.floor(random() * 120) })
        const to = from.add({ days: Math.floor(random() * 80) })
        return { from: from.toString(), to: (Temporal.PlainDate.compare(to, '2026-11-16') > 0 ? Temporal.PlainDate.from('2026-11-16') : to).toString() }
      }),
    ]
    let compared = 0
    for (const [index, range] of ranges.entries()) {
      for (const scope of index < 2 ? scopes : [scopes[index % 3]!]) {
        const reply = await server.api('GET', `/v1/reports/organizations/${school.organization.id}/?from=${range.from}&to=${range.to}&scope=${scope}`, {
          token: school.admin.token,
        })
        expect(reply.status, reply.text).toBe(200)
        const expected = await referenceReport(server.db, {
          organizationId: school.organization.id,
          population: organizationStudents(school.organization.id),
          range: { ...range, scope },
        })
        expect(reply.body, `${range.from}..${range.to} ${scope}`).toEqual(expected)
        compared++
      }
    }
    expect(compared).toBe(13)
  })

  it('counts a practice the learners did: not all zeros', async () => {
    const reply = await server.api('GET', `/v1/reports/organizations/${school.organization.id}/?from=2026-08-18&to=2026-11-15&scope=weekly`, {
      token: school.admin.token,
    })
    // the ten, less the removed, the disabled, the teacher and the deleted, and the school's own Sam
    const weeks = reply.body.weekly_active_students.series as { data: number[] }[]
    expect(weeks.reduce((sum, series) => sum + series.data[5]!, 0)).toBe(7)
    expect(reply.body.overview.lessons_count).toBeGreaterThan(100)
    expect(reply.body.improvement.reduce((sum: number, bucket: { value: number }) => sum + bucket.value, 0)).toBeGreaterThan(3)
  })

  // one connection on PGlite: nothing runs at the same time there
  it.skipIf(!process.env.DATABASE_URL)('counts a learner once when two of its batches are recorded at the same time', async () => {
    const learner = learners[5]!
    const lesson = (at: string, clientEventId: string): PracticeEvent => ({
      kind: 'lesson',
      userId: learner,
      clientEventId,
      occurredAt: new Date(at),
      moduleName: 'Vowels',
      lessonName: 'At the same time',
      difficultyLevel: 'beginner',
      seconds: 60,
      nativeScore: 80,
    })
    // Monday 9 and Tuesday 10 March in New York, a week without practice: the first batch's transaction
    // is still open when the second is recorded
    let second: Promise<unknown> | undefined
    await server.db.transaction(async (tx) => {
      await recordPracticeEvents(tx, [lesson('2026-03-09T17:00:00Z', 'same-time-1')], NOW)
      second = recordPracticeEvents(server.db, [lesson('2026-03-10T17:00:00Z', 'same-time-2')], NOW)
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    await second
    const [week] = await rowsOf<{ days: number; learners: number }>(
      server.db,
      sql`select w.days, (select sum(learners)::int from organization_practice_weeks o where o.organization_id = w.organization_id and o.week = w.week) as learners
        from learner_practice_weeks w where w.organization_id = ${school.organization.id} and w.user_id = ${learner} and w.week = '2026-03-07'`,
    )
    // Monday and Tuesday are the week's days 2 and 3; one learner
    expect(week).toEqual({ days: 0b1100, learners: 1 })
  })

  it('keeps the pre-aggregates equal to what daily_practice adds up to, row for row', async () => {
    const differences = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(server.db, query)
    const days = sql`
      select organization_id, day, sum(lessons)::bigint as lessons, sum(seconds)::bigint as seconds,
        count(*) filter (where lessons > 0)::int as active, sum(assessments)::bigint as assessments, sum(eps_sum::numeric) as eps_sum
      from daily_practice group by 1, 2`
    const kept = sql`
      select organization_id, day, lessons, seconds, active, assessments, eps_sum from organization_practice_days
      where (lessons, seconds, active, assessments, eps_sum) <> (0, 0, 0, 0, 0)`
    expect(await differences(sql`(${days}) except (${kept})`)).toEqual([])
    expect(await differences(sql`(${kept}) except (${days})`)).toEqual([])

    const weeks = sql`
      select organization_id, user_id, day - ((extract(dow from day)::int + 1) % 7) as week,
        bit_or(1 << (day - (day - ((extract(dow from day)::int + 1) % 7))))::smallint as days
      from daily_practice where lessons > 0 group by 1, 2, 3`
    const keptWeeks = sql`select organization_id, user_id, week, days from learner_practice_weeks`
    expect(await differences(sql`(${weeks}) except (${keptWeeks})`)).toEqual([])
    expect(await differences(sql`(${keptWeeks}) except (${weeks})`)).toEqual([])
    const counts = sql`select organization_id, week, days, count(*)::int as learners from (${weeks}) w group by 1, 2, 3`
    const keptCounts = sql`select organization_id, week, days, learners from organization_practice_weeks where learners <> 0`
    expect(await differences(sql`(${counts}) except (${keptCounts})`)).toEqual([])
    expect(await differences(sql`(${keptCounts}) except (${counts})`)).toEqual([])

    const months = sql`
      select organization_id, date_trunc('month', day)::date as month, user_id,
        coalesce(bit_or(1 << (extract(day from day)::int - 1)) filter (where lessons > 0), 0) as days
      from daily_practice group by 1, 2, 3`
    const keptMonths = sql`select organization_id, month, user_id, days from learner_practice_months`
    expect(await differences(sql`(${months}) except (${keptMonths})`)).toEqual([])
    expect(await differences(sql`(${keptMonths}) except (${months})`)).toEqual([])
    const [{ count }] = (await rowsOf<{ count: number }>(server.db, sql`select count(*)::int as count from learner_practice_months`)) as [{ count: number }]
    expect(count).toBeGreaterThan(40)
  })
})
