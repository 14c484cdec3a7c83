import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, organizations } from '../../server/db/schema.js'
import { removeMembership, setMemberDisabled } from '../../server/organizations/members.js'
import { classMembers, organizationStudents, teacherStudents } from '../../server/reports/figures.js'
import { createOrganizationWithPeople, createUser, reportsCaughtUp, startServer, type TestServer } from './harness.js'
import { referenceReport } from './report-reference.js'

/**
 * Each activity report is one prepared statement (server/reports/prepared.ts): a class's over its members'
 * rollups, a teacher's over its classes' members', the organization's over its pre-aggregates (migration
 * 0023). Whatever happens to who is counted - a learner joins or leaves a class, a student is removed from
 * the organization or disabled, a teacher who practises is put in a class - and whatever is added to the
 * rollups after it (a day's rollup written again, a new day), each report must answer, to the digit, what
 * the plain statements of figures.ts compute from daily_practice over its population, by day, week and month.
 * The rollups are written straight into daily_practice here: the pre-aggregates follow its changes (its
 * triggers), whoever writes them.
 */

const NOW = new Date('2026-11-15T20:00:00Z')
const TODAY = '2026-11-15'
let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let classA: number
let classB: number
const learners: number[] = []

const RANGES = [
  { from: '2026-08-18', to: '2026-11-15' },
  { from: '2026-09-03', to: '2026-11-16' },
  { from: '2026-10-10', to: '2026-10-24' },
]
const SCOPES = ['daily', 'weekly', 'monthly'] as const

/** Rollups of `userId` on every day of the last `days` where a hash of user and day says so (about 2 days in 3), an assessment 1 in 5. */
const practise = async (userId: number, days: number, salt: number) => {
  await server.db.execute(sql`
    insert into daily_practice (organization_id, user_id, day, lessons, seconds, native_score_sum, assessments, eps_sum,
      first_eps, first_eps_at, last_eps, last_eps_at, last_active_at)
    select ${school.organization.id}, ${userId}, d.day, h % 4, 60 + h % 700, (h % 4) * 70, a, a * (20 + h % 70),
      case when a = 1 then 20 + h % 70 end, case when a = 1 then d.day + time '17:00' end,
      case when a = 1 then 25 + h % 65 end, case when a = 1 then d.day + time '18:00' end, d.day + time '18:00'
    from (select (${TODAY}::date - n)::date as day from generate_series(0, ${days - 1}) n) d
    cross join lateral (select abs(hashint8(${userId}::bigint * 100000 + ${salt} * 1000 + (d.day - date '2000-01-01'))) % 1000 as h) hash
    cross join lateral (select case when h % 5 = 0 then 1 else 0 end as a) assessed
    where h % 3 <> 0
    on conflict (organization_id, user_id, day) do update set lessons = daily_practice.lessons + excluded.lessons,
      seconds = daily_practice.seconds + excluded.seconds, assessments = daily_practice.assessments + excluded.assessments,
      eps_sum = daily_practice.eps_sum + excluded.eps_sum`)
}

const compare = async (label: string) => {
  await reportsCaughtUp(server) // the read replica, if any, has the rollups written straight to the store
  const organizationId = school.organization.id
  const teacherId = school.teacher.user.id
  let compared = 0
  for (const range of RANGES) {
    for (const scope of SCOPES) {
      const query = `from=${range.from}&to=${range.to}&scope=${scope}`
      const at = `${label}: ${range.from}..${range.to} ${scope}`
      for (const groupId of [classA, classB]) {
        const reply = await server.api('GET', `/v1/reports/groups/${groupId}/?${query}`, { token: school.admin.token })
        expect(reply.status, reply.text).toBe(200)
        const expected = await referenceReport(server.db, { organizationId, population: classMembers(groupId), range: { ...range, scope } }, true)
        expect(reply.body, `class ${groupId} ${at}`).toEqual(JSON.parse(JSON.stringify(expected)))
      }
      const teacher = await server.api('GET', `/v1/reports/teacher/${teacherId}/?organization=${organizationId}&${query}`, { token: school.admin.token })
      expect(teacher.status, teacher.text).toBe(200)
      expect(teacher.body, `teacher ${at}`).toEqual(
        await referenceReport(server.db, { organizationId, population: teacherStudents(organizationId, teacherId), range: { ...range, scope } }),
      )
      const whole = await server.api('GET', `/v1/reports/organizations/${organizationId}/?${query}`, { token: school.admin.token })
      expect(whole.status, whole.text).toBe(200)
      expect(whole.body, `organization ${at}`).toEqual(
        await referenceReport(server.db, { organizationId, population: organizationStudents(organizationId), range: { ...range, scope } }),
      )
      compared++
    }
  }
  expect(compared).toBe(9)
}

/** The figures of a class's report that say someone practised: not a comparison of zeros. */
const practised = async (groupId: number) => {
  await reportsCaughtUp(server)
  const reply = await server.api('GET', `/v1/reports/groups/${groupId}/?from=2026-08-18&to=2026-11-15&scope=weekly`, { token: school.admin.token })
  return { lessons: reply.body.overview.lessons_count as number, students: (reply.body.student_time_activity as unknown[]).length }
}

beforeAll(async () => {
  server = await startServer({ now: NOW.toISOString(), membersSince: '2025-01-01T00:00:00Z' })
  school = await createOrganizationWithPeople(server, { prefix: 'one' })
  await server.db.update(organizations).set({ timezone: 'America/New_York' }).where(eq(organizations.id, school.organization.id))
  for (let i = 1; i <= 8; i++) {
    const user = await createUser(server, { email: `one-statement-${i}@example.com`, lastName: `One ${i}` })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    learners.push(user.id)
  }
  const [a, b] = await server.db
    .insert(groups)
    .values([
      { organizationId: school.organization.id, name: 'One A', startDate: '2026-08-01', endDate: '2026-12-20', ownerId: school.teacher.user.id },
      { organizationId: school.organization.id, name: 'One B', startDate: '2026-08-01', endDate: '2026-12-20', ownerId: school.teacher.user.id },
    ])
    .returning({ id: groups.id })
  classA = a!.id
  classB = b!.id
  await server.db.insert(groupMembers).values([
    ...learners.slice(0, 4).map((userId) => ({ groupId: classA, userId })),
    ...learners.slice(3, 6).map((userId) => ({ groupId: classB, userId })),
  ])
  for (const [i, userId] of [...learners, school.teacher.user.id, school.student.user.id].entries()) await practise(userId, 100, i)
}, 120_000)
afterAll(() => server.close())

describe('each report in one statement', () => {
  it('answers what daily_practice adds up to over its population, before any change', async () => {
    expect(await practised(classA)).toMatchObject({ students: 4 })
    expect((await practised(classA)).lessons).toBeGreaterThan(100)
    await compare('at first')
  }, 120_000)

  it('still does after a learner joins a class, one leaves it, and the day is practised again', async () => {
    await server.db.insert(groupMembers).values({ groupId: classA, userId: learners[6]! })
    await server.db.delete(groupMembers).where(and(eq(groupMembers.groupId, classA), eq(groupMembers.userId, learners[0]!)))
    await practise(learners[6]!, 3, 50)
    await practise(learners[1]!, 1, 51)
    expect(await practised(classA)).toMatchObject({ students: 4 })
    await compare('joined and left')
  }, 120_000)

  it('still does after a student is removed from the organization and another disabled', async () => {
    await server.db.transaction((tx) => removeMembership(tx, school.organization.id, learners[3]!))
    await setMemberDisabled(server.db, school.organization.id, learners[4]!, NOW)
    await practise(learners[4]!, 2, 60)
    await compare('removed and disabled')
  }, 120_000)

  it('still does after a teacher who practises is put in a class and a student turns teacher', async () => {
    await server.db.insert(groupMembers).values({ groupId: classB, userId: school.teacher.user.id })
    await addMembership(server.db, learners[5]!, school.organization.id, 'teacher')
    await server.db.transaction((tx) => removeMembership(tx, school.organization.id, learners[5]!, ['student']))
    await practise(school.teacher.user.id, 2, 70)
    await compare('teacher in a class')
  }, 120_000)

  it('still does after a learner practises more today and its rollups of a day go', async () => {
    await practise(learners[2]!, 1, 80)
    await server.db.execute(sql`delete from daily_practice where organization_id = ${school.organization.id} and user_id = ${learners[1]!} and day = '2026-11-01'`)
    await compare('today and a day gone')
  }, 120_000)
})
