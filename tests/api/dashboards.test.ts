import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { assignments, dailyPractice, groupMembers, groups, invitations, memberships, organizations } from '../../server/db/schema.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { createOrganizationWithPeople, createUser, login, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The dashboards (specification 001 §2 Dashboards, §6, §9), GET /v1/organizations/{id}/dashboard/, on a
 * known data set with every figure written out. Weeks run Saturday to Friday (§9). The clock stands at
 * 2026-03-18 20:00 UTC: 13:00 on Wednesday 18 March in Los Angeles (the school: its week is Saturday 14
 * to Friday 20 March) and already 05:00 on Thursday 19 March in Tokyo (the same week there).
 *
 * The school: admin Alice, teachers Terry and Edna; students Sam, Ann, Bob, Cid, Dee, and Eve who is
 * disabled. Classes: Algebra (Terry, active, goal 4 days × 10 min: Sam, Ann, Bob), Biology (Terry, not
 * started, no goals: Cid), Chemistry (Edna, active, 2 days × 20 min: Dee, Ann, made after Algebra),
 * Drama (Terry, finished), a draft with Cid. Practice (local days, lessons/minutes):
 *   Sam 11th 5/50 (EPS 40) · 12th 2/15 (both last week) · 14th 1/5 · 18th 3/20 (EPS 61.5)
 *   Ann 15th 1/25 · 16th 2/21:40 · 17th 1/10      Bob 13th 0/2 (no lesson: not active)
 *   Dee 18th 1/20      Cid nothing      Eve 18th 1/30 (disabled: nobody's learner)
 */

const NOW = '2026-03-18T20:00:00Z'
let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let tokyo: Awaited<ReturnType<typeof createOrganizationWithPeople>>
const people: Record<string, { id: number; token: string; email: string }> = {}
const classIds: Record<string, number> = {}

const person = async (organizationId: number, name: string, role: 'student' | 'teacher') => {
  const user = await createUser(server, { email: `${name.toLowerCase()}@dash.example.com`, firstName: name, lastName: 'Learner' })
  await addMembership(server.db, user.id, organizationId, role)
  people[name] = { id: user.id, email: user.email, token: await login(server, user.email) }
  return user.id
}

const practice = (organizationId: number, userId: number, day: string, lessons: number, seconds: number, eps?: { value: number; at: string }) =>
  server.db.insert(dailyPractice).values({
    organizationId,
    userId,
    day,
    lessons,
    seconds,
    assessments: eps ? 1 : 0,
    epsSum: eps?.value ?? 0,
    firstEps: eps?.value ?? null,
    firstEpsAt: eps ? new Date(eps.at) : null,
    lastEps: eps?.value ?? null,
    lastEpsAt: eps ? new Date(eps.at) : null,
    lastActiveAt: new Date(`${day}T19:00:00Z`),
  })

beforeAll(async () => {
  server = await startServer({ now: NOW })
  school = await createOrganizationWithPeople(server, { name: 'Springfield', prefix: 'spr' })
  tokyo = await createOrganizationWithPeople(server, { name: 'Tokyo Academy', prefix: 'tyo' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo.organization.id))
  const org = school.organization.id
  // the harness's student is Sam, its teacher Terry
  people.Sam = { id: school.student.user.id, token: school.student.token, email: school.student.user.email }
  people.Terry = { id: school.teacher.user.id, token: school.teacher.token, email: school.teacher.user.email }
  await person(org, 'Edna', 'teacher')
  for (const name of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve']) await person(org, name, 'student')
  await server.db.update(memberships).set({ disabledAt: new Date() }).where(eq(memberships.userId, people.Eve!.id))

  const group = async (name: string, ownerId: number | null, startDate: string, endDate: string, members: string[], goals?: [number, number], isDraft = false) => {
    const [row] = await server.db.insert(groups).values({ organizationId: org, name, ownerId, startDate, endDate, isDraft }).returning()
    classIds[name] = row!.id
    for (const member of members) await server.db.insert(groupMembers).values({ groupId: row!.id, userId: people[member]!.id })
    if (goals) await server.db.insert(assignments).values({ groupId: row!.id, practiceDaysPerWeek: goals[0], practiceMinutesPerDay: goals[1] })
  }
  await group('Drama', people.Terry.id, '2026-02-01', '2026-02-28', [])
  await group('Algebra', people.Terry.id, '2026-03-01', '2026-03-31', ['Sam', 'Ann', 'Bob'], [4, 10])
  await group('Biology', people.Terry.id, '2026-04-01', '2026-04-30', ['Cid'])
  await group('Chemistry', people.Edna!.id, '2026-03-02', '2026-03-30', ['Dee', 'Ann'], [2, 20])
  await group('Draft', null, '2026-03-01', '2026-03-31', ['Cid'], [5, 10], true)

  // pending: a teacher invited to the school, a student to Algebra; an invitation to Algebra revoked
  const invite = async (email: string, role: 'student' | 'teacher', groupId: number | null) => {
    const [issued] = await storeInvitations(server.db, { organizationId: org, role, emails: [email], groupId, invitedBy: school.admin.user.id, now: new Date(NOW), ttlSeconds: 3600 })
    return issued!.row.id
  }
  await invite('new-teacher@dash.example.com', 'teacher', null)
  await invite('new-student@dash.example.com', 'student', classIds.Algebra!)
  const revoked = await invite('gone@dash.example.com', 'student', classIds.Algebra!)
  await server.db.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, revoked))

  const id = (name: string) => people[name]!.id
  await practice(org, id('Sam'), '2026-03-11', 5, 3000, { value: 40, at: '2026-03-11T18:00:00Z' })
  await practice(org, id('Sam'), '2026-03-12', 2, 900)
  await practice(org, id('Sam'), '2026-03-14', 1, 300)
  await practice(org, id('Sam'), '2026-03-18', 3, 1200, { value: 61.5, at: '2026-03-18T19:00:00Z' })
  await practice(org, id('Ann'), '2026-03-15', 1, 1500)
  await practice(org, id('Ann'), '2026-03-16', 2, 1300)
  await practice(org, id('Ann'), '2026-03-17', 1, 600)
  await practice(org, id('Bob'), '2026-03-13', 0, 120)
  await practice(org, id('Dee'), '2026-03-18', 1, 1200)
  await practice(org, id('Eve'), '2026-03-18', 1, 1800)
  // Tokyo's student: the 12th is before Tokyo's week, the 19th is its today, the 21st starts the next week
  await practice(tokyo.organization.id, tokyo.student.user.id, '2026-03-12', 1, 600)
  await practice(tokyo.organization.id, tokyo.student.user.id, '2026-03-19', 1, 600)
  await practice(tokyo.organization.id, tokyo.student.user.id, '2026-03-21', 2, 900)
  await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
})
afterAll(() => server.close())

const dashboard = (token: string, organizationId = school.organization.id) =>
  server.api('GET', `/v1/organizations/${organizationId}/dashboard/`, { token })
const learner = (name: string) => ({ id: people[name]!.id, first_name: name, last_name: 'Learner', email: people[name]!.email })
const harnessLearner = (name: 'Sam') => ({ id: people[name]!.id, first_name: name, last_name: 'User', email: people[name]!.email })
/** The week's days from a Saturday on, with their active learners. */
const days = (counts: number[], from = 14) => counts.map((active_students, index) => ({ day: `2026-03-${String(from + index).padStart(2, '0')}`, active_students }))
const WEEK = { from: '2026-03-14', to: '2026-03-20', today: '2026-03-18' }

describe("the admin's dashboard", () => {
  it('counts the organization, shows 3 classes active first, the week day by day, who has not practised and who is below a goal', async () => {
    const reply = await dashboard(school.admin.token)
    expect(reply.status, reply.text).toBe(200)
    const body = reply.body
    expect(body.role).toBe('admin')
    // Saturday to Friday, not the last 7 days: Sam's 12th (Thursday) was last week
    expect(body.week).toEqual(WEEK)
    // Eve is disabled; the revoked invitation does not count
    expect(body.counts).toEqual({ students: 5, teachers: 2, classes: 5, pending_invitations: 2 })
    expect(body.classes_count).toBe(5)
    expect(body.classes.map((c: { name: string; status: string; users_count: number; active_students: number }) => [c.name, c.status, c.users_count, c.active_students])).toEqual([
      ['Chemistry', 'active', 2, 2],
      ['Algebra', 'active', 3, 2],
      ['Biology', 'not_started', 1, 0],
    ])
    expect(body.classes[1]).toMatchObject({
      id: classIds.Algebra,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      owner: { id: people.Terry!.id, first_name: 'Terry' },
      assignment: { practice_days_per_week: 4, practice_minutes_per_day: 10 },
      my_goal: null,
    })
    expect(body.classes[2].assignment).toBeNull()
    // the days after today are in the week, with nobody active yet
    expect(body.activity).toEqual({ students: 5, active_students: 3, days: days([1, 1, 1, 1, 2, 0, 0]) })
    expect(body.not_practised).toEqual({ count: 2, results: [learner('Bob'), learner('Cid')] })
    // below a goal is what the rest of the week cannot make up (Wednesday: today, Thursday, Friday):
    // Bob 0 + 3 and Sam 1 + 2 (he reached it today) of 4 days; Dee's 1 + 3 can still make Chemistry's 2
    expect(body.alerts).toEqual({
      count: 2,
      results: [
        { learner: learner('Bob'), class_id: classIds.Algebra, class_name: 'Algebra', days_met: 0, goal_days: 4, goal_minutes: 10 },
        { learner: harnessLearner('Sam'), class_id: classIds.Algebra, class_name: 'Algebra', days_met: 1, goal_days: 4, goal_minutes: 10 },
      ],
    })
    expect(body.me).toBeNull()
  })

  it('is the same for a platform admin who is no member', async () => {
    await createUser(server, { email: 'staff@dash.example.com', superuser: true })
    const reply = await dashboard(await login(server, 'staff@dash.example.com'))
    expect(reply.status).toBe(200)
    expect(reply.body.role).toBe('admin')
    expect(reply.body.counts).toEqual({ students: 5, teachers: 2, classes: 5, pending_invitations: 2 })
  })
})

describe("a teacher's dashboard", () => {
  it("is about the teacher's own classes and their learners only", async () => {
    const reply = await dashboard(people.Terry!.token)
    expect(reply.status, reply.text).toBe(200)
    const body = reply.body
    expect(body.role).toBe('teacher')
    // Sam, Ann, Bob, Cid; the pending invitation to Algebra; Edna's class and Dee are not Terry's
    expect(body.counts).toEqual({ students: 4, teachers: null, classes: 3, pending_invitations: 1 })
    expect(body.classes.map((c: { name: string }) => c.name)).toEqual(['Algebra', 'Biology', 'Drama'])
    expect(body.classes_count).toBe(3)
    expect(body.activity).toEqual({ students: 4, active_students: 2, days: days([1, 1, 1, 1, 1, 0, 0]) })
    expect(body.not_practised).toEqual({ count: 2, results: [learner('Bob'), learner('Cid')] })
    expect(body.alerts.count).toBe(2)
    expect(body.alerts.results.map((a: { learner: { first_name: string }; days_met: number }) => [a.learner.first_name, a.days_met])).toEqual([
      ['Bob', 0],
      ['Sam', 1],
    ])
    expect(reply.text).not.toContain('Dee')
  })

  it("another teacher's dashboard has its own class and learners", async () => {
    const body = (await dashboard(people.Edna!.token)).body
    expect(body.counts).toEqual({ students: 2, teachers: null, classes: 1, pending_invitations: 0 })
    expect(body.classes.map((c: { name: string; active_students: number }) => [c.name, c.active_students])).toEqual([['Chemistry', 2]])
    expect(body.activity).toEqual({ students: 2, active_students: 2, days: days([0, 1, 1, 1, 1, 0, 0]) })
    expect(body.not_practised).toEqual({ count: 0, results: [] })
    // Dee can still reach Chemistry's 2 days
    expect(body.alerts).toEqual({ count: 0, results: [] })
  })
})

describe("a student's dashboard", () => {
  it("shows the student's classes with teacher and goals, and the student's own week against each goal", async () => {
    const reply = await dashboard(people.Sam!.token)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toEqual({
      role: 'student',
      week: WEEK,
      as_of: expect.any(String), // its own tests are below
      counts: null,
      classes: [
        {
          id: classIds.Algebra,
          name: 'Algebra',
          start_date: '2026-03-01',
          end_date: '2026-03-31',
          status: 'active',
          owner: { id: people.Terry!.id, first_name: 'Terry', last_name: 'User', email: people.Terry!.email, photo_url: null },
          users_count: 3,
          assignment: { practice_days_per_week: 4, practice_minutes_per_day: 10, test_before_class_stats: 3 },
          active_students: null,
          // the 18th's 20 minutes met the 10, the 14th's 5 did not (the 12th's 15 were last week);
          // with Thursday and Friday left, 4 days are out of reach
          my_goal: { days_met: 1, below_goal: true },
        },
      ],
      classes_count: 1,
      activity: null,
      not_practised: null,
      alerts: null,
      // the 11th and 12th were last week; the last score is the newest
      me: { days_practised: 2, lessons: 4, seconds: 1500, last_eps: 61.5, last_active: '2026-03-18T19:00:00.000Z' },
    })
  })

  it("measures one week against each class's goal, and leaves drafts out", async () => {
    const ann = (await dashboard(people.Ann!.token)).body
    expect(ann.classes.map((c: { name: string; my_goal: unknown }) => [c.name, c.my_goal])).toEqual([
      ['Chemistry', { days_met: 2, below_goal: false }],
      ['Algebra', { days_met: 3, below_goal: false }],
    ])
    expect(ann.me).toEqual({ days_practised: 3, lessons: 4, seconds: 3400, last_eps: null, last_active: '2026-03-17T19:00:00.000Z' })
    const cid = (await dashboard(people.Cid!.token)).body
    expect(cid.classes.map((c: { name: string; my_goal: unknown }) => [c.name, c.my_goal])).toEqual([['Biology', null]])
    expect(cid.classes_count).toBe(1)
    expect(cid.me).toEqual({ days_practised: 0, lessons: 0, seconds: 0, last_eps: null, last_active: null })
  })
})

describe('the week, in the time zone of the organization', () => {
  it('is Saturday 14 to Friday 20 March in Tokyo too, where today is already the 19th', async () => {
    const admin = (await dashboard(tokyo.admin.token, tokyo.organization.id)).body
    expect(admin.week).toEqual({ from: '2026-03-14', to: '2026-03-20', today: '2026-03-19' })
    expect(admin.activity).toEqual({ students: 1, active_students: 1, days: days([0, 0, 0, 0, 0, 1, 0]) })
    const student = (await dashboard(tokyo.student.token, tokyo.organization.id)).body
    expect(student.me).toMatchObject({ days_practised: 1, lessons: 1, seconds: 600 })
  })

  it("starts a new week on Saturday: at 16:00 UTC on 20 March it is Saturday in Tokyo and still Friday in Los Angeles", async () => {
    const hours = 44 // from 2026-03-18 20:00 to 2026-03-20 16:00 UTC
    server.advance(hours * 3600)
    try {
      const admin = (await dashboard(tokyo.admin.token, tokyo.organization.id)).body
      expect(admin.week).toEqual({ from: '2026-03-21', to: '2026-03-27', today: '2026-03-21' })
      // the 19th was last week: only the 21st counts
      expect(admin.activity).toEqual({ students: 1, active_students: 1, days: days([1, 0, 0, 0, 0, 0, 0], 21) })
      expect(admin.not_practised).toEqual({ count: 0, results: [] })
      const student = (await dashboard(tokyo.student.token, tokyo.organization.id)).body
      expect(student.me).toMatchObject({ days_practised: 1, lessons: 2, seconds: 900 })
      const school = (await dashboard(people.Terry!.token)).body
      expect(school.week).toEqual({ from: '2026-03-14', to: '2026-03-20', today: '2026-03-20' })
      expect(school.activity.active_students).toBe(2)
      // on the week's last day only today is left: Bob and Sam cannot reach 4 days; Dee's 1 day and a
      // practice today would still make Chemistry's 2
      expect(school.alerts.results.map((a: { learner: { first_name: string }; days_met: number }) => [a.learner.first_name, a.days_met])).toEqual([
        ['Bob', 0],
        ['Sam', 1],
      ])
      expect((await dashboard(people.Edna!.token)).body.alerts).toEqual({ count: 0, results: [] })
    } finally {
      server.advance(-hours * 3600)
    }
  })
})

describe('how fresh the practice figures are (as_of)', () => {
  const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

  it("is an instant of the store's own clock on every role's dashboard: not in the future, and a moment ago on a quiet store", async () => {
    // the server's clock stands in March; as_of is the store's, so it is compared with the real time
    for (const token of [school.admin.token, people.Terry!.token, people.Sam!.token]) {
      const before = Date.now()
      const reply = await dashboard(token)
      const after = Date.now()
      expect(reply.status, reply.text).toBe(200)
      expect(reply.body.as_of).toMatch(ISO_INSTANT)
      const asOf = Date.parse(reply.body.as_of)
      expect(asOf).toBeLessThanOrEqual(after)
      expect(asOf).toBeGreaterThanOrEqual(before - 5_000)
    }
  })

  it('holds every practice event received before it: a lesson sent now is in the figures of a dashboard as of after it', async () => {
    const fresh = await createOrganizationWithPeople(server, { name: 'Freshwater', prefix: 'frw' })
    await server.db.update(memberships).set({ createdAt: new Date('2025-01-01T00:00:00Z') }).where(eq(memberships.organizationId, fresh.organization.id))
    const lesson = { client_event_id: 'asof-1', kind: 'lesson', occurred_at: '2026-03-18T12:00:00Z', module_name: 'Everyday English', lesson_name: 'Ordering coffee', difficulty_level: 'beginner', seconds: 300, native_score: 80 }
    const sent = await server.api('POST', '/v1/practice/events/', { token: fresh.student.token, body: { events: [lesson] } })
    expect(sent.status, sent.text).toBeLessThan(300)
    const received = Date.now()
    // once the dashboard is as of the moment the lesson was in, its figures hold it (rolled up at once
    // today; by a worker seconds later when ingestion only appends)
    let body = (await dashboard(fresh.student.token, fresh.organization.id)).body
    for (let tries = 0; Date.parse(body.as_of) < received && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      body = (await dashboard(fresh.student.token, fresh.organization.id)).body
    }
    expect(Date.parse(body.as_of)).toBeGreaterThanOrEqual(received)
    expect(body.me).toMatchObject({ days_practised: 1, lessons: 1, seconds: 300 })
    const admin = (await dashboard(fresh.admin.token, fresh.organization.id)).body
    expect(admin.activity.active_students).toBe(1)
  })
})

describe('who may', () => {
  it('answers 401 without a session, 404 to another organization and for one that does not exist', async () => {
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/dashboard/`)).status).toBe(401)
    expect((await dashboard(tokyo.admin.token)).status).toBe(404)
    expect((await dashboard(tokyo.student.token)).status).toBe(404)
    expect((await dashboard(school.admin.token, 999999)).status).toBe(404)
  })

  it('answers a disabled member as an outsider', async () => {
    expect((await dashboard(people.Eve!.token)).status).toBe(404)
  })
})
