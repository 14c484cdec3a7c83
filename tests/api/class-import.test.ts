import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignments, classImports, groups } from '../../server/db/schema.js'
import { runMaintenance } from '../../server/maintenance.js'
import { readSpreadsheet } from '../../server/services/spreadsheets.js'
import { countRows, createOrganizationWithPeople, PUBLIC_URL, startServer, type TestServer } from './harness.js'

/**
 * Class import (specification 001 §2 Class import, §4 Upload and Class import, §5, §7; issue 9): the
 * upload address (xlsx only), the file PUT to it, the staged preview per class with its errors by row
 * and column ('duplicate group name' among them), and a confirmation that creates every class with its
 * goals in one transaction, or none, and creates nothing twice.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const HEADER = ['Class name', 'Start date', 'End date', 'Days of practice per week', 'Minutes per day', 'Take assessment', 'Engagement days', 'Teacher e-mail']

/** An xlsx of these rows, written as a spreadsheet program writes one. */
const xlsxOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Classes')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'class-import' })
  other = await createOrganizationWithPeople(server, { prefix: 'class-import-other' })
})
afterAll(() => server.close())

const base = () => `/v1/groups/${school.organization.id}`
const start = (fields: Record<string, unknown> = {}, token = school.admin.token) =>
  server.api('POST', `${base()}/import/upload/`, { token, body: { file_size: 9000, content_type: XLSX, file_name: 'classes.xlsx', ...fields } })

/** An import with this file uploaded; answers its callback_id. */
const upload = async (payload: Buffer, fileName = 'classes.xlsx') => {
  const created = await start({ file_size: payload.length, file_name: fileName })
  expect(created.status, created.text).toBe(201)
  expect(created.body.content_type).toBe(XLSX)
  const address = new URL(created.body.presigned_url, PUBLIC_URL)
  const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: XLSX } })
  expect(put.status, put.text).toBe(204)
  return created.body.callback_id as number
}
const preview = (id: number, token = school.admin.token, language?: string) =>
  server.api('POST', `${base()}/preview/`, { token, body: { file_key: id }, ...(language ? { language } : {}) })
const confirm = (id: number, token = school.admin.token) => server.api('POST', `${base()}/import/`, { token, body: { callback_id: id } })
const classCount = () => countRows(server, 'groups')

describe('the upload address', () => {
  it.each([
    ['a .csv', { file_name: 'classes.csv', content_type: 'text/csv' }],
    ['an .xls', { file_name: 'classes.xls', content_type: 'application/vnd.ms-excel' }],
    ['an .xlsx announced as a PDF', { file_name: 'classes.xlsx', content_type: 'application/pdf' }],
  ])('refuses %s: File type is not allowed (415), and stores nothing', async (_, fields) => {
    const before = await countRows(server, 'class_imports')
    const reply = await start(fields)
    expect(reply.status).toBe(415)
    expect(reply.body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    expect(await countRows(server, 'class_imports')).toBe(before)
  })

  it('refuses a file over 5 MB (413)', async () => {
    const reply = await start({ file_size: 5 * 1024 * 1024 + 1 })
    expect(reply.status).toBe(413)
    expect(reply.body.code).toBe('too_large')
  })

  it('is for the organization admins: a teacher gets 403, another organization 404', async () => {
    expect((await start({}, school.teacher.token)).status).toBe(403)
    expect((await start({}, other.admin.token)).status).toBe(404)
  })
})

describe('the preview', () => {
  it('is 409 until the file is uploaded, and 404 for an import of another organization', async () => {
    const created = await start()
    expect((await preview(created.body.callback_id)).status).toBe(409)
    const reply = await server.api('POST', `/v1/groups/${other.organization.id}/preview/`, { token: other.admin.token, body: { file_key: created.body.callback_id } })
    expect(reply.status).toBe(404)
  })

  it('refuses a file that is no xlsx although named so (415), and one without the required columns (400)', async () => {
    const csv = await upload(Buffer.from('Class name,Start date,End date\nA,2026-01-01,2026-02-01\n'))
    expect((await preview(csv)).body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    const noDates = await upload(await xlsxOf([['Class name'], ['Grade 1']]))
    const reply = await preview(noDates)
    expect(reply.status).toBe(400)
    expect(reply.body.code).toBe('missing_columns')
    expect(reply.body.detail).toContain('Start date')
  })

  it('shows each class with its goals and its errors by row and column, and creates nothing', async () => {
    await server.db.insert(groups).values({ organizationId: school.organization.id, name: 'Existing Class', startDate: '2026-01-01', endDate: '2026-06-30' })
    const before = await classCount()
    const id = await upload(
      await xlsxOf([
        HEADER,
        ['Grade 7 B', '2026-01-05', '02/04/2026', 5, 10, 'yes', 3],
        ['Grade 8 A', '2026-01-05', '2026-03-01', '', '', '', ''],
        ['  grade 7 b ', '2026-01-05', '2026-03-01'],
        ['', 'tomorrow', '2026-02-30', 9, 0, 'maybe', 400],
        ['Late', '2026-03-01', '2026-01-01', 3, 20, 'no', 'x'],
        ['existing class', '2026-01-05', '2026-03-01'],
      ]),
    )
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ callback_id: id, file_name: 'classes.xlsx', committed_at: null, total: 6, with_errors: 4 })
    const [grade7, grade8, again, blank, late, existing] = reply.body.classes
    expect(grade7).toMatchObject({
      row: 2,
      name: 'Grade 7 B',
      start_date: '2026-01-05',
      end_date: '2026-02-04',
      goals: { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 },
      errors: [],
      group: null,
    })
    expect(grade8).toMatchObject({ row: 3, goals: null, errors: [] })
    expect(again.errors).toEqual([{ column: 'name', message: 'duplicate group name' }])
    expect(blank.errors).toEqual([
      { column: 'name', message: 'Please provide a team/class name' },
      { column: 'start_date', message: 'Enter a date as YYYY-MM-DD or MM/DD/YYYY.' },
      { column: 'end_date', message: 'Enter a date as YYYY-MM-DD or MM/DD/YYYY.' },
      { column: 'practice_days_per_week', message: 'Enter a number of days from 1 to 7.' },
      { column: 'practice_minutes_per_day', message: 'Enter a number of minutes from 1 to 1000.' },
      { column: 'take_assessment', message: 'Write yes or no.' },
      { column: 'engagement_days', message: 'Enter a number of days from 1 to 365.' },
    ])
    // no assessment: the engagement days are not read
    expect(late).toMatchObject({ row: 6, goals: { practice_days_per_week: 3, practice_minutes_per_day: 20, test_before_class_stats: null }, errors: [{ column: 'end_date', message: "The end date can't be before the start date." }] })
    expect(existing.errors).toEqual([{ column: 'name', message: 'duplicate group name: the organization already has a class with this name.' }])
    expect(await classCount()).toBe(before)

    // the errors in the requester's language
    const ja = await preview(id, school.admin.token, 'ja')
    expect(ja.body.classes[2].errors).toEqual([{ column: 'name', message: 'クラス名が重複しています' }])
  })

  it("takes a class's name of invisible characters alone (zero-width spaces) as missing, as the create form does, and cannot be confirmed", async () => {
    const before = await classCount()
    const id = await upload(await xlsxOf([HEADER, ['\u200b\u2060', '2026-01-05', '2026-03-01']]))
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.classes[0]).toMatchObject({ row: 2, name: '', errors: [{ column: 'name', message: 'Please provide a team/class name' }] })
    expect((await confirm(id)).status).toBe(409)
    expect(await classCount()).toBe(before)
  })

  it('reads dates as a spreadsheet program stores them (serial numbers) and headers in any language', async () => {
    const id = await upload(await xlsxOf([['クラス名', '開始日', '終了日', '評価テストを受ける'], ['Serial dates', 46027, 46057, 'いいえ']]))
    const reply = await preview(id)
    expect(reply.body.classes[0]).toMatchObject({
      start_date: '2026-01-05',
      end_date: '2026-02-04',
      goals: { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: null },
      errors: [],
    })
  })
})

describe('the confirmation', () => {
  it('refuses a file with errors (409 with the preview) and creates nothing', async () => {
    const before = await classCount()
    const id = await upload(await xlsxOf([HEADER, ['Twice', '2026-01-05', '2026-02-04'], ['Twice', '2026-01-05', '2026-02-04']]))
    const reply = await confirm(id)
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({
      detail: 'Some classes have errors: fix the file and upload it again. Nothing was imported.',
      code: 'import_has_errors',
      import: { with_errors: 1, committed_at: null },
    })
    expect(await classCount()).toBe(before)
  })

  it('creates every class with its goals in one go, once: a second confirmation creates nothing again', async () => {
    const before = await classCount()
    const id = await upload(
      await xlsxOf([HEADER, ['Import A', '2026-01-05', '2026-02-04', 4, 15, 'yes', 5], ['Import B', '2026-02-01', '2026-03-01'], ['Import C', '2026-02-01', '2026-03-01', 2, 30, 'no']]),
    )
    const first = await confirm(id)
    expect(first.status, first.text).toBe(200)
    expect(first.body.committed_at).not.toBeNull()
    expect(first.body.with_errors).toBe(0)
    const ids = first.body.classes.map((entry: { group: number }) => entry.group)
    expect(ids.every((group: unknown) => typeof group === 'number')).toBe(true)
    expect(await classCount()).toBe(before + 3)

    const made = await server.db.select().from(groups).where(sql`${groups.id} in ${ids}`).orderBy(groups.id)
    expect(made.map((group) => [group.name, group.startDate, group.endDate, group.isDraft, group.ownerId])).toEqual([
      ['Import A', '2026-01-05', '2026-02-04', false, null],
      ['Import B', '2026-02-01', '2026-03-01', false, null],
      ['Import C', '2026-02-01', '2026-03-01', false, null],
    ])
    const goals = await server.db.select().from(assignments).where(sql`${assignments.groupId} in ${ids}`).orderBy(assignments.groupId)
    expect(goals.map((goal) => [goal.groupId, goal.practiceDaysPerWeek, goal.practiceMinutesPerDay, goal.testBeforeClassStats])).toEqual([
      [ids[0], 4, 15, 5],
      [ids[2], 2, 30, null],
    ])

    const second = await confirm(id)
    expect(second.status).toBe(200)
    expect(second.body.classes.map((entry: { group: number }) => entry.group)).toEqual(ids)
    expect(await classCount()).toBe(before + 3)

    // the classes are in the organization's list
    const list = await server.api('GET', `${base()}/?search=Import`, { token: school.admin.token })
    expect(list.body.results.map((group: { name: string }) => group.name).sort()).toEqual(['Import A', 'Import B', 'Import C'])
    // and the names are now taken for the next import
    const next = await upload(await xlsxOf([HEADER, ['Import A', '2026-01-05', '2026-02-04']]))
    expect((await preview(next)).body.classes[0].errors[0].message).toMatch(/^duplicate group name/)
  })

  it('is all or nothing: a failure after some classes were written leaves none of them', async () => {
    const id = await upload(await xlsxOf([HEADER, ['Whole 1', '2026-01-05', '2026-02-04', 5, 10], ['Whole 2', '2026-01-05', '2026-02-04', 5, 999]]))
    // the store refuses the second class's goals: the classes are inserted by then
    await server.db.execute(sql`create function refuse_999() returns trigger language plpgsql as $$
      begin if new.practice_minutes_per_day = 999 then raise exception 'refused'; end if; return new; end $$`)
    await server.db.execute(sql`create trigger refuse_999 before insert on assignments for each row execute function refuse_999()`)
    const before = await classCount()
    try {
      // the harness turns any 5xx into an error: here the store's failure is the point
      await expect(confirm(id)).rejects.toThrow(/answered 500/)
      expect(await classCount()).toBe(before)
      const [stored] = await server.db.select().from(classImports).where(eq(classImports.id, id))
      expect(stored!.committedAt).toBeNull()
    } finally {
      await server.db.execute(sql`drop trigger refuse_999 on assignments`)
      await server.db.execute(sql`drop function refuse_999()`)
    }
    const again = await confirm(id)
    expect(again.status, again.text).toBe(200)
    expect(await classCount()).toBe(before + 2)
  })

  it('gives each class the teacher of its row: a teacher of the organization owns it, another address gets a pending teacher invitation', async () => {
    const invalid = await upload(await xlsxOf([HEADER, ['Teacher bad', '2026-01-05', '2026-02-04', '', '', '', '', 'not an address'], ['Teacher self', '2026-01-05', '2026-02-04', '', '', '', '', school.admin.user.email]]))
    const refused = await preview(invalid)
    expect(refused.body.classes.map((entry: { errors: unknown[] }) => entry.errors)).toEqual([
      [{ column: 'teacher_email', message: 'Enter a valid email address.' }],
      [{ column: 'teacher_email', message: 'You cannot invite yourself. Ask another administrator to invite you.' }],
    ])
    expect((await confirm(invalid)).status).toBe(409)

    const id = await upload(
      await xlsxOf([
        HEADER,
        ['Taught 1', '2026-01-05', '2026-02-04', '', '', '', '', school.teacher.user.email.toUpperCase()],
        ['Taught 2', '2026-01-05', '2026-02-04', '', '', '', '', 'new-teacher@example.com'],
        ['Untaught', '2026-01-05', '2026-02-04'],
      ]),
    )
    const shown = await preview(id)
    expect(shown.status, shown.text).toBe(200)
    expect(shown.body.classes.map((entry: { teacher: unknown }) => entry.teacher)).toEqual([
      { email: school.teacher.user.email.toLowerCase(), invited: false },
      { email: 'new-teacher@example.com', invited: true },
      null,
    ])
    expect(await server.mails('new-teacher@example.com')).toHaveLength(0)
    const reply = await confirm(id)
    expect(reply.status, reply.text).toBe(200)
    const [taught, invited, untaught] = reply.body.classes.map((entry: { group: number }) => entry.group)
    const owners = await server.db.select({ id: groups.id, owner: groups.ownerId }).from(groups).where(sql`${groups.id} in ${[taught, invited, untaught]}`).orderBy(groups.id)
    expect(owners.map((row) => row.owner)).toEqual([school.teacher.user.id, null, null])
    const details = await server.api('GET', `${base()}/${invited}/`, { token: school.admin.token })
    expect(details.body.pending_teacher).toBe('new-teacher@example.com')
    expect(await server.mails('new-teacher@example.com')).toHaveLength(1)
    // a second confirmation invites nobody again
    expect((await confirm(id)).status).toBe(200)
    expect(await server.mails('new-teacher@example.com')).toHaveLength(1)
  })

  it('is for the admins of the organization: a teacher gets 403 and creates nothing', async () => {
    const id = await upload(await xlsxOf([HEADER, ['Teacher try', '2026-01-05', '2026-02-04']]))
    const before = await classCount()
    expect((await confirm(id, school.teacher.token)).status).toBe(403)
    expect((await confirm(id, school.student.token)).status).toBe(403)
    expect(await classCount()).toBe(before)
  })
})

describe('the template', () => {
  it('is an xlsx with the headers in the requester language and an example row that imports as it is', async () => {
    const template = (language: string) =>
      server.app.inject({ method: 'GET', url: `${base()}/import/`, headers: { authorization: `Bearer ${school.admin.token}`, 'accept-language': language } })
    const ja = await template('ja')
    expect(ja.statusCode).toBe(200)
    expect(ja.headers['content-type']).toContain(XLSX)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(ja.rawPayload as unknown as ArrayBuffer)
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['クラス名', '開始日', '終了日', '週あたりの練習日数', '1日あたりの分数', '評価テストを受ける', 'エンゲージメント日数', '教師のメールアドレス'])

    const en = await template('en')
    const rows = await readSpreadsheet(en.rawPayload, 'template.xlsx', {
      columns: HEADER.map((header) => ({ key: header, header, required: true })),
      maxBytes: 1e6,
      maxRows: 10,
    })
    expect(rows).toHaveLength(1)
    const id = await upload(en.rawPayload)
    const reply = await preview(id)
    expect(reply.body.classes[0]).toMatchObject({ name: 'Grade 7 B', errors: [], goals: { practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 } })
  })
})

// last: it moves the server's clock on
describe('maintenance', () => {
  it('deletes the file once read, and the imports after 7 days (their classes stay), with the files never read', async () => {
    const read = await upload(await xlsxOf([HEADER, ['Kept class', '2026-01-05', '2026-02-04']]))
    const [readRow] = await server.db.select().from(classImports).where(eq(classImports.id, read))
    expect(await server.app.portal.storage.get(readRow!.fileKey)).toBeTruthy()
    expect((await confirm(read)).status).toBe(200)
    expect(await server.app.portal.storage.get(readRow!.fileKey)).toBeFalsy()
    const unread = await upload(await xlsxOf([HEADER, ['Never read', '2026-01-05', '2026-02-04']]))
    const [unreadRow] = await server.db.select().from(classImports).where(eq(classImports.id, unread))
    const classes = await classCount()

    server.advance(6 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await preview(read)).status).toBe(200)
    server.advance(2 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await preview(read)).status).toBe(404)
    expect((await preview(unread)).status).toBe(404)
    expect(await server.app.portal.storage.get(unreadRow!.fileKey)).toBeFalsy()
    expect(await classCount()).toBe(classes)
  })
})
