import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyPractice, groupMembers, groups, memberships, organizations } from '../../server/db/schema.js'
import { recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * What an organization sees of a learner who belongs to two (issue 18, item 4): only the practice the
 * learner did as its member. Dana has been a student of school A (Madrid) since February; she joins school
 * B (Los Angeles) on Monday 30 March at 10:00 in Los Angeles (17:00 UTC). Before that she practised in A
 * (3 March, and 08:00 on the day she joined B, sent at once); after joining, the app sends what she did
 * the day before (a lesson and an assessment, 29 March) and at 09:00 that day, all dated before the
 * join; then she practises as a member of both (30 March and 1 April, 11:00 in Los Angeles).
 *
 * Every report, list, export and dashboard B can read about her must be what it would be had she done
 * only the last two lessons: school C (Los Angeles too, built the same way) has Eve, a member since
 * February who did exactly those two lessons, and B's answers about Dana are compared with C's about Eve
 * (the same names; ids, addresses and links left out). A keeps seeing everything she did as its member.
 * The server's clock stands at Thursday 2 April 20:00 UTC, so this week (from Saturday 28 March) holds
 * the day before the join, the join and what came after, for the dashboards.
 */

const NOW = '2026-04-02T20:00:00Z'
const RANGE = 'from=2026-03-01&to=2026-04-02'
const JOINED_B = '2026-03-30T17:00:00Z'
const MEMBERS_SINCE = '2026-02-01T00:00:00Z'

type School = Awaited<ReturnType<typeof createOrganizationWithPeople>>
let server: TestServer
let a: School
let b: School
let c: School
let dana: { id: number; token: string }
let eve: { id: number; token: string }
const classes: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 }

const lesson = (userId: number, clientEventId: string, at: string, lessonName: string): PracticeEvent => ({
  kind: 'lesson',
  userId,
  clientEventId,
  occurredAt: new Date(at),
  moduleName: 'Basics',
  lessonName,
  difficultyLevel: 'beginner',
  seconds: 300,
  nativeScore: 80,
})
const assessment = (userId: number, clientEventId: string, at: string, eps: number): PracticeEvent => ({
  kind: 'assessment',
  userId,
  clientEventId,
  occurredAt: new Date(at),
  eps,
  overallScore: eps,
  pronunciation: 70,
  intonation: 60,
  fluency: 50,
  skills: [{ name: 'Vowels', score: eps }],
})
/** Records as the app sends them, at `sentAt`. */
const send = (sentAt: string, ...events: PracticeEvent[]) => recordPracticeEvents(server.db, events, new Date(sentAt))

/** A student of `school` since `since`, in its class. */
const join = async (userId: number, school: School, key: 'a' | 'b' | 'c', since: string) => {
  await server.db.insert(memberships).values({ userId, organizationId: school.organization.id, role: 'student', createdAt: new Date(since) })
  await server.db.insert(groupMembers).values({ groupId: classes[key], userId })
}

/** The lessons she did as a member of both, the same for Eve in C. */
const asMemberOfBoth = async (userId: number) => {
  await send('2026-03-30T20:00:00Z', lesson(userId, 'both-1', '2026-03-30T18:00:00Z', 'In A and B'))
  await send('2026-04-01T20:00:00Z', lesson(userId, 'both-2', '2026-04-01T18:00:00Z', 'Later in A and B'))
}

beforeAll(async () => {
  server = await startServer({ now: NOW })
  a = await createOrganizationWithPeople(server, { name: 'School A', prefix: 'pa' })
  b = await createOrganizationWithPeople(server, { name: 'School B', prefix: 'pb' })
  c = await createOrganizationWithPeople(server, { name: 'School B', prefix: 'pc' })
  await server.db.update(organizations).set({ timezone: 'Europe/Madrid' }).where(eq(organizations.id, a.organization.id))
  for (const school of [b, c]) await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  for (const [key, school] of [['a', a], ['b', b], ['c', c]] as const) {
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: school.organization.id, name: 'Class', startDate: '2026-03-01', endDate: '2026-06-30', ownerId: school.teacher.user.id })
      .returning()
    classes[key] = group!.id
  }
  const danaUser = await createUser(server, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Learner' })
  const eveUser = await createUser(server, { email: 'eve@example.com', firstName: 'Dana', lastName: 'Learner' })
  dana = { id: danaUser.id, token: await login(server, danaUser.email) }
  eve = { id: eveUser.id, token: await login(server, eveUser.email) }

  await join(dana.id, a, 'a', MEMBERS_SINCE)
  await join(eve.id, c, 'c', MEMBERS_SINCE)
  // in school A only
  await send('2026-03-03T12:00:00Z', lesson(dana.id, 'a-only', '2026-03-03T10:00:00Z', 'Only in A'), assessment(dana.id, 'a-only-test', '2026-03-03T11:00:00Z', 30))
  await send('2026-03-30T15:05:00Z', lesson(dana.id, 'early', '2026-03-30T15:00:00Z', 'Early on the day she joined B'))
  await join(dana.id, b, 'b', JOINED_B)
  // sent once she had joined B, done before
  await send(
    '2026-03-30T19:00:00Z',
    lesson(dana.id, 'day-before', '2026-03-29T18:00:00Z', 'The day before joining B'),
    assessment(dana.id, 'day-before-test', '2026-03-29T19:00:00Z', 90),
    lesson(dana.id, 'sent-late', '2026-03-30T16:00:00Z', 'An hour before joining B'),
  )
  await asMemberOfBoth(dana.id)
  await asMemberOfBoth(eve.id)
})
afterAll(() => server.close())

/** An answer without what names one learner, organization or class rather than another (nor the instant it was read at). */
const normalized = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(normalized)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^(id|.*_id|email|photo_url|next|previous|url|as_of)$/.test(key)) // as_of: the instant of the reading, not a figure
      .map(([key, entry]) => [key, normalized(entry)]),
  )
}

const get = async <T = unknown>(path: string, token: string): Promise<T> => {
  const reply = await server.api<T>('GET', path, { token })
  expect(reply.status, `${path}: ${reply.text}`).toBe(200)
  return reply.body
}

interface LearnerReport {
  assessment_history: { eps: number }[]
  lesson_detail: { count: number; results: { lesson_name: string }[] }
  assessment_test: { count: number }
  lessons_practiced: unknown
}
const learnerReport = (school: School, userId: number, token: string) =>
  get<LearnerReport>(`/v1/reports/user/${userId}/?organization=${school.organization.id}&${RANGE}&scope=daily`, token)

interface MemberRow {
  id: number
  assessment_test: number | null
  lesson_count: number
  last_eps: number | null
  time_spent: number
}
const memberList = async (key: 'a' | 'b' | 'c', token: string) =>
  (await get<{ results: MemberRow[] }>(`/v1/groups/${classes[key]}/users?${RANGE}`, token)).results

const download = async (key: 'a' | 'b' | 'c', kind: string, format: 'csv' | 'xlsx', token: string): Promise<string[][]> => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/reports/groups/${classes[key]}/export/?kind=${kind}&format=${format}&${RANGE}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  })
  expect(response.statusCode, response.body).toBe(200)
  if (format === 'csv') return (parse(response.rawPayload.subarray(3).toString('utf8')) as string[][]).slice(1)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1)
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => (values[index] === undefined || values[index] === null ? '' : String(values[index]))))
  })
  return rows.slice(1)
}
/** An export's rows of the learner alone (the other students did nothing), without the address column. */
const learnerRows = (rows: string[][]) => rows.filter((row) => row[0] === 'Dana Learner').map((row) => [row[0], ...row.slice(2)])

describe('a learner who joined a second organization later', () => {
  it("B's class member list shows her last assessment and figures of B's alone", async () => {
    const [row] = (await memberList('b', b.teacher.token)).filter((student) => student.id === dana.id)
    expect(row).toMatchObject({ assessment_test: null, last_eps: null, lesson_count: 2, time_spent: 600 })
    expect(normalized(await memberList('b', b.teacher.token))).toEqual(normalized(await memberList('c', c.teacher.token)))
  })

  it.each(['admin', 'teacher'] as const)("B's %s reads in her report (student details) only the practice since she joined", async (role) => {
    const report = await learnerReport(b, dana.id, b[role].token)
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual(['Later in A and B', 'In A and B'])
    expect(report.assessment_history).toEqual([])
    expect(report.assessment_test.count).toBe(0)
    expect(normalized(report)).toEqual(normalized(await learnerReport(c, eve.id, c[role].token)))
  })

  it("B's class report, class summary, organization report and teacher report count her from the join", async () => {
    const reports = (school: School, key: 'b' | 'c') => [
      `/v1/reports/groups/${classes[key]}/?${RANGE}&scope=daily`,
      `/v1/reports/group/${classes[key]}/?${RANGE}`,
      `/v1/reports/organizations/${school.organization.id}/?${RANGE}&scope=daily`,
      `/v1/reports/teacher/${school.teacher.user.id}/?organization=${school.organization.id}&${RANGE}&scope=daily`,
    ]
    const [inB, inC] = [reports(b, 'b'), reports(c, 'c')]
    for (const [index, path] of inB.entries()) {
      expect(normalized(await get(path, b.admin.token)), path).toEqual(normalized(await get(inC[index]!, c.admin.token)))
    }
  })

  it.each(['admin', 'teacher'] as const)("B's class exports, downloaded by its %s, hold what she did since she joined", async (role) => {
    const lessons = learnerRows(await download('b', 'lesson', 'csv', b[role].token))
    expect(lessons.map((row) => row[4])).toEqual(['In A and B', 'Later in A and B'])
    for (const kind of ['activity', 'assessment', 'lesson']) {
      for (const format of ['csv', 'xlsx'] as const) {
        expect(learnerRows(await download('b', kind, format, b[role].token)), `${kind} ${format}`).toEqual(
          learnerRows(await download('c', kind, format, c[role].token)),
        )
      }
    }
  })

  it("B's dashboards (its admin's, its teacher's, and her own in B) count this week's practice since she joined", async () => {
    const dashboard = (school: School, token: string) => get(`/v1/organizations/${school.organization.id}/dashboard/`, token)
    expect(normalized(await dashboard(b, b.admin.token))).toEqual(normalized(await dashboard(c, c.admin.token)))
    expect(normalized(await dashboard(b, b.teacher.token))).toEqual(normalized(await dashboard(c, c.teacher.token)))
    expect(normalized(await dashboard(b, dana.token))).toEqual(normalized(await dashboard(c, eve.token)))
  })

  it('A still sees everything she did as its member, before and after she joined B', async () => {
    const report = await learnerReport(a, dana.id, a.admin.token)
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual([
      'Later in A and B',
      'In A and B',
      'An hour before joining B',
      'Early on the day she joined B',
      'The day before joining B',
      'Only in A',
    ])
    expect(report.assessment_history.map((row) => row.eps)).toEqual([90, 30])
    const [row] = (await memberList('a', a.teacher.token)).filter((student) => student.id === dana.id)
    expect(row).toMatchObject({ assessment_test: 90, last_eps: 90, lesson_count: 6 })
    expect(learnerRows(await download('a', 'assessment', 'csv', a.admin.token)).map((row) => row[2])).toEqual(['30', '90'])
  })
})

describe("a member's roles changed", () => {
  it('keep the membership and its start: what she did as a student of B since she joined is still counted, and nothing before', async () => {
    for (const roles of [['teacher'], ['student']]) {
      const changed = await server.api('POST', `/v1/organizations/${b.organization.id}/users/${dana.id}`, { token: b.admin.token, body: { roles } })
      expect(changed.status, changed.text).toBe(200)
    }
    const report = await learnerReport(b, dana.id, b.admin.token)
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual(['Later in A and B', 'In A and B'])
    expect(report.assessment_history).toEqual([])
    await send('2026-04-02T19:00:00Z', lesson(dana.id, 'after-roles', '2026-04-02T18:00:00Z', 'After the roles changed'))
    expect((await learnerReport(b, dana.id, b.admin.token)).lesson_detail.count).toBe(3)
  })
})

describe('a learner who leaves an organization and joins it again', () => {
  it('starts afresh: the organization keeps no figure of the first membership, and counts from the new join', async () => {
    const removed = await server.api('DELETE', `/v1/organizations/${a.organization.id}/users/${dana.id}`, { token: a.admin.token })
    expect(removed.status, removed.text).toBe(204)
    const left = await server.db
      .select()
      .from(dailyPractice)
      .where(and(eq(dailyPractice.organizationId, a.organization.id), eq(dailyPractice.userId, dana.id)))
    expect(left).toEqual([])
    // B's figures of her are untouched
    expect((await learnerReport(b, dana.id, b.admin.token)).lesson_detail.count).toBe(3)

    await join(dana.id, a, 'a', '2026-04-02T19:30:00Z')
    await send('2026-04-02T19:50:00Z', lesson(dana.id, 'back-in-a', '2026-04-02T19:45:00Z', 'Back in A'), lesson(dana.id, 'before-back', '2026-04-02T19:10:00Z', 'Before coming back'))
    const report = await learnerReport(a, dana.id, a.admin.token)
    expect(report.lesson_detail.results.map((row) => row.lesson_name)).toEqual(['Back in A'])
    expect(report.assessment_history).toEqual([])
    const [row] = (await memberList('a', a.teacher.token)).filter((student) => student.id === dana.id)
    expect(row).toMatchObject({ assessment_test: null, lesson_count: 1 })
  })
})
