import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, organizations } from '../../server/db/schema.js'
import { recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { createOrganizationWithPeople, createUser, startServer, type TestServer } from './harness.js'

/**
 * Whose events an organization sees. The assessment history, the lesson detail and the class exports are
 * the report parts that read a learner's raw events, and an event belongs to an organization's reports
 * only where the ingestion rolled it up for that organization (the learner was an active member then):
 * a learner who practised in school A before joining school B shows B only what B's figures count, and
 * A still everything A counted. Both schools read March 2026 in their own time zones.
 */

let server: TestServer
let a: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let b: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let learner: number
const classes: Record<'a' | 'b', number> = { a: 0, b: 0 }
const MARCH = 'from=2026-03-01&to=2026-03-31'

const lesson = (clientEventId: string, at: string, lessonName: string): PracticeEvent => ({
  kind: 'lesson',
  userId: learner,
  clientEventId,
  occurredAt: new Date(at),
  moduleName: 'Basics',
  lessonName,
  difficultyLevel: 'beginner',
  seconds: 300,
  nativeScore: 80,
})
const assessment = (clientEventId: string, at: string, eps: number): PracticeEvent => ({
  kind: 'assessment',
  userId: learner,
  clientEventId,
  occurredAt: new Date(at),
  eps,
  overallScore: eps,
  pronunciation: 70,
  intonation: 60,
  fluency: 50,
  skills: [{ name: 'Vowels', score: eps }],
})

beforeAll(async () => {
  server = await startServer({ now: '2026-04-02T12:00:00Z' })
  a = await createOrganizationWithPeople(server, { name: 'School A', prefix: 'pa' })
  b = await createOrganizationWithPeople(server, { name: 'School B', prefix: 'pb' })
  await server.db.update(organizations).set({ timezone: 'Europe/Madrid' }).where(eq(organizations.id, a.organization.id))
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, b.organization.id))
  const user = await createUser(server, { email: 'two-schools@example.com', firstName: 'Dana', lastName: 'Both' })
  learner = user.id
  for (const [key, school] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: school.organization.id, name: `Class ${key}`, startDate: '2026-03-01', endDate: '2026-06-30', ownerId: school.teacher.user.id })
      .returning()
    classes[key] = group!.id
  }
  await addMembership(server.db, learner, a.organization.id, 'student')
  await server.db.insert(groupMembers).values({ groupId: classes.a, userId: learner })
  // in school A only
  await recordPracticeEvents(
    server.db,
    [lesson('l1', '2026-03-03T10:00:00Z', 'Only in A'), assessment('s1', '2026-03-03T11:00:00Z', 30)],
    new Date('2026-03-03T12:00:00Z'),
  )
  // then in both
  await addMembership(server.db, learner, b.organization.id, 'student')
  await server.db.insert(groupMembers).values({ groupId: classes.b, userId: learner })
  await recordPracticeEvents(
    server.db,
    [lesson('l2', '2026-03-12T18:00:00Z', 'In A and B'), assessment('s2', '2026-03-12T19:00:00Z', 70)],
    new Date('2026-03-12T20:00:00Z'),
  )
})
afterAll(() => server.close())

interface LearnerReport {
  assessment_history: { eps: number }[]
  lesson_detail: { count: number; results: { lesson_name: string }[] }
  assessment_test: { count: number }
}
const learnerReport = async (school: typeof a, token: string) => {
  const reply = await server.api('GET', `/v1/reports/user/${learner}/?organization=${school.organization.id}&${MARCH}&scope=daily`, { token })
  expect(reply.status, reply.text).toBe(200)
  return reply.body as LearnerReport
}
const exported = async (key: 'a' | 'b', kind: string, token: string): Promise<string[][]> => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/reports/groups/${classes[key]}/export/?kind=${kind}&format=csv&${MARCH}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  })
  expect(response.statusCode, response.body).toBe(200)
  return (parse(response.rawPayload.subarray(3).toString('utf8')) as string[][]).slice(1)
}

describe("a learner's events in an organization they joined later", () => {
  it.each(['admin', 'teacher'] as const)("B's %s sees in the history and the lesson detail only what B's figures count", async (role) => {
    const report = await learnerReport(b, b[role].token)
    expect(report.assessment_test.count).toBe(1)
    expect(report.assessment_history.map((row) => row.eps)).toEqual([70])
    expect(report.lesson_detail.count).toBe(1)
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual(['In A and B'])
  })

  it("A's admin still sees everything A counted", async () => {
    const report = await learnerReport(a, a.admin.token)
    expect(report.assessment_test.count).toBe(2)
    expect(report.assessment_history.map((row) => row.eps)).toEqual([70, 30])
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual(['In A and B', 'Only in A'])
  })

  it.each(['admin', 'teacher'] as const)("B's class exports, downloaded by its %s, hold only B's events", async (role) => {
    const token = b[role].token
    expect((await exported('b', 'lesson', token)).map((row) => row[5])).toEqual(['In A and B'])
    expect((await exported('b', 'assessment', token)).map((row) => row[3])).toEqual(['70'])
    // the activity row's last assessment score, its date, and the score improvement (first to last of B's)
    const [activity] = await exported('b', 'activity', token)
    expect(activity!.slice(10)).toEqual(['70', '12:00 PM, 03/12/2026', '0', '0'])
  })

  it("A's class exports hold A's events, before and after B", async () => {
    expect((await exported('a', 'lesson', a.admin.token)).map((row) => row[5])).toEqual(['Only in A', 'In A and B'])
    expect((await exported('a', 'assessment', a.admin.token)).map((row) => row[3])).toEqual(['30', '70'])
    const [activity] = await exported('a', 'activity', a.admin.token)
    expect(activity!.slice(10)).toEqual(['70', '08:00 PM, 03/12/2026', '40', '40'])
  })
})
