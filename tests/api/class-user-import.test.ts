import ExcelJS from 'exceljs'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classUserImports, groupMembers, groups, invitationGroups, invitations } from '../../server/db/schema.js'
import { runMaintenance } from '../../server/maintenance.js'
import { readSpreadsheet } from '../../server/services/spreadsheets.js'
import { countRows, createOrganizationWithPeople, createUser, PUBLIC_URL, startServer, type TestServer } from './harness.js'

/**
 * User import into classes (specification 001 §2 User import into classes, §4 Upload, §5, §7 "POST
 * /v1/groups/{orgId}/users/preview (file_key)"; issue 9): the upload address (xlsx or csv), the staged
 * preview grouped per class with its errors by row and column, and a confirmation that enrolls every
 * class's addresses (consent: auto-enroll; without it: each learner accepts) in one transaction, or
 * nobody, invites nobody twice, and mails the invitations once it has committed; the templates.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const HEADER = ['E-mail', 'Class name']

const xlsxOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Users')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
const csvOf = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\n') + '\n')

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let sequence = 0
beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'users-classes' })
  other = await createOrganizationWithPeople(server, { prefix: 'users-classes-other' })
})
afterAll(() => server.close())

const base = () => `/v1/groups/${school.organization.id}`
const newClass = async (name = `Class ${++sequence}`, organizationId = school.organization.id) => {
  const [made] = await server.db.insert(groups).values({ organizationId, name, startDate: '2026-01-01', endDate: '2026-12-31' }).returning()
  return made!
}
const start = (fields: Record<string, unknown> = {}, token = school.admin.token) =>
  server.api('POST', `${base()}/users/import/upload/`, { token, body: { file_size: 900, content_type: 'text/csv', file_name: 'users.csv', ...fields } })

/** An import with this file uploaded; answers its callback_id. */
const upload = async (payload: Buffer, fileName = 'users.xlsx') => {
  const contentType = fileName.endsWith('.csv') ? 'text/csv' : XLSX
  const created = await start({ file_size: payload.length, file_name: fileName, content_type: contentType })
  expect(created.status, created.text).toBe(201)
  expect(created.body.content_type).toBe(contentType)
  const address = new URL(created.body.presigned_url, PUBLIC_URL)
  const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType } })
  expect(put.status, put.text).toBe(204)
  return created.body.callback_id as number
}
const preview = (id: number, token = school.admin.token, language?: string) =>
  server.api('POST', `${base()}/users/preview/`, { token, body: { file_key: id }, ...(language ? { language } : {}) })
const confirm = (id: number, consent?: boolean, token = school.admin.token) =>
  server.api('POST', `${base()}/users/import/`, { token, body: { callback_id: id, ...(consent === undefined ? {} : { consent }) } })
const invitationsTo = (email: string) =>
  server.db
    .select({ id: invitations.id, autoJoin: invitations.autoJoin, role: invitations.role, groupId: invitationGroups.groupId })
    .from(invitations)
    .leftJoin(invitationGroups, eq(invitationGroups.invitationId, invitations.id))
    .where(eq(invitations.email, email))
    .orderBy(invitationGroups.groupId)
const isStudentOf = async (groupId: number, userId: number) =>
  (await server.db.select().from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))).length === 1

describe('the upload address', () => {
  it.each([
    ['a PDF', { file_name: 'users.pdf', content_type: 'application/pdf' }],
    ['an .xls', { file_name: 'users.xls', content_type: 'application/vnd.ms-excel' }],
    ['an .xlsx announced as a PDF', { file_name: 'users.xlsx', content_type: 'application/pdf' }],
  ])('refuses %s: File type is not allowed (415), and stores nothing', async (_, fields) => {
    const before = await countRows(server, 'class_user_imports')
    const reply = await start(fields)
    expect(reply.status).toBe(415)
    expect(reply.body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    expect(await countRows(server, 'class_user_imports')).toBe(before)
  })

  it('takes a .csv sent as application/vnd.ms-excel as text/csv, and refuses a file over 5 MB (413)', async () => {
    const reply = await start({ content_type: 'application/vnd.ms-excel' })
    expect(reply.status).toBe(201)
    expect(reply.body.content_type).toBe('text/csv')
    expect((await start({ file_size: 5 * 1024 * 1024 + 1 })).body.code).toBe('too_large')
  })

  it('is for the organization admins: a teacher or student gets 403, another organization 404', async () => {
    expect((await start({}, school.teacher.token)).status).toBe(403)
    expect((await start({}, school.student.token)).status).toBe(403)
    expect((await start({}, other.admin.token)).status).toBe(404)
  })
})

describe('the preview', () => {
  it('is 409 until the file is uploaded, and 404 for an import of another organization', async () => {
    const created = await start()
    expect((await preview(created.body.callback_id)).status).toBe(409)
    const reply = await server.api('POST', `/v1/groups/${other.organization.id}/users/preview/`, { token: other.admin.token, body: { file_key: created.body.callback_id } })
    expect(reply.status).toBe(404)
  })

  it('refuses a file without the class column (400, naming it)', async () => {
    const id = await upload(csvOf([['email'], ['a@example.com']]), 'users.csv')
    const reply = await preview(id)
    expect(reply.status).toBe(400)
    expect(reply.body.code).toBe('missing_columns')
    expect(reply.body.detail).toContain('Class name')
  })

  it('groups the rows per class, each with its errors by column, and invites nobody', async () => {
    const a = await newClass('Preview A')
    const b = await newClass('Preview  b')
    await newClass('Elsewhere', other.organization.id)
    await server.db.insert(groupMembers).values({ groupId: a.id, userId: school.student.user.id })
    const before = await countRows(server, 'invitations')
    const id = await upload(
      await xlsxOf([
        HEADER,
        ['new1@example.com', 'Preview A'],
        ['not an address', 'Preview A'],
        ['new2@example.com', 'preview B'],
        ['NEW1@example.com', ' preview a '],
        ['new1@example.com', 'Preview B'],
        [school.student.user.email, 'Preview A'],
        ['new3@example.com', 'Elsewhere'],
        [school.admin.user.email, 'Preview B'],
        ['', ''],
        ['new4@example.com', ''],
      ]),
    )
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ callback_id: id, file_name: 'users.xlsx', committed_at: null, consent: null, total: 9, with_errors: 6 })
    const [classA, classB, elsewhere, none] = reply.body.classes
    expect(classA).toMatchObject({ name: 'Preview A', group: a.id, invited: 0, joined: 0 })
    expect(classA.rows.map((row: { row: number; errors: unknown[] }) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, [{ column: 'email', message: 'Enter a valid email address.' }]],
      [5, [{ column: 'email', message: 'The same address and class are already on row 2.' }]],
      [7, [{ column: 'email', message: 'Already a student of this class.' }]],
    ])
    expect(classB).toMatchObject({ name: 'preview B', group: b.id })
    expect(classB.rows.map((row: { row: number; errors: unknown[] }) => [row.row, row.errors])).toEqual([
      [4, []],
      [6, []],
      [9, [{ column: 'email', message: 'You cannot invite yourself. Ask another administrator to invite you.' }]],
    ])
    // another organization's class is no class of this one
    expect(elsewhere).toMatchObject({ name: 'Elsewhere', group: null, rows: [{ row: 8, errors: [{ column: 'class_name', message: 'No class of this organization has this name.' }] }] })
    expect(none.rows[0]).toMatchObject({ row: 11, errors: [{ column: 'class_name', message: 'This field is required.' }] })
    expect(await countRows(server, 'invitations')).toBe(before)

    // in the requester's language
    const ja = await preview(id, school.admin.token, 'ja')
    expect(ja.body.classes[2].rows[0].errors).toEqual([{ column: 'class_name', message: 'この組織にはこの名前のクラスがありません。' }])
  })
})

describe('the confirmation', () => {
  it('refuses a file with errors (409 with the preview) and invites nobody', async () => {
    const a = await newClass()
    const before = await countRows(server, 'invitations')
    const id = await upload(csvOf([['email', 'class'], ['fine@example.com', a.name], ['fine@example.com', 'No such class']]), 'users.csv')
    const reply = await confirm(id)
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({
      detail: 'Some rows have errors: fix the file and upload it again. Nobody was invited.',
      code: 'import_has_errors',
      import: { with_errors: 1, committed_at: null },
    })
    expect(await countRows(server, 'invitations')).toBe(before)
  })

  it('with consent: the organization students join at once, the others get an auto-join invitation per class, mailed once', async () => {
    const a = await newClass()
    const b = await newClass()
    const learner = await createUser(server, { email: 'consent-learner@example.com', firstName: 'Lea' })
    await server.db.execute(sql`insert into memberships (user_id, organization_id, role) values (${learner.id}, ${school.organization.id}, 'student')`)
    const id = await upload(
      await xlsxOf([HEADER, ['consent-new@example.com', a.name], ['consent-new@example.com', b.name], ['consent-learner@example.com', b.name], ['consent-other@example.com', b.name]]),
    )
    // the preview says which rows are students of the organization: with consent they join at once
    const studentRows = (body: { classes: { rows: { row: number; student: boolean }[] }[] }) => body.classes.map((entry) => entry.rows.map((row) => [row.row, row.student]))
    const expected = [[[2, false]], [[3, false], [4, true], [5, false]]]
    expect(studentRows((await preview(id)).body)).toEqual(expected)
    const reply = await confirm(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ consent: true, with_errors: 0 })
    expect(reply.body.committed_at).not.toBeNull()
    expect(reply.body.classes.map((entry: { name: string; invited: number; joined: number }) => [entry.name, entry.invited, entry.joined])).toEqual([
      [a.name, 1, 0],
      [b.name, 2, 1],
    ])
    expect(studentRows(reply.body)).toEqual(expected)
    expect(await isStudentOf(b.id, learner.id)).toBe(true)
    expect(await invitationsTo('consent-learner@example.com')).toEqual([])
    // one invitation for both classes, auto-join, and one mail whose link is its current one
    const both = await invitationsTo('consent-new@example.com')
    expect(both.map((row) => [row.groupId, row.autoJoin, row.role])).toEqual([
      [a.id, true, 'student'],
      [b.id, true, 'student'],
    ])
    expect(await server.mails('consent-new@example.com')).toHaveLength(1)
    expect(await server.mails('consent-other@example.com')).toHaveLength(1)
    const link = (await server.mails('consent-new@example.com'))[0]!.links.find((href) => href.includes('/invite/'))!
    const token = new URL(link).pathname.split('/').pop()!
    expect((await server.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(200)
  })

  it('without consent: everyone, the organization students too, gets an invitation to accept', async () => {
    const a = await newClass()
    const learner = await createUser(server, { email: 'no-consent-learner@example.com', firstName: 'Noa' })
    await server.db.execute(sql`insert into memberships (user_id, organization_id, role) values (${learner.id}, ${school.organization.id}, 'student')`)
    const id = await upload(csvOf([['email', 'class_name'], ['no-consent-learner@example.com', a.name], ['no-consent-new@example.com', a.name]]), 'users.csv')
    const reply = await confirm(id, false)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.consent).toBe(false)
    expect(reply.body.classes[0]).toMatchObject({ invited: 2, joined: 0 })
    expect(await isStudentOf(a.id, learner.id)).toBe(false)
    for (const email of ['no-consent-learner@example.com', 'no-consent-new@example.com']) {
      expect((await invitationsTo(email)).map((row) => [row.groupId, row.autoJoin])).toEqual([[a.id, false]])
      expect(await server.mails(email)).toHaveLength(1)
    }
  })

  it('invites nobody twice: a second confirmation answers the import as it is', async () => {
    const a = await newClass()
    const id = await upload(csvOf([['email', 'class_name'], ['twice@example.com', a.name]]), 'users.csv')
    const first = await confirm(id)
    expect(first.status).toBe(200)
    const invitationsBefore = await countRows(server, 'invitations')
    const mailsBefore = await countRows(server, 'mail_outbox')
    const second = await confirm(id, false)
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(await countRows(server, 'invitations')).toBe(invitationsBefore)
    expect(await countRows(server, 'mail_outbox')).toBe(mailsBefore)
    // and the address is now invited to the class: the class's pending invitations show it
    const pending = await server.api('GET', `/v1/invitations/group/${a.id}/`, { token: school.admin.token })
    expect(pending.body.results.map((row: { email: string }) => row.email)).toEqual(['twice@example.com'])
  })

  it('is all or nothing: a failure after the first class was enrolled invites nobody, and mails nobody', async () => {
    const a = await newClass()
    const b = await newClass()
    const id = await upload(csvOf([['email', 'class_name'], ['whole-1@example.com', a.name], ['whole-2@example.com', b.name]]), 'users.csv')
    // the store refuses the second class's invitation: the first class's is written by then
    await server.db.execute(sql.raw(`create function refuse_class() returns trigger language plpgsql as $$
      begin if new.group_id = ${b.id} then raise exception 'refused'; end if; return new; end $$`))
    await server.db.execute(sql`create trigger refuse_class before insert on invitation_groups for each row execute function refuse_class()`)
    const before = await countRows(server, 'invitations')
    try {
      // the harness turns any 5xx into an error: here the store's failure is the point
      await expect(confirm(id)).rejects.toThrow(/answered 500/)
      expect(await countRows(server, 'invitations')).toBe(before)
      expect(await server.mails('whole-1@example.com')).toHaveLength(0)
      const [stored] = await server.db.select().from(classUserImports).where(eq(classUserImports.id, id))
      expect(stored!.committedAt).toBeNull()
    } finally {
      await server.db.execute(sql`drop trigger refuse_class on invitation_groups`)
      await server.db.execute(sql`drop function refuse_class()`)
    }
    const again = await confirm(id)
    expect(again.status, again.text).toBe(200)
    expect(await countRows(server, 'invitations')).toBe(before + 2)
  })

  it('is for the admins of the organization: a teacher gets 403 and invites nobody', async () => {
    const a = await newClass()
    const id = await upload(csvOf([['email', 'class_name'], ['teacher-try@example.com', a.name]]), 'users.csv')
    const before = await countRows(server, 'invitations')
    expect((await confirm(id, true, school.teacher.token)).status).toBe(403)
    expect((await confirm(id, true, school.student.token)).status).toBe(403)
    expect((await server.api('POST', `/v1/groups/${other.organization.id}/users/import/`, { token: other.admin.token, body: { callback_id: id } })).status).toBe(404)
    expect(await countRows(server, 'invitations')).toBe(before)
  })
})

describe('the templates', () => {
  const template = (format: string, language: string) =>
    server.app.inject({ method: 'GET', url: `${base()}/users/import/?format=${format}`, headers: { authorization: `Bearer ${school.admin.token}`, 'accept-language': language } })

  it('are an xlsx and a csv with the headers in the requester language', async () => {
    const ja = await template('xlsx', 'ja')
    expect(ja.statusCode).toBe(200)
    expect(ja.headers['content-type']).toContain(XLSX)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(ja.rawPayload as unknown as ArrayBuffer)
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['メールアドレス', 'クラス名'])
    const csv = await template('csv', 'es-MX')
    expect(csv.headers['content-type']).toContain('text/csv')
    // with a byte-order mark, so that a spreadsheet program reads it as UTF-8
    expect(csv.payload.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Correo electrónico,Nombre de la clase')
  })

  it('read back as they are: the example row previews without an error once its class exists', async () => {
    await newClass('Grade 7 B')
    const en = await template('xlsx', 'en')
    const rows = await readSpreadsheet(en.rawPayload, 'template.xlsx', { columns: HEADER.map((header) => ({ key: header, header, required: true })), maxBytes: 1e6, maxRows: 10 })
    expect(rows).toHaveLength(1)
    const id = await upload(en.rawPayload)
    expect((await preview(id)).body.classes[0]).toMatchObject({ name: 'Grade 7 B', rows: [{ errors: [] }] })
  })
})

// last: it moves the server's clock on
describe('maintenance', () => {
  it('deletes the file once read, and the imports after 7 days (their invitations stay)', async () => {
    const a = await newClass()
    const read = await upload(csvOf([['email', 'class_name'], ['kept@example.com', a.name]]), 'users.csv')
    const [stored] = await server.db.select().from(classUserImports).where(eq(classUserImports.id, read))
    expect((await confirm(read)).status).toBe(200)
    expect(await server.app.portal.storage.get(stored!.fileKey)).toBeFalsy()
    const invited = await countRows(server, 'invitations')
    server.advance(8 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await preview(read)).status).toBe(404)
    expect(await countRows(server, 'invitations')).toBe(invited)
  })
})
