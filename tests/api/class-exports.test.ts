import { eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, organizations } from '../../server/db/schema.js'
import { recordPracticeEvents, type PracticeEvent } from '../../server/practice/ingest.js'
import { createOrganizationWithPeople, createUser, login, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The class exports (specification 001 §2 export buttons, §3 Export columns / assessment record / lesson
 * detail, §6 who may, §9 file names and formats) on a known data set recorded through the ingestion code
 * (server/practice/ingest.ts, which keeps the rollups): every row and column of each export in CSV (read
 * back with csv-parse) and XLSX (read back with exceljs), formulas made inert, headers and dates in the
 * reader's language, file names with awkward class names, an empty range, bad ranges and who may export.
 *
 * The school is in Los Angeles; the range is March 2026, which crosses the start of daylight saving time
 * (8 March): an event at 06:30 UTC on 1 April is still 31 March there (in the range), one at 07:30 UTC on
 * 1 March is still 28 February (out of it).
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let groupId: number
let otherTeacherToken: string

const MARCH = 'from=2026-03-01&to=2026-03-31'
const CLASS_NAME = 'Grade "7"/B — Ñandú'

beforeAll(async () => {
  server = await startServer({ now: '2026-04-02T12:00:00Z', membersSince: '2025-01-01T00:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield', prefix: 'exp' })
  other = await createOrganizationWithPeople(server, { name: 'Shelbyville', prefix: 'oth' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  const teacher = await createUser(server, { email: 'other-teacher@example.com', firstName: 'Otto' })
  await addMembership(server.db, teacher.id, school.organization.id, 'teacher')
  otherTeacherToken = await login(server, teacher.email)

  const [group] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name: CLASS_NAME, startDate: '2026-03-01', endDate: '2026-06-30', ownerId: school.teacher.user.id })
    .returning()
  groupId = group!.id
  const ana = await createUser(server, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lopez' })
  const bruno = await createUser(server, { email: 'bruno@example.com', firstName: 'Bruno', lastName: "O'Hara" })
  const carla = await createUser(server, { email: 'carla@example.com', firstName: 'Carla', lastName: 'Díaz' })
  const outsider = await createUser(server, { email: 'outsider@example.com', firstName: 'Aaron', lastName: 'Out' })
  for (const user of [ana, bruno, carla, outsider]) await addMembership(server.db, user.id, school.organization.id, 'student')
  await server.db.insert(groupMembers).values([ana, carla, bruno].map((user) => ({ groupId, userId: user.id })))

  // the learner is also in another organization, which gets rollups of its own from the same events
  await addMembership(server.db, ana.id, other.organization.id, 'student')

  const lesson = (userId: number, clientEventId: string, at: string, moduleName: string, lessonName: string, difficultyLevel: string, seconds: number, nativeScore: number): PracticeEvent => ({
    kind: 'lesson',
    userId,
    clientEventId,
    occurredAt: new Date(at),
    moduleName,
    lessonName,
    difficultyLevel,
    seconds,
    nativeScore,
  })
  const assessment = (userId: number, clientEventId: string, at: string, scores: Omit<Extract<PracticeEvent, { kind: 'assessment' }>, 'kind' | 'userId' | 'clientEventId' | 'occurredAt'>): PracticeEvent => ({
    kind: 'assessment',
    userId,
    clientEventId,
    occurredAt: new Date(at),
    ...scores,
  })
  await recordPracticeEvents(
    server.db,
    [
      lesson(ana.id, 'a1', '2026-03-02T17:00:00Z', 'Basics', 'Vowels, long', 'beginner', 600, 87.6),
      lesson(ana.id, 'a2', '2026-04-01T06:30:00Z', '+Advanced', 'Quotes "x"', 'advanced', 300, 0),
      lesson(ana.id, 'a0', '2026-03-01T07:30:00Z', 'Basics', 'Too early', 'beginner', 999, 50),
      assessment(ana.id, 'a3', '2026-03-03T18:00:00Z', {
        eps: 50,
        overallScore: 60.4,
        pronunciation: 61,
        intonation: 62,
        fluency: 63,
        skills: [
          { name: 'Vowels', score: 70.5 },
          { name: '@Stress', score: 40 },
        ],
      }),
      assessment(ana.id, 'a4', '2026-03-20T16:15:00Z', { eps: 58.6, overallScore: 71, pronunciation: 72, intonation: 73, fluency: 74, skills: [] }),
      lesson(carla.id, 'c1', '2026-03-10T20:00:00Z', 'Basics', '=1+1', 'beginner', 125, 45.5),
      lesson(outsider.id, 'o1', '2026-03-10T20:00:00Z', 'Basics', 'Not in the class', 'beginner', 60, 90),
    ],
    new Date('2026-04-02T12:00:00Z'),
  )
  await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
})
afterAll(() => server.close())

const url = (kind: string, format: string, range = MARCH) => `/v1/reports/groups/${groupId}/export/?kind=${kind}&format=${format}&${range}`

/** The raw download (the harness's `api` reads answers as text; an xlsx is bytes). */
const download = async (path: string, token = school.admin.token, language = 'en') => {
  const response = await server.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, 'accept-language': language } })
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text: response.body }
}

const csvRows = (bytes: Buffer): string[][] => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes.subarray(3).toString('utf8'), { relax_column_count: false }) as string[][]
}

const xlsxRows = async (bytes: Buffer): Promise<unknown[][]> => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1)
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => values[index] ?? null))
  })
  return rows
}

/** A row as the CSV writes it: numbers as text, empty cells as ''. */
const asCsv = (rows: unknown[][]) => rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))

const ACTIVITY_HEADER = [
  'Student name',
  'Student email',
  'Lessons practiced',
  'Studied time',
  'Average daily minutes practiced',
  'Average daily lessons practiced',
  'Duration in days',
  'First EPS',
  'Last EPS',
  'Last date practiced',
  'Last assessment score',
  'Last assessment date',
  'Score improvement',
  'EPS improvement',
]
const ACTIVITY = [
  ['Ana Lopez', 'ana@example.com', 2, '00:15:00', 7.5, 1, 2, 50, 59, '03/31/2026', 71, '09:15 AM, 03/20/2026', 11, 9],
  ["Bruno O'Hara", 'bruno@example.com', 0, '00:00:00', 0, 0, 0, null, null, null, null, null, null, null],
  ['Carla Díaz', 'carla@example.com', 1, '00:02:05', 2.1, 1, 1, null, null, '03/10/2026', null, null, null, null],
]
const ASSESSMENT_HEADER = ['Student name', 'Student email', 'Date taken', 'Assessment test (EPS)', 'Pronunciation', 'Intonation', 'Fluency', 'Skill', 'Skill score']
const ASSESSMENT = [
  ['Ana Lopez', 'ana@example.com', '10:00 AM, 03/03/2026', 50, 61, 62, 63, 'Vowels', 71],
  ['Ana Lopez', 'ana@example.com', '10:00 AM, 03/03/2026', 50, 61, 62, 63, "'@Stress", 40],
  ['Ana Lopez', 'ana@example.com', '09:15 AM, 03/20/2026', 59, 72, 73, 74, null, null],
]
const LESSON_HEADER = ['Student name', 'Student email', 'Date', 'Overall native score', 'Module name', 'Lesson name', 'Difficulty level']
const LESSON = [
  ['Ana Lopez', 'ana@example.com', '09:00 AM, 03/02/2026', 88, 'Basics', 'Vowels, long', 'beginner'],
  ['Ana Lopez', 'ana@example.com', '11:30 PM, 03/31/2026', null, "'+Advanced", 'Quotes "x"', 'advanced'],
  ['Carla Díaz', 'carla@example.com', '01:00 PM, 03/10/2026', 46, 'Basics', "'=1+1", 'beginner'],
]

describe('the exports of a class, on a known data set', () => {
  it.each([
    ['activity', ACTIVITY_HEADER, ACTIVITY],
    ['assessment', ASSESSMENT_HEADER, ASSESSMENT],
    ['lesson', LESSON_HEADER, LESSON],
  ] as const)('%s as CSV: exactly the rows and columns of the spec, students in name order, only the range and the class', async (kind, header, rows) => {
    const reply = await download(url(kind, 'csv'))
    expect(reply.status, reply.text).toBe(200)
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csvRows(reply.bytes)).toEqual(asCsv([[...header], ...rows.map((row) => [...row])]))
  })

  it.each([
    ['activity', ACTIVITY_HEADER, ACTIVITY],
    ['assessment', ASSESSMENT_HEADER, ASSESSMENT],
    ['lesson', LESSON_HEADER, LESSON],
  ] as const)('%s as XLSX: the same rows, numbers as numbers and text as text', async (kind, header, rows) => {
    const reply = await download(url(kind, 'xlsx'))
    expect(reply.status, reply.text).toBe(200)
    expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(await xlsxRows(reply.bytes)).toEqual([[...header], ...rows.map((row) => [...row])])
  })

  it("makes formulas inert: a text cell starting with = + - @ gets a leading ', a computed negative number stays a number", async () => {
    const lessons = csvRows((await download(url('lesson', 'csv'))).bytes)
    const cells = lessons.flat()
    expect(cells).toContain("'=1+1")
    expect(cells).toContain("'+Advanced")
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([])
    const skills = csvRows((await download(url('assessment', 'csv'))).bytes).flat()
    expect(skills).toContain("'@Stress")
  })

  it('names the file after the class, the report and the range: a safe ASCII filename and the exact UTF-8 filename*', async () => {
    const reply = await download(url('assessment', 'csv'))
    const exact = 'Grade _7__B — Ñandú Assessment Report 01 Mar 2026 - 31 Mar 2026.csv'
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Grade _7__B _ Nandu Assessment Report 01 Mar 2026 - 31 Mar 2026.csv"; filename*=UTF-8''${encodeURIComponent(exact)}`,
    )
    const lesson = await download(url('lesson', 'xlsx'))
    expect(lesson.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Grade _7__B — Ñandú Lesson Detail Report 01 Mar 2026 - 31 Mar 2026.xlsx')}`)
  })

  it("writes headers, dates and the file name in the reader's language (Accept-Language)", async () => {
    const reply = await download(url('lesson', 'csv'), school.admin.token, 'es-MX,es;q=0.9')
    const [header, first] = csvRows(reply.bytes)
    expect(header).toEqual(['Nombre del estudiante', 'Correo del estudiante', 'Fecha', 'Puntaje nativo general', 'Nombre del módulo', 'Nombre de la lección', 'Nivel de dificultad'])
    expect(first![2]).toMatch(/02\/03\/2026$/)
    expect(decodeURIComponent(String(reply.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(/^Grade _7__B — Ñandú Reporte de detalle de lecciones 01 mar\.? 2026 - 31 mar\.? 2026\.csv$/)
  })

  it('answers the header alone for a range without practice (lessons, assessments); activity lists every student with zeros', async () => {
    const range = 'from=2025-01-01&to=2025-01-31'
    expect(csvRows((await download(url('lesson', 'csv', range))).bytes)).toEqual([LESSON_HEADER])
    expect(csvRows((await download(url('assessment', 'csv', range))).bytes)).toEqual([ASSESSMENT_HEADER])
    expect(await xlsxRows((await download(url('lesson', 'xlsx', range))).bytes)).toEqual([LESSON_HEADER])
    const activity = csvRows((await download(url('activity', 'csv', range))).bytes)
    expect(activity.map((row) => [row[0], row[2], row[3]])).toEqual([
      ['Student name', 'Lessons practiced', 'Studied time'],
      ['Ana Lopez', '0', '00:00:00'],
      ["Bruno O'Hara", '0', '00:00:00'],
      ['Carla Díaz', '0', '00:00:00'],
    ])
  })
})

describe("a company's exports (001 §1: employees, leaders and teams)", () => {
  it('names the learner columns Employee name and Employee email, in the reader\'s language, in CSV and XLSX', async () => {
    const company = await createOrganizationWithPeople(server, { name: 'Acme', type: 'company', prefix: 'acme' })
    const [team] = await server.db.insert(groups).values({ organizationId: company.organization.id, name: 'Sales', startDate: '2026-03-01', endDate: '2026-06-30' }).returning()
    await server.db.insert(groupMembers).values({ groupId: team!.id, userId: company.student.user.id })
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
    const teamUrl = (kind: string, format: string) => `/v1/reports/groups/${team!.id}/export/?kind=${kind}&format=${format}&${MARCH}`
    for (const kind of ['activity', 'assessment', 'lesson']) {
      const csv = await download(teamUrl(kind, 'csv'), company.admin.token)
      expect(csv.status).toBe(200)
      const [header, employee] = csvRows(csv.bytes)
      expect(header!.slice(0, 2)).toEqual(['Employee name', 'Employee email'])
      if (kind === 'activity') expect(employee!.slice(0, 2)).toEqual(['Sam User', company.student.user.email])
      expect(decodeURIComponent(String(csv.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(/^Sales .* Report 01 Mar 2026 - 31 Mar 2026\.csv$/)
      const [xlsxHeader] = await xlsxRows((await download(teamUrl(kind, 'xlsx'), company.admin.token)).bytes)
      expect(xlsxHeader!.slice(0, 2)).toEqual(['Employee name', 'Employee email'])
    }
    const [spanish] = csvRows((await download(teamUrl('lesson', 'csv'), company.admin.token, 'es-MX')).bytes)
    expect(spanish!.slice(0, 2)).toEqual(['Nombre del empleado', 'Correo del empleado'])
    const [japanese] = csvRows((await download(teamUrl('activity', 'csv'), company.admin.token, 'ja')).bytes)
    expect(japanese!.slice(0, 2)).toEqual(['社員名', '社員のメールアドレス'])
    // the school's class keeps its students
    expect(csvRows((await download(url('lesson', 'csv'))).bytes)[0]!.slice(0, 2)).toEqual(['Student name', 'Student email'])
  })
})

describe('bad requests', () => {
  it('refuses an end before the start, a range over 366 days, an unknown kind or format, a missing date: 400 with a message', async () => {
    const backwards = await server.api('GET', url('lesson', 'csv', 'from=2026-03-31&to=2026-03-01'), { token: school.admin.token })
    expect(backwards.status).toBe(400)
    expect(backwards.body.to).toEqual(["The end date can't be before the start date."])
    const long = await server.api('GET', url('lesson', 'csv', 'from=2025-01-01&to=2026-01-02'), { token: school.admin.token })
    expect(long.status).toBe(400)
    expect(long.body.to).toEqual(['Choose a range of at most 366 days.'])
    for (const path of [url('grades', 'csv'), url('lesson', 'pdf'), `/v1/reports/groups/${groupId}/export/?kind=lesson&from=2026-03-01`, url('lesson', 'csv', 'from=2026-02-30&to=2026-03-01')]) {
      const reply = await server.api('GET', path, { token: school.admin.token })
      expect(reply.status, path).toBe(400)
      expect(reply.text.length).toBeGreaterThan(10)
    }
  })
})

describe('who may export (001 §6: admin or teacher, on the class)', () => {
  it("lets the organization's admin and the class's teacher export; not another teacher (403), a student (403), another organization (404) or no session (401)", async () => {
    expect((await download(url('activity', 'csv'), school.admin.token)).status).toBe(200)
    expect((await download(url('activity', 'csv'), school.teacher.token)).status).toBe(200)
    expect((await download(url('activity', 'csv'), otherTeacherToken)).status).toBe(403)
    expect((await download(url('activity', 'csv'), school.student.token)).status).toBe(403)
    expect((await download(url('activity', 'csv'), other.admin.token)).status).toBe(404)
    expect((await server.api('GET', url('activity', 'csv'))).status).toBe(401)
    expect((await download(`/v1/reports/groups/999999/export/?kind=activity&${MARCH}`)).status).toBe(404)
  })
})
