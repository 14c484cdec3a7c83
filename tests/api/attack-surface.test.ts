import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { and, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, memberships, organizations, users } from '../../server/db/schema.js'
import { MAX_READ_BYTES, s3Storage } from '../../server/services/storage.js'
import { countRows, createOrganizationWithPeople, createUser, login, PUBLIC_URL, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * The classes and reports surface as an attacker sees it (issues 9 and 10): what reaches the store or
 * a header from a request, and whether a caller can reach another's data. Each case names what it
 * proves; the ones marked "was 500" failed before their fix, the others hold the line as it stands.
 *
 * The server's clock stands at 2026-03-31 20:00 UTC; school A is in Los Angeles (still 31 March).
 */

let server: TestServer
let a: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let b: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let otherTeacher: { id: number; token: string }
let classA: number
let classB: number
let otherTeachersClass: number

const MARCH = { start_date: '2026-03-01', end_date: '2026-04-30' }
/** A class name that would break a header or a path if it reached one as it is. */
const HOSTILE_NAME = '=cmd|"/c calc"!A1"; filename=evil.exe\r\nSet-Cookie: x=1 ../../Ñandú 日本'

const rows = async (table: string) => {
  await server.app.portal.background.settled()
  await reportsCaughtUp(server)
  const result = await server.db.execute(sql.raw(`select * from ${table} order by 1`))
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows)
}
/** Every table an attack on classes or practice could write to, row by row. */
const storeState = async () =>
  Object.fromEntries(
    await Promise.all(
      ['groups', 'group_members', 'assignments', 'invitations', 'invitation_groups', 'practice_events', 'daily_practice'].map(async (t) => [t, await rows(t)]),
    ),
  )

const newClass = async (token: string, organizationId: number, body: Record<string, unknown>) => {
  const reply = await server.api('POST', `/v1/groups/${organizationId}/`, { token, body: { ...MARCH, ...body } })
  expect(reply.status, reply.text).toBe(201)
  return reply.body.id as number
}

beforeAll(async () => {
  server = await startServer({ now: '2026-03-31T20:00:00Z', membersSince: '2025-01-01T00:00:00Z' })
  a = await createOrganizationWithPeople(server, { name: 'School A', prefix: 'atk-a' })
  b = await createOrganizationWithPeople(server, { name: 'School B', prefix: 'atk-b' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, a.organization.id))
  const teacher = await createUser(server, { email: 'other-teacher@example.com', firstName: 'Otto' })
  await addMembership(server.db, teacher.id, a.organization.id, 'teacher')
  otherTeacher = { id: teacher.id, token: await login(server, teacher.email) }
  classA = await newClass(a.admin.token, a.organization.id, { name: HOSTILE_NAME, owner: a.teacher.user.id })
  classB = await newClass(b.admin.token, b.organization.id, { name: 'B class', owner: b.teacher.user.id })
  otherTeachersClass = await newClass(a.admin.token, a.organization.id, { name: "Otto's class", owner: otherTeacher.id })
  await server.db.insert(groupMembers).values({ groupId: classA, userId: a.student.user.id })
})
afterAll(() => server.close())

describe('dates the store cannot hold (was 500)', () => {
  const year0 = 'from=0000-01-01&to=0000-12-31'

  it('refuses the year 0000 in every report and export with the first date taken, in the reader\'s language', async () => {
    const calls = [
      `/v1/reports/groups/${classA}/?scope=daily&${year0}`,
      `/v1/reports/group/${classA}/?scope=weekly&${year0}`,
      `/v1/reports/organizations/${a.organization.id}/?scope=monthly&${year0}`,
      `/v1/reports/user/${a.student.user.id}/?organization=${a.organization.id}&${year0}`,
      `/v1/reports/teacher/${a.teacher.user.id}/?organization=${a.organization.id}&${year0}`,
      `/v1/reports/groups/${classA}/export/?kind=activity&${year0}`,
      `/v1/reports/groups/${classA}/export/?kind=lesson&format=xlsx&${year0}`,
    ]
    for (const url of calls) {
      const reply = await server.api('GET', url, { token: a.admin.token })
      expect(reply.status, `${url}: ${reply.text}`).toBe(400)
      expect(reply.body.from).toEqual(['Choose a date on 1900-01-01 or after.'])
      expect(reply.body.to).toEqual(['Choose a date on 1900-01-01 or after.'])
    }
    const spanish = await server.api('GET', calls[0]!, { token: a.admin.token, language: 'es-MX' })
    expect(spanish.body.from).toEqual(['Elige una fecha a partir del 1900-01-01.'])
  })

  it('refuses it for a class\'s dates too, and changes nothing; a day that does not exist stays "not in the expected format"', async () => {
    const before = await storeState()
    const created = await server.api('POST', `/v1/groups/${a.organization.id}/`, {
      token: a.admin.token,
      body: { name: 'Ancient', start_date: '0000-01-01', end_date: '0000-02-01' },
    })
    expect(created.status, created.text).toBe(400)
    expect(created.body.start_date).toEqual(['Choose a date on 1900-01-01 or after.'])
    const edited = await server.api('PUT', `/v1/groups/${a.organization.id}/${classA}/`, {
      token: a.admin.token,
      body: { name: 'Ancient', start_date: '1899-12-31', end_date: '2026-02-30' },
    })
    expect(edited.status, edited.text).toBe(400)
    expect(edited.body).toEqual({ start_date: ['Choose a date on 1900-01-01 or after.'], end_date: ['This value is not in the expected format.'] })
    expect(await storeState()).toEqual(before)
  })

  it("refuses a class's name of invisible characters alone (zero-width spaces) as missing ('Please provide a team/class name'), on creation and on edit, and changes nothing", async () => {
    const before = await storeState()
    const created = await server.api('POST', `/v1/groups/${a.organization.id}/`, { token: a.admin.token, body: { ...MARCH, name: '\u200b\u2060' } })
    expect(created.status, created.text).toBe(400)
    expect(created.body.name).toEqual(['Please provide a team/class name'])
    const edited = await server.api('PUT', `/v1/groups/${a.organization.id}/${classA}/`, { token: a.admin.token, body: { ...MARCH, name: '\u200c' } })
    expect(edited.status, edited.text).toBe(400)
    expect(await storeState()).toEqual(before)
  })

  it('still takes 1900-01-01 (a range of 366 days from it is a report like any)', async () => {
    const reply = await server.api('GET', `/v1/reports/groups/${classA}/?scope=monthly&from=1900-01-01&to=1900-12-31`, { token: a.admin.token })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.labels[0]).toBe('1900-01-01')
  })
})

describe('practice events: scores a real column cannot hold (was 500)', () => {
  const lesson = (id: string, extra: Record<string, unknown>) => ({
    client_event_id: id,
    kind: 'lesson',
    occurred_at: '2026-03-31T10:00:00Z',
    module_name: 'Everyday English',
    lesson_name: 'Ordering coffee',
    difficulty_level: 'beginner',
    seconds: 60,
    native_score: 50,
    ...extra,
  })
  const assessment = (id: string, extra: Record<string, unknown>) => ({
    client_event_id: id,
    kind: 'assessment',
    occurred_at: '2026-03-31T10:00:00Z',
    eps: 50,
    overall_score: 50,
    pronunciation: 50,
    intonation: 50,
    fluency: 50,
    skills: [{ name: 'TH sound', score: 50 }],
    ...extra,
  })
  const send = (events: unknown[], language?: string) =>
    server.api('POST', '/v1/practice/events/', { token: a.student.token, body: { events }, ...(language ? { language } : {}) })

  it('refuses a score so close to 0 that single precision makes it 0, naming the event and field, storing nothing of the batch', async () => {
    const before = await storeState()
    const reply = await send([
      lesson('fine-1', {}),
      lesson('tiny-1', { native_score: 1e-320 }),
      assessment('tiny-2', { eps: 5e-324, fluency: 1e-46, skills: [{ name: 'TH sound', score: 1e-300 }] }),
    ])
    expect(reply.status, reply.text).toBe(400)
    const message = 'This score is too close to 0 to be stored: send 0 instead.'
    expect(reply.body).toEqual({
      'events[1].native_score': [message],
      'events[2].eps': [message],
      'events[2].fluency': [message],
      'events[2].skills': [message],
    })
    expect(await storeState()).toEqual(before)
    const thai = await send([lesson('tiny-3', { native_score: 1e-320 })], 'th')
    expect(thai.body['events[0].native_score']).toEqual(['คะแนนนี้ใกล้ 0 เกินกว่าจะบันทึกได้ ให้ส่ง 0 แทน'])
  })

  it('takes a name of invisible characters alone (zero-width spaces) as missing (was stored as a blank name), a skill\'s too', async () => {
    const before = await storeState()
    const reply = await send([lesson('blank-1', { module_name: '\u200b\u200b', lesson_name: '\u2060' }), assessment('blank-2', { skills: [{ name: '\u200c', score: 5 }] })])
    expect(reply.status, reply.text).toBe(400)
    expect(reply.body).toEqual({
      'events[0].module_name': ['This field is required.'],
      'events[0].lesson_name': ['This field is required.'],
      'events[1].skills[0].name': ['This field is required.'],
    })
    expect(await storeState()).toEqual(before)
  })

  it('takes 0 and the smallest scores single precision holds', async () => {
    const reply = await send([lesson('zero-1', { native_score: 0 }), assessment('small-1', { eps: 1.5e-45, skills: [{ name: 'TH sound', score: 1e-40 }] })])
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.results).toHaveLength(2)
  })

  it("keys an event by its learner: another learner's client event id is recorded apart, never answered as theirs", async () => {
    const mine = await send([lesson('shared-id', { occurred_at: '2026-03-30T10:00:00Z' })])
    const theirs = await server.api('POST', '/v1/practice/events/', {
      token: b.student.token,
      body: { events: [lesson('shared-id', { occurred_at: '2026-03-30T10:00:00Z' })] },
    })
    expect(theirs.status, theirs.text).toBe(200)
    expect(theirs.body.results[0].id).not.toBe(mine.body.results[0].id)
    const owners = await server.db.execute(sql`select user_id from practice_events where client_event_id = 'shared-id' order by user_id`)
    expect((owners as unknown as { rows: { user_id: number }[] }).rows.map((row) => row.user_id)).toEqual([a.student.user.id, b.student.user.id])
  })
})

describe('a flood of practice events from one learner (was stored without end)', () => {
  /** A server of its own whose learners may record 5 events an hour and 8 a day. */
  let limited: TestServer
  let learner: { id: number; token: string }
  let other: { id: number; token: string }
  let sequence = 0
  const lesson = (occurredAt = '2026-03-31T10:00:00Z') => ({
    client_event_id: `flood-${++sequence}`,
    kind: 'lesson',
    occurred_at: occurredAt,
    module_name: 'Everyday English',
    lesson_name: 'Ordering coffee',
    difficulty_level: 'beginner',
    seconds: 60,
    native_score: 50,
  })
  const send = (events: unknown[], token = learner.token, language?: string) =>
    limited.api('POST', '/v1/practice/events/', { token, body: { events }, ...(language ? { language } : {}) })
  const stored = async () => {
    await reportsCaughtUp(limited)
    const result = await limited.db.execute(sql`select
      (select count(*)::int from practice_events) as events,
      (select coalesce(sum(lessons), 0)::int from daily_practice) as lessons`)
    return (result as unknown as { rows: { events: number; lessons: number }[] }).rows[0]
  }

  beforeAll(async () => {
    limited = await startServer({ now: '2026-03-31T20:00:00Z', membersSince: '2025-01-01T00:00:00Z', env: { PRACTICE_EVENTS_PER_HOUR: '5', PRACTICE_EVENTS_PER_DAY: '8' } })
    const school = await createOrganizationWithPeople(limited, { name: 'Flood School', prefix: 'flood' })
    learner = { id: school.student.user.id, token: school.student.token }
    const second = await createUser(limited, { email: 'flood-other@example.com', firstName: 'Olga' })
    await addMembership(limited.db, second.id, school.organization.id, 'student')
    other = { id: second.id, token: await login(limited, second.email) }
  })
  afterAll(() => limited.close())

  it('refuses the events past the hour\'s and the day\'s limits with 429, Retry-After and a message an app developer can act on, storing nothing of the call', async () => {
    const first = [lesson(), lesson(), lesson()]
    const answered = await send(first)
    expect(answered.status, answered.text).toBe(200)
    // retries count nothing: the same batch again, twice, then the same event twice in one batch
    expect((await send(first)).body).toEqual(answered.body)
    expect((await send([first[0], first[0]])).status).toBe(200)
    expect((await send([lesson(), lesson()])).status).toBe(200)
    expect(await stored()).toEqual({ events: 5, lessons: 5 })

    const over = await send([lesson()])
    expect(over.status, over.text).toBe(429)
    expect(over.headers['retry-after']).toBe('3600')
    expect(over.body).toEqual({
      detail:
        'This learner has recorded the most practice events taken: 5 an hour and 8 a day. Nothing of this call was stored; send its events again in 3600 seconds (the Retry-After header).',
      code: 'rate_limited',
    })
    expect((await send([lesson()], learner.token, 'ja')).body.detail).toContain('1時間に 5 件')
    expect(await stored()).toEqual({ events: 5, lessons: 5 })
    // a retry of stored events is still answered as first recorded (the app lost the answer)
    expect((await send(first)).body).toEqual(answered.body)
    // another learner has counts of their own
    expect((await send([lesson()], other.token)).status).toBe(200)

    // an hour later the hour is new, the day is not: 3 more fit (8), a batch of 4 would pass the day and stores nothing
    limited.advance(3600)
    const dayOver = await send([lesson(), lesson(), lesson(), lesson()])
    expect(dayOver.status, dayOver.text).toBe(429)
    expect(dayOver.headers['retry-after']).toBe(String(86_400 - 3600))
    expect(await stored()).toEqual({ events: 6, lessons: 6 })
    expect((await send([lesson(), lesson(), lesson()])).status).toBe(200)
    expect((await send([lesson()])).status).toBe(429)
    limited.advance(86_400 - 3600)
    expect((await send([lesson()])).status).toBe(200)
    expect(await stored()).toEqual({ events: 10, lessons: 10 })
    limited.advance(-86_400)
  })

  it('counts calls sent at once one after the other: of 10 single events at once, the 5 an hour allows are stored', async () => {
    const fresh = await createUser(limited, { email: 'flood-burst@example.com', firstName: 'Bea' })
    const token = await login(limited, fresh.email)
    limited.advance(3 * 86_400)
    const replies = await Promise.all(Array.from({ length: 10 }, () => send([lesson('2026-04-03T10:00:00Z')], token)))
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429])
    const result = await limited.db.execute(sql`select count(*)::int as n from practice_events where user_id = ${fresh.id}`)
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5)
    limited.advance(-3 * 86_400)
  })

  it('keeps the counts in the store (every server process on it shares them), not in memory', async () => {
    const keys = await limited.db.execute(sql`select key from rate_limits where key like 'practice-events:%' order by key`)
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual(
      expect.arrayContaining([`practice-events:day:${learner.id}`, `practice-events:hour:${learner.id}`, `practice-events:day:${other.id}`]),
    )
  })

  it('refuses device times in the year 9999 or 1970 (400, naming the limit), which never reach a rollup', async () => {
    const before = await stored()
    const reply = await send([lesson('9999-12-31T00:00:00Z'), lesson('1970-01-01T00:00:00Z')])
    expect(reply.status, reply.text).toBe(400)
    expect(reply.body).toEqual({
      'events[0].occurred_at': ["This time is more than an hour ahead of the server's clock. Check the date and time of the device."],
      'events[1].occurred_at': ['This time is more than 366 days ago: events that old are not taken.'],
    })
    expect(await stored()).toEqual(before)
  })
})

describe('an export names its file from the class name without letting it into the header', () => {
  it('keeps quotes, CR/LF, slashes and ; out of filename, and the exact name (controls as _) in filename*', async () => {
    const reply = await server.api('GET', `/v1/reports/groups/${classA}/export/?kind=activity&from=2026-03-01&to=2026-03-31`, { token: a.admin.token })
    expect(reply.status).toBe(200)
    const header = String(reply.headers['content-disposition'])
    expect(reply.headers['set-cookie']).toBeUndefined()
    expect(header).not.toMatch(/[\r\n]/)
    const [, ascii, encoded] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9%!#$&+.^_`|~-]+)$/.exec(header) ?? []
    expect(ascii).toBe('=cmd___c calc_!A1_; filename=evil.exe__Set-Cookie_ x=1 .._.._Nandu __ Activity Report 01 Mar 2026 - 31 Mar 2026.csv')
    expect(decodeURIComponent(encoded!)).toBe('=cmd___c calc_!A1_; filename=evil.exe__Set-Cookie_ x=1 .._.._Ñandú 日本 Activity Report 01 Mar 2026 - 31 Mar 2026.csv')
  })
})

describe('an export makes formulas inert in names and e-mails', () => {
  it('escapes = + - @ (a leading tab or carriage return is trimmed off a name first), in CSV and XLSX alike', async () => {
    const hostile = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1+1', '\r=1+1']
    const ids: number[] = []
    for (const [index, name] of hostile.entries()) {
      const user = await createUser(server, { email: `${index === 3 ? '-' : '='}formula${index}@example.com`, firstName: name, lastName: '' })
      await addMembership(server.db, user.id, a.organization.id, 'student')
      await server.db.insert(groupMembers).values({ groupId: classA, userId: user.id })
      ids.push(user.id)
    }
    const csv = await server.api('GET', `/v1/reports/groups/${classA}/export/?kind=activity&from=2026-03-01&to=2026-03-31`, { token: a.admin.token })
    const cells = csv.text.split('\r\n').slice(1).flatMap((line) => line.split(',').slice(0, 2)).map((cell) => cell.replace(/^"|"$/g, ''))
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(cells).toContain("'=1+1")
    expect(cells.filter((cell) => cell === "'=1+1")).toHaveLength(3)
    expect(cells).toContain("'-formula3@example.com")

    const xlsx = await server.app.inject({
      method: 'GET',
      url: `/v1/reports/groups/${classA}/export/?kind=activity&format=xlsx&from=2026-03-01&to=2026-03-31`,
      headers: { authorization: `Bearer ${a.admin.token}` },
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const texts: string[] = []
    book.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) texts.push(String(row.getCell(1).value), String(row.getCell(2).value))
    })
    expect(texts.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(texts).toContain("'+SUM(A1)")
    await server.db.delete(groupMembers).where(sql`${groupMembers.userId} in ${ids}`)
    await server.db.delete(users).where(sql`${users.id} in ${ids}`)
  })
})

describe("a learner's own texts in the teacher's spreadsheet", () => {
  it('makes formulas inert in module, lesson, level and skill names the app sent, in the lesson and assessment exports', async () => {
    const reply = await server.api('POST', '/v1/practice/events/', {
      token: a.student.token,
      body: {
        events: [
          {
            client_event_id: 'formula-lesson',
            kind: 'lesson',
            occurred_at: '2026-03-20T10:00:00Z',
            module_name: '=HYPERLINK("https://evil.example.com","Open")',
            lesson_name: '+1+1',
            difficulty_level: '@SUM(A1)',
            seconds: 60,
            native_score: 50,
          },
          {
            client_event_id: 'formula-assessment',
            kind: 'assessment',
            occurred_at: '2026-03-20T11:00:00Z',
            eps: 50,
            overall_score: 50,
            pronunciation: 50,
            intonation: 50,
            fluency: 50,
            skills: [{ name: '-2+3', score: 40 }],
          },
        ],
      },
    })
    expect(reply.status, reply.text).toBe(200)
    // the exports read the events their rollups count: on PostgreSQL the roll-up worker's, a moment later
    await reportsCaughtUp(server)
    for (const kind of ['lesson', 'assessment']) {
      const csv = await server.api('GET', `/v1/reports/groups/${classA}/export/?kind=${kind}&from=2026-03-01&to=2026-03-31`, { token: a.teacher.token })
      expect(csv.status).toBe(200)
      const cells = csv.text
        .split('\r\n')
        .slice(1)
        .flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)/g) ?? [])
        .map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"'))
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell)), kind).toEqual([])
      expect(cells.some((cell) => cell.startsWith("'=HYPERLINK") || cell === "'-2+3"), kind).toBe(true)
    }
  })
})

describe("another organization's or another teacher's class (IDOR)", () => {
  it('answers 404 for ids of another organization on every class call, and changes nothing', async () => {
    const before = await storeState()
    const token = a.admin.token
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/groups/${a.organization.id}/${classB}/`],
      ['PUT', `/v1/groups/${a.organization.id}/${classB}/`, { name: 'Taken', ...MARCH }],
      ['DELETE', `/v1/groups/${a.organization.id}/${classB}/`],
      ['GET', `/v1/groups/${classB}/users`],
      ['GET', `/v1/groups/${classB}/all-users`],
      ['POST', `/v1/groups/${classB}/users`, { user_ids: [a.student.user.id] }],
      ['DELETE', `/v1/groups/${classB}/users/${b.student.user.id}`],
      ['POST', `/v1/groups/${classB}/teacher`, { email: a.teacher.user.email }],
      ['DELETE', `/v1/groups/${classB}/teacher`],
      ['GET', `/v1/assignments/${classB}/`],
      ['GET', `/v1/invitations/group/${classB}/`],
      ['GET', `/v1/reports/groups/${classB}/export/?kind=activity&from=2026-03-01&to=2026-03-31`],
      ['GET', `/v1/reports/user/${b.student.user.id}/?organization=${a.organization.id}&from=2026-03-01&to=2026-03-31`],
    ]
    for (const [method, url, body] of calls) {
      const reply = await server.api(method, url, { token, ...(body ? { body } : {}) })
      expect(reply.status, `${method} ${url}: ${reply.text}`).toBe(404)
    }
    expect(await storeState()).toEqual(before)
  })

  it("lists no class of another organization's student, and adds nobody from another organization", async () => {
    const groups = await server.api('GET', `/v1/groups/${a.organization.id}/${b.student.user.id}/groups`, { token: a.admin.token })
    expect(groups.body).toMatchObject({ count: 0, results: [] })
    const before = await storeState()
    const added = await server.api('POST', `/v1/groups/${classA}/users`, { token: a.admin.token, body: { user_ids: [b.student.user.id] } })
    expect(added.status).toBe(400)
    expect(added.body.user_ids).toEqual([`These are not students of this organization: ${b.student.user.id}.`])
    expect(await storeState()).toEqual(before)
  })

  it("lets a teacher neither read, edit, re-own, delete nor export another teacher's class (403), nor make a class a draft again", async () => {
    const before = await storeState()
    const token = a.teacher.token
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/groups/${a.organization.id}/${otherTeachersClass}/`],
      ['PUT', `/v1/groups/${a.organization.id}/${otherTeachersClass}/`, { name: 'Mine now', ...MARCH, owner: a.teacher.user.id }],
      ['DELETE', `/v1/groups/${a.organization.id}/${otherTeachersClass}/`],
      ['POST', `/v1/groups/${otherTeachersClass}/users`, { user_ids: [a.student.user.id] }],
      ['GET', `/v1/reports/groups/${otherTeachersClass}/export/?kind=activity&from=2026-03-01&to=2026-03-31`],
      ['GET', `/v1/reports/groups/${otherTeachersClass}/?from=2026-03-01&to=2026-03-31`],
      ['PUT', `/v1/groups/${a.organization.id}/${classA}/`, { name: 'Given away', ...MARCH, owner: otherTeacher.id }],
    ]
    for (const [method, url, body] of calls) {
      const reply = await server.api(method, url, { token, ...(body ? { body } : {}) })
      expect(reply.status, `${method} ${url}: ${reply.text}`).toBe(403)
    }
    const redraft = await server.api('PUT', `/v1/groups/${a.organization.id}/${classA}/`, { token, body: { name: HOSTILE_NAME, ...MARCH, is_draft: true } })
    expect(redraft.status, redraft.text).toBe(200)
    expect(redraft.body.is_draft).toBe(false)
    expect(await storeState()).toEqual(before)
  })

  it("does not answer another's class to a teacher who sends its creation key (was 201 with the draft's e-mails), nor another organization's", async () => {
    const key = 'guessable-key-1'
    const body = { name: 'Admin draft', ...MARCH, is_draft: true, students: ['private@example.com'], key }
    const first = await server.api('POST', `/v1/groups/${a.organization.id}/`, { token: a.admin.token, body })
    expect(first.status, first.text).toBe(201)
    const before = await storeState()
    const teacher = await server.api('POST', `/v1/groups/${a.organization.id}/`, { token: a.teacher.token, body: { name: 'Mine', ...MARCH, key } })
    expect(teacher.status, teacher.text).toBe(403)
    expect(teacher.text).not.toContain('private@example.com')
    // the key is the organization's: another organization's admin makes a class of its own with it
    const other = await server.api('POST', `/v1/groups/${b.organization.id}/`, { token: b.admin.token, body: { name: 'B draft', ...MARCH, key } })
    expect(other.status, other.text).toBe(201)
    expect(other.body.id).not.toBe(first.body.id)
    expect(other.text).not.toContain('private@example.com')
    // the owner's retry still answers its class
    const again = await server.api('POST', `/v1/groups/${a.organization.id}/`, { token: a.admin.token, body })
    expect(again.body.id).toBe(first.body.id)
    await server.api('DELETE', `/v1/groups/${b.organization.id}/${other.body.id}/`, { token: b.admin.token })
    expect(await storeState()).toEqual(before)
    await server.api('DELETE', `/v1/groups/${a.organization.id}/${first.body.id}/`, { token: a.admin.token })
  })

  it("lets a student read neither another learner's report, nor a class's report or export (403)", async () => {
    const classmate = await createUser(server, { email: 'classmate@example.com' })
    await addMembership(server.db, classmate.id, a.organization.id, 'student')
    const token = a.student.token
    for (const url of [
      `/v1/reports/user/${classmate.id}/?organization=${a.organization.id}&from=2026-03-01&to=2026-03-31`,
      `/v1/reports/user/${a.teacher.user.id}/?organization=${a.organization.id}&from=2026-03-01&to=2026-03-31`,
      `/v1/reports/groups/${classA}/?from=2026-03-01&to=2026-03-31`,
      `/v1/reports/groups/${classA}/export/?kind=lesson&from=2026-03-01&to=2026-03-31`,
      `/v1/groups/${classA}/users`,
    ]) {
      const reply = await server.api('GET', url, { token })
      expect(reply.status, `${url}: ${reply.text}`).toBe(403)
    }
    const own = await server.api('GET', `/v1/reports/user/${a.student.user.id}/?organization=${a.organization.id}&from=2026-03-01&to=2026-03-31`, { token })
    expect(own.status).toBe(200)
  })

  it('refuses fields the contract does not list (mass assignment), and a member of another organization as owner', async () => {
    const before = await storeState()
    const extra = await server.api('PUT', `/v1/groups/${a.organization.id}/${classA}/`, {
      token: a.admin.token,
      body: { name: 'x', ...MARCH, organization_id: b.organization.id, id: classB, users_count: 9 },
    })
    expect(extra.status).toBe(400)
    expect(extra.body).toEqual({ organization_id: ['This field is not accepted.'], id: ['This field is not accepted.'], users_count: ['This field is not accepted.'] })
    const owner = await server.api('PUT', `/v1/groups/${a.organization.id}/${classA}/`, { token: a.admin.token, body: { name: 'x', ...MARCH, owner: b.teacher.user.id } })
    expect(owner.status).toBe(400)
    expect(owner.body.owner).toEqual(['Choose a teacher of this organization.'])
    expect(await storeState()).toEqual(before)
  })

  it('invites a teacher of another organization to this one instead of making them the owner', async () => {
    const group = await newClass(a.admin.token, a.organization.id, { name: 'Needs a teacher', is_draft: true })
    const reply = await server.api('POST', `/v1/groups/${group}/teacher`, { token: a.admin.token, body: { email: b.teacher.user.email } })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ owner: null, pending_teacher: b.teacher.user.email })
    // the other organization's teacher reads nothing of this class until accepted
    const read = await server.api('GET', `/v1/groups/${a.organization.id}/${group}/`, { token: b.teacher.token })
    expect(read.status).toBe(404)
    await server.api('DELETE', `/v1/groups/${a.organization.id}/${group}/`, { token: a.admin.token })
  })
})

describe("issue 10's reports, exports and dashboards as an attacker sees them", () => {
  const RANGE = 'from=2026-03-01&to=2026-03-31'
  /** Every read of issue 10 about an organization, its class, one of its learners and one of its teachers. */
  const readsOf = (organizationId: number, classId: number, learnerId: number, teacherId: number) => [
    `/v1/reports/groups/${classId}/?scope=daily&${RANGE}`,
    `/v1/reports/group/${classId}/?scope=weekly&${RANGE}`,
    `/v1/reports/user/${learnerId}/?organization=${organizationId}&${RANGE}`,
    `/v1/reports/organizations/${organizationId}/?scope=monthly&${RANGE}`,
    `/v1/reports/teacher/${teacherId}/?organization=${organizationId}&${RANGE}`,
    `/v1/reports/groups/${classId}/export/?kind=activity&${RANGE}`,
    `/v1/reports/groups/${classId}/export/?kind=assessment&format=xlsx&${RANGE}`,
    `/v1/organizations/${organizationId}/dashboard/`,
  ]
  const statuses = async (urls: string[], token: string) =>
    Promise.all(urls.map(async (url) => [url, (await server.api('GET', url, { token })).status] as const))

  it('answers 404 to a member whose membership is disabled, on every call, and serves them again once enabled', async () => {
    const c = await createOrganizationWithPeople(server, { name: 'School C', prefix: 'atk-c' })
    const classC = await newClass(c.admin.token, c.organization.id, { name: 'C class', owner: c.teacher.user.id })
    await server.db.insert(groupMembers).values({ groupId: classC, userId: c.student.user.id })
    const reads = readsOf(c.organization.id, classC, c.student.user.id, c.teacher.user.id)
    const membership = (userId: number) => and(eq(memberships.userId, userId), eq(memberships.organizationId, c.organization.id))
    for (const person of [c.admin, c.teacher, c.student]) {
      await server.db.update(memberships).set({ disabledAt: new Date() }).where(membership(person.user.id))
      for (const [url, status] of await statuses(reads, person.token)) expect(status, url).toBe(404)
      await server.db.update(memberships).set({ disabledAt: null }).where(membership(person.user.id))
    }
    expect(Object.fromEntries(await statuses(reads, c.admin.token))).toEqual(Object.fromEntries(reads.map((url) => [url, 200])))
    const own = await statuses([reads[2]!, reads[7]!], c.student.token)
    expect(own.map(([, status]) => status)).toEqual([200, 200])
  })

  it("answers 404 to every member of a deleted organization, and 403 to a teacher for a learner who left the teacher's class", async () => {
    const d = await createOrganizationWithPeople(server, { name: 'School D', prefix: 'atk-d' })
    const classD = await newClass(d.admin.token, d.organization.id, { name: 'D class', owner: d.teacher.user.id })
    await server.db.insert(groupMembers).values({ groupId: classD, userId: d.student.user.id })
    const learner = `/v1/reports/user/${d.student.user.id}/?organization=${d.organization.id}&${RANGE}`
    expect((await server.api('GET', learner, { token: d.teacher.token })).status).toBe(200)
    await server.db.delete(groupMembers).where(and(eq(groupMembers.groupId, classD), eq(groupMembers.userId, d.student.user.id)))
    expect((await server.api('GET', learner, { token: d.teacher.token })).status).toBe(403)
    await server.db.update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, d.organization.id))
    for (const person of [d.admin, d.teacher, d.student]) {
      for (const [url, status] of await statuses(readsOf(d.organization.id, classD, d.student.user.id, d.teacher.user.id), person.token)) expect(status, url).toBe(404)
    }
  })

  it('refuses a daily range of 100 years, an inverted one and one past tomorrow on every report and export, quickly and with the rule to follow', async () => {
    const base = [
      `/v1/reports/groups/${classA}/?scope=daily`,
      `/v1/reports/group/${classA}/?scope=daily`,
      `/v1/reports/user/${a.student.user.id}/?organization=${a.organization.id}&scope=daily`,
      `/v1/reports/organizations/${a.organization.id}/?scope=daily`,
      `/v1/reports/teacher/${a.teacher.user.id}/?organization=${a.organization.id}&scope=daily`,
    ]
    const started = Date.now()
    for (const url of base) {
      const century = await server.api('GET', `${url}&from=1926-01-01&to=2026-03-31`, { token: a.admin.token })
      expect(century.status, url).toBe(400)
      expect(century.body).toEqual({ to: ['Choose a range of at most 366 days; this one has 36615.'] })
      const inverted = await server.api('GET', `${url}&from=2026-03-31&to=2026-03-01`, { token: a.admin.token })
      expect(inverted.body).toEqual({ from: ['Choose a start date on or before the end date.'] })
      const future = await server.api('GET', `${url}&from=2026-03-01&to=2099-01-01`, { token: a.admin.token })
      expect(future.body).toEqual({ to: ['Choose an end date on 2026-04-01 or before: reports end tomorrow at the latest.'] })
      const scope = await server.api('GET', `${url.replace('scope=daily', 'scope=hourly')}&${RANGE}`, { token: a.admin.token })
      expect(scope.body).toEqual({ scope: ['This value is not one of the allowed choices.'] })
    }
    for (const format of ['csv', 'xlsx']) {
      const century = await server.api('GET', `/v1/reports/groups/${classA}/export/?kind=lesson&format=${format}&from=1926-01-01&to=2026-03-31`, { token: a.admin.token })
      expect(century.body).toEqual({ to: ['Choose a range of at most 366 days.'] })
    }
    expect(Date.now() - started).toBeLessThan(10_000)
    // the longest range taken is a year of days: a bounded answer
    const year = await server.api('GET', `/v1/reports/organizations/${a.organization.id}/?scope=daily&from=2025-03-31&to=2026-03-31`, { token: a.admin.token })
    expect(year.status).toBe(200)
    expect(year.body.labels).toHaveLength(366)
  })

  it("refuses paging past its limits (page 0, a page of 11 digits, 10^8 rows a page) rather than reading them, saying which way to go (was 'not one of the allowed choices')", async () => {
    const report = `/v1/reports/user/${a.student.user.id}/?organization=${a.organization.id}&${RANGE}`
    const cases = [
      ['page=0', { page: ['Choose 1 or more.'] }],
      ['page=99999999999', { page: ['Choose 1000000 or less.'] }],
      ['page=1000001', { page: ['Choose 1000000 or less.'] }],
      ['page_size=100000000', { page_size: ['Choose 100 or less.'] }],
      ['page_size=0', { page_size: ['Choose 1 or more.'] }],
    ] as const
    for (const [query, body] of cases) {
      const reply = await server.api('GET', `${report}&${query}`, { token: a.admin.token })
      expect(reply.status, query).toBe(400)
      expect(reply.body, query).toEqual(body)
    }
    const organizations = await server.api('GET', '/v1/organizations/?page=0', { token: a.admin.token, language: 'ja' })
    expect(organizations.body).toEqual({ page: ['1 以上を指定してください。'] })
    const last = await server.api('GET', `${report}&page=1000000&page_size=100`, { token: a.admin.token })
    expect(last.status, last.text).toBe(200)
  })

  it('serves 50 exports started at once by one admin whole and alike, the hostile class name kept out of the header', async () => {
    const url = `/v1/reports/groups/${classA}/export/?kind=lesson&format=xlsx&from=2025-03-31&to=2026-03-31`
    const replies = await Promise.all(Array.from({ length: 50 }, () => server.api('GET', url, { token: a.admin.token })))
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([200]))
    // the same bytes but for the zip's timestamps: no export's rows went into another's file
    expect(new Set(replies.map((reply) => reply.text.length)).size).toBe(1)
    const disposition = String(replies[0]!.headers['content-disposition'])
    expect(disposition).not.toMatch(/[\r\n]|evil\.exe"/)
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/)
  })
})

describe('the kept readings never serve one caller what was read for another', () => {
  it("a teacher after the admin read the same list (even filtered to the teacher), a student, another organization's admin", async () => {
    const list = (token: string, query = '') => server.api('GET', `/v1/groups/${a.organization.id}/${query}`, { token })
    const all = await list(a.admin.token)
    expect(all.body.count).toBe(2)
    // the admin's reading of the teacher's classes and the teacher's own are the same answer, rightly
    const adminAsTeacher = await list(a.admin.token, `?owner=${otherTeacher.id}`)
    expect(adminAsTeacher.body.results.map((group: { id: number }) => group.id)).toEqual([otherTeachersClass])
    for (const query of ['', '?page=1', `?owner=${otherTeacher.id}`]) {
      const teacher = await list(a.teacher.token, query)
      expect(teacher.status).toBe(200)
      expect(teacher.body.results.map((group: { id: number }) => group.id), query).toEqual(query.includes('owner') ? [] : [classA])
    }
    expect((await list(a.student.token)).status).toBe(403)
    expect((await list(b.admin.token)).status).toBe(404)
    const members = await server.api('GET', `/v1/organizations/${a.organization.id}/users`, { token: a.admin.token })
    expect(members.status).toBe(200)
    expect((await server.api('GET', `/v1/organizations/${a.organization.id}/users`, { token: a.teacher.token })).status).toBe(403)
    expect((await server.api('GET', `/v1/organizations/${a.organization.id}/users`, { token: b.admin.token })).status).toBe(404)
  })
})

describe('presigned uploads', () => {
  const CSV = 'email\nx@example.com\n'
  const startBatch = async (fileSize = CSV.length) => {
    const reply = await server.api('POST', '/v1/invitations/batch/', {
      token: a.admin.token,
      body: { organization: a.organization.id, file_name: 'people.csv', content_type: 'text/csv', file_size: fileSize },
    })
    expect(reply.status, reply.text).toBe(201)
    return reply.body as { id: number; presigned_url: string; content_type: string }
  }
  const put = (url: URL, payload: string | Buffer, contentType = 'text/csv') =>
    server.api('PUT', `${url.pathname}${url.search}`, { raw: { payload, contentType } })

  it('refuses a key changed to climb out of the files directory or into another organization, another content type, a changed or passed size', async () => {
    const batch = await startBatch()
    const url = new URL(batch.presigned_url, PUBLIC_URL)
    const climbing = new URL(url)
    climbing.searchParams.set('key', `../../${url.searchParams.get('key')}`)
    expect((await put(climbing, CSV)).status).toBe(403)
    const renamed = new URL(url)
    renamed.searchParams.set('key', `invitation-batches/${b.organization.id}/stolen.csv`)
    expect((await put(renamed, CSV)).status).toBe(403)
    expect([403, 415]).toContain((await put(url, CSV, 'text/html')).status)
    const bigger = new URL(url)
    bigger.searchParams.set('size', '5242879')
    expect((await put(bigger, CSV)).status).toBe(403)
    expect((await put(url, Buffer.alloc(5 * 1024 * 1024 + 1, 'a'))).status).toBe(413)
    expect((await put(url, CSV)).status).toBe(204)
  })

  it('takes the declared size exactly, not any size up to 5 MB (was: a declared 20-byte file could be 5 MB)', async () => {
    const batch = await startBatch()
    const url = new URL(batch.presigned_url, PUBLIC_URL)
    expect(url.searchParams.get('size')).toBe(String(CSV.length))
    for (const body of [`${CSV}y@example.com\n`, Buffer.alloc(4 * 1024 * 1024, 'a'), CSV.slice(0, -1)]) {
      const reply = await put(url, body)
      expect(reply.status, reply.text).toBe(400)
      expect(reply.body).toEqual({ detail: 'This file is not the size announced when its upload started (20 bytes). Choose the file again.', code: 'wrong_size' })
    }
    expect((await server.api('GET', `/v1/invitations/batch/${batch.id}/`, { token: a.admin.token })).status).toBe(409)
    expect((await put(url, CSV)).status).toBe(204)
  })

  it("does not let another organization's admin preview or send a batch by its id", async () => {
    const batch = await startBatch()
    const before = await countRows(server, 'invitations')
    expect((await server.api('GET', `/v1/invitations/batch/${batch.id}/`, { token: b.admin.token })).status).toBe(404)
    expect((await server.api('POST', `/v1/invitations/batch/${batch.id}/send/`, { token: b.admin.token, body: {} })).status).toBe(404)
    expect(await countRows(server, 'invitations')).toBe(before)
  })
})

describe("another organization's class import", () => {
  it('cannot be previewed or confirmed by its id from another organization, through either organization', async () => {
    const started = await server.api('POST', `/v1/groups/${a.organization.id}/import/upload/`, {
      token: a.admin.token,
      body: { file_size: 9000, content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', file_name: 'classes.xlsx' },
    })
    expect(started.status, started.text).toBe(201)
    const id = started.body.callback_id as number
    const before = await storeState()
    for (const organizationId of [a.organization.id, b.organization.id]) {
      const preview = await server.api('POST', `/v1/groups/${organizationId}/preview/`, { token: b.admin.token, body: { file_key: id } })
      expect(preview.status, preview.text).toBe(404)
      const confirm = await server.api('POST', `/v1/groups/${organizationId}/import/`, { token: b.admin.token, body: { callback_id: id } })
      expect(confirm.status, confirm.text).toBe(404)
    }
    expect(await storeState()).toEqual(before)
  })
})

describe('a presigned S3 upload bigger than it was signed for', () => {
  it('is read no further than MAX_READ_BYTES + 1 bytes, enough for the reader to refuse it (was read whole into memory)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-s3-attack-'))
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir })
    try {
      const { port } = await s3.run()
      const endpoint = `http://127.0.0.1:${port}`
      const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
      await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }).send(new CreateBucketCommand({ Bucket: 'attack' }))
      const storage = s3Storage({ bucket: 'attack', endpoint, region: 'us-east-1', forcePathStyle: true, ...credentials })
      const key = 'invitation-batches/1/big.csv'
      // s3rver does not check V4 signatures: it takes the body a real bucket refuses (see the next case)
      const url = await storage.presignUpload({ key, contentType: 'text/csv', size: 100, expiresAt: new Date(Date.now() + 60_000) })
      const big = new Uint8Array(MAX_READ_BYTES + 64 * 1024)
      const put = await fetch(url, { method: 'PUT', body: big, headers: { 'content-type': 'text/csv' } })
      expect(put.status).toBe(200)
      const read = await storage.get(key)
      expect(read?.body.length).toBe(MAX_READ_BYTES + 1)
      await storage.put('small/one.csv', Buffer.from('email\n'), 'text/csv')
      expect((await storage.get('small/one.csv'))?.body.toString()).toBe('email\n')
    } finally {
      await s3.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a presigned S3 upload', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' }
  const config = { bucket: 'uploads', endpoint: 'http://s3.test', region: 'us-east-1', forcePathStyle: true, ...credentials }
  /** The signature S3 computes for a PUT of this size and type at the URL's own instant (SigV4, as the bucket checks it). */
  const signatureFor = async (url: URL, size: number, contentType: string) => {
    const client = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED' })
    const date = url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')
    const again = await getSignedUrl(client, new PutObjectCommand({ Bucket: config.bucket, Key: url.pathname.split('/').slice(2).join('/'), ContentType: contentType, ContentLength: size }), {
      expiresIn: Number(url.searchParams.get('X-Amz-Expires')),
      signingDate: new Date(date),
      signableHeaders: new Set(['content-length', 'content-type']),
    })
    return new URL(again).searchParams.get('X-Amz-Signature')
  }

  it('is signed for the declared size and content type exactly (was: for any size and type), with no checksum of an empty body', async () => {
    const storage = s3Storage(config)
    const url = new URL(await storage.presignUpload({ key: 'invitation-batches/1/list.csv', contentType: 'text/csv', size: 2048, expiresAt: new Date(Date.now() + 60_000) }))
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host')
    expect([...url.searchParams.keys()].filter((name) => name.toLowerCase().startsWith('x-amz-checksum'))).toEqual([])
    const signature = url.searchParams.get('X-Amz-Signature')
    expect(await signatureFor(url, 2048, 'text/csv')).toBe(signature)
    // what S3 computes for a body of another size or type does not match: the bucket answers 403
    expect(await signatureFor(url, 2049, 'text/csv')).not.toBe(signature)
    expect(await signatureFor(url, 5 * 1024 * 1024, 'text/csv')).not.toBe(signature)
    expect(await signatureFor(url, 2048, 'text/html')).not.toBe(signature)
  })
})
