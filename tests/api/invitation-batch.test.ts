import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import ExcelJS from 'exceljs'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { invitationBatches } from '../../server/db/schema.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { runMaintenance } from '../../server/maintenance.js'
import { countRows, createOrganizationWithPeople, createUser, PUBLIC_URL, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Batch invitation from a file (spec 000 §3, §4 File import flow, §7; issue 7): the upload address,
 * the file PUT to it (this server's signed address on the disk, the bucket's presigned one on S3), the
 * staged preview with one line per row, and a send that is one transaction and invites nobody twice.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const s3Dir = mkdtempSync(join(tmpdir(), 'portal-s3-batch-'))
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir })
let s3Endpoint = ''

beforeAll(async () => {
  const { port } = await s3.run()
  s3Endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
  await client.send(new CreateBucketCommand({ Bucket: 'portal-batches' }))
})
afterAll(async () => {
  await s3.close()
  rmSync(s3Dir, { recursive: true, force: true })
})

const backends = {
  disk: () => ({}),
  s3: () => ({ S3_ENDPOINT: s3Endpoint, S3_BUCKET: 'portal-batches', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
}

/** An xlsx of these rows, written as a spreadsheet program writes one. */
const xlsxOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Students')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A zip of one entry of `size` zero bytes: a few hundred KB that unpack to `size`. */
const zipBomb = (size: number): Buffer => {
  const data = Buffer.alloc(size)
  const packed = deflateRawSync(data, { level: 9 })
  const name = Buffer.from('xl/worksheets/sheet1.xml')
  const crc = crc32(data)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(packed.length, 18)
  local.writeUInt32LE(size, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(packed.length, 20)
  central.writeUInt32LE(size, 24)
  central.writeUInt16LE(name.length, 28)
  const centralAt = local.length + name.length + packed.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(centralAt, 16)
  return Buffer.concat([local, name, packed, central, name, end])
}

describe.each(Object.entries(backends))('a batch invitation, files on the %s', (backend, env) => {
  let server: TestServer
  let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  const prefix = `batch-${backend}`
  beforeAll(async () => {
    server = await startServer({ env: env() })
    school = await createOrganizationWithPeople(server, { prefix })
  })
  afterAll(() => server.close())

  const create = (fields: Record<string, unknown> = {}, token = school.admin.token, language?: string) =>
    server.api('POST', '/v1/invitations/batch/', {
      token,
      ...(language ? { language } : {}),
      body: { file_size: 100, content_type: 'text/csv', organization: school.organization.id, group: null, file_name: 'students.csv', role: 'student', ...fields },
    })

  /** PUT to a presigned address as a browser does: this server's own, or the bucket's. */
  const put = async (address: string, payload: Buffer, contentType: string) => {
    // this server's own address is relative (server/services/storage.ts); the bucket's is absolute
    if (address.startsWith('/')) return (await server.api('PUT', address, { raw: { payload, contentType } })).status
    return (await fetch(address, { method: 'PUT', body: new Uint8Array(payload), headers: { 'content-type': contentType } })).status
  }

  /** A batch with this file uploaded; answers its id. */
  const upload = async (payload: Buffer, fileName = 'students.csv', fields: Record<string, unknown> = {}) => {
    const contentType = fileName.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv'
    const created = await create({ file_size: payload.length, content_type: contentType, file_name: fileName, ...fields })
    expect(created.status, created.text).toBe(201)
    expect(created.body.content_type).toBe(contentType)
    expect([200, 204]).toContain(await put(created.body.presigned_url, payload, contentType))
    return created.body.id as number
  }
  const preview = (id: number, query = '', token = school.admin.token, language?: string) =>
    server.api('GET', `/v1/invitations/batch/${id}/${query}`, { token, ...(language ? { language } : {}) })
  const send = (id: number, body: Record<string, unknown> = { consent: true }, path = 'send') =>
    server.api('POST', `/v1/invitations/batch/${id}/${path}/`, { token: school.admin.token, body })

  it("invites a class's file to the organization and the class; a class of another organization is refused and nothing is stored", async () => {
    const klass = await server.api('POST', `/v1/groups/${school.organization.id}/`, {
      token: school.admin.token,
      body: { name: `Upload ${prefix}`, start_date: '2026-01-01', end_date: '2026-12-31' },
    })
    expect(klass.status, klass.text).toBe(201)
    const other = await createOrganizationWithPeople(server, { prefix: `${prefix}-other` })
    const theirs = await server.api('POST', `/v1/groups/${other.organization.id}/`, {
      token: other.admin.token,
      body: { name: `Theirs ${prefix}`, start_date: '2026-01-01', end_date: '2026-12-31' },
    })
    const before = await snapshot(server)
    const refused = await create({ group: theirs.body.id })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ group: ['Not found.'] })
    expect(await snapshot(server)).toEqual(before)

    const id = await upload(Buffer.from(`email\nclass-${prefix}@example.com\n`), 'students.csv', { group: klass.body.id })
    expect((await preview(id)).body.group).toBe(klass.body.id)
    expect((await send(id)).body.invited).toBe(1)
    const pending = await server.api('GET', `/v1/invitations/group/${klass.body.id}/`, { token: school.admin.token })
    expect(pending.body.results.map((invite: { email: string }) => invite.email)).toEqual([`class-${prefix}@example.com`])
  })

  it('previews every row (ok, invalid e-mail with its row and column, duplicate, member, invited) and sends nothing', async () => {
    const invited = `already-${prefix}@example.com`
    await storeInvitations(server.db, { organizationId: school.organization.id, role: 'student', emails: [invited], invitedBy: school.admin.user.id, now: new Date(), ttlSeconds: 3600 })
    const csv = ['E-mail', `one-${prefix}@example.com`, 'not-an-email', '', ` ONE-${prefix}@Example.com `, `student-${prefix}@example.com`, invited, '"=HYPERLINK(""http://x"")"'].join('\n')
    const id = await upload(Buffer.from(csv))
    const mailsBefore = await countRows(server, 'mail_outbox')
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({
      id,
      organization: school.organization.id,
      role: 'student',
      kind: 'emails',
      file_name: 'students.csv',
      sent_at: null,
      invited: null,
      total: 6,
      counts: { ok: 1, invalid_email: 2, duplicate: 1, member: 1, invited: 1, invalid_id: 0, unknown_user: 0 },
      emails: [`one-${prefix}@example.com`],
      // a class being built takes every good address: the organization's student and the invited one too
      addresses: [`one-${prefix}@example.com`, `student-${prefix}@example.com`, invited],
      count: 6,
      next: null,
    })
    expect(reply.body.results.map((row: { number: number; status: string; duplicate_of: number | null }) => [row.number, row.status, row.duplicate_of])).toEqual([
      [2, 'ok', null],
      [3, 'invalid_email', null],
      [5, 'duplicate', 2],
      [6, 'member', null],
      [7, 'invited', null],
      [8, 'invalid_email', null],
    ])
    expect(reply.body.results[1]).toMatchObject({ column: 'email', value: 'not-an-email', email: null })

    const page = await preview(id, '?filter=problems&page_size=2&page=2')
    expect(page.body.count).toBe(5)
    expect(page.body.results.map((row: { number: number }) => row.number)).toEqual([6, 7])
    expect(page.body.next).toBe(`/v1/invitations/batch/${id}/?filter=problems&page_size=2&page=3`)
    expect((await preview(id, '?filter=ok')).body.results.map((row: { number: number }) => row.number)).toEqual([2])
    expect(await countRows(server, 'mail_outbox')).toBe(mailsBefore)
  })

  it('sends the ok rows in one transaction, mails them, and invites nobody twice', async () => {
    const emails = [`a-${prefix}@example.com`, `b-${prefix}@example.com`, `c-${prefix}@example.com`]
    const id = await upload(Buffer.from(`email\n${emails.join('\n')}\nbroken@\n`))
    const sent = await send(id, { consent: true })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body).toMatchObject({ invited: 3, counts: { ok: 0, invited: 3, invalid_email: 1 } })
    expect(sent.body.sent_at).not.toBeNull()
    for (const email of emails) {
      const mails = await server.mails(email)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.text).toContain('http://portal.test/invite/')
    }
    const pending = await server.api('GET', `/v1/invitations/organization/${school.organization.id}/?roles=student&page_size=100`, { token: school.admin.token })
    expect(pending.body.results.filter((row: { email: string }) => emails.includes(row.email))).toHaveLength(3)

    // the same batch again, and the same addresses in a new file: nobody is invited or mailed again
    const before = await snapshot(server)
    const again = await send(id)
    expect(again.status).toBe(200)
    expect(again.body.invited).toBe(3)
    expect(await snapshot(server)).toEqual(before)
    const second = await upload(Buffer.from(`email\n${emails.join('\n')}\n`))
    expect((await preview(second)).body.counts).toMatchObject({ ok: 0, invited: 3 })
    const refused = await send(second)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ detail: 'Nobody on this list can be invited.', code: 'nobody_to_invite' })
    for (const email of emails) expect(await server.mails(email)).toHaveLength(1)
  })

  it('refuses the sender\'s own address in the preview (by address and by user id) and never sends it', async () => {
    const other = `colleague-${prefix}@example.com`
    const own = ` ${school.admin.user.email.toUpperCase()} `
    const id = await upload(Buffer.from(`email\n${own}\n${other}\n`))
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ total: 2, counts: { ok: 1, own_address: 1 }, emails: [other] })
    expect(reply.body.results.map((row: { number: number; status: string }) => [row.number, row.status])).toEqual([
      [2, 'own_address'],
      [3, 'ok'],
    ])
    // the teacher's address is not the admin's own: for the admin it is an address like any other
    const theirs = await server.api('PUT', `/v1/invitations/batch/${id}/`, { token: school.admin.token, body: { emails: [own, other, school.teacher.user.email] } })
    expect(theirs.body.results.map((row: { status: string }) => row.status)).toEqual(['own_address', 'ok', 'ok'])
    const mailsToAdmin = (await server.mails(school.admin.user.email)).length
    const sent = await send(id)
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.invited).toBe(2)
    expect(await server.mails(school.admin.user.email)).toHaveLength(mailsToAdmin)
    const pending = await server.api('GET', `/v1/invitations/organization/${school.organization.id}/?roles=student&page_size=100`, { token: school.admin.token })
    expect(pending.body.results.map((row: { email: string }) => row.email)).not.toContain(school.admin.user.email.toLowerCase())

    const ids = await upload(Buffer.from(`user_id\n${school.admin.user.id}\n`), 'ids.csv', { kind: 'user_ids' })
    const byId = await preview(ids)
    expect(byId.body).toMatchObject({ counts: { ok: 0, own_address: 1 }, emails: [] })
    const nobody = await send(ids, { auto_join: 1 }, 'send_elsa_user')
    expect(nobody.status).toBe(400)
    expect(nobody.body.code).toBe('nobody_to_invite')
  })

  it('reads an xlsx with the header in another language of the interface, and its formulas as their values', async () => {
    const id = await upload(await xlsxOf([['Correo electrónico'], [`x-${prefix}@example.com`], [{ formula: 'A2', result: `x-${prefix}@example.com` }], [42]]), 'Alumnos.XLSX')
    const reply = await preview(id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.results.map((row: { status: string }) => row.status)).toEqual(['ok', 'duplicate', 'invalid_email'])
  })

  it('takes the spreadsheet content type some systems give a .csv as text/csv', async () => {
    const created = await create({ content_type: 'application/vnd.ms-excel', file_name: 'list.csv' })
    expect(created.status).toBe(201)
    expect(created.body.content_type).toBe('text/csv')
  })

  it('refuses other files by name, type and content, too big, empty, too long, and zip bombs; nothing is invited', async () => {
    for (const fields of [{ file_name: 'list.pdf' }, { content_type: 'application/pdf' }, { file_name: 'list.xlsx', content_type: 'text/csv' }]) {
      const reply = await create(fields)
      expect(reply.status, JSON.stringify(fields)).toBe(415)
      expect(reply.body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    }
    const huge = await create({ file_size: 50 * 1024 * 1024 })
    expect(huge.status).toBe(413)
    expect(huge.body.detail).toBe('The file is too large: at most 5120 KB.')

    const invitationsBefore = await countRows(server, 'invitations')
    const renamed = await upload(Buffer.from('email\na@example.com\n'), 'renamed.xlsx')
    expect((await preview(renamed)).body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    const empty = await upload(Buffer.from('email\n\n'))
    expect((await preview(empty)).body).toEqual({ detail: 'The file lists nobody. Fill in the template and upload it again.', code: 'empty' })
    const noColumn = await upload(Buffer.from('name\nAnn\n'))
    expect((await preview(noColumn)).body.code).toBe('missing_columns')
    const long = await upload(Buffer.from(`email\n${Array.from({ length: 10_001 }, (_, i) => `p${i}@example.com`).join('\n')}\n`))
    expect((await preview(long)).body).toEqual({ detail: 'The file has more than 10000 rows. Split it into smaller files.', code: 'too_many_rows' })
    const bomb = await upload(zipBomb(120 * 1024 * 1024), 'bomb.xlsx')
    const bombed = await preview(bomb)
    expect(bombed.status).toBe(413)
    expect(bombed.body.code).toBe('too_large')
    const notUploaded = await create()
    expect((await preview(notUploaded.body.id)).status).toBe(409)
    expect(await countRows(server, 'invitations')).toBe(invitationsBefore)
  })

  it('answers the file\'s problems in the requester\'s language', async () => {
    const id = await upload(Buffer.from('name\nAnn\n'))
    const reply = await preview(id, '', school.admin.token, 'es-MX')
    expect(reply.body.detail).toBe('Al archivo le falta la columna email. Usa la fila de encabezado de la plantilla.')
  })

  it('changes the role (PATCH) and replaces the list (PUT) before sending, not after', async () => {
    const member = `student-${prefix}@example.com`
    const id = await upload(Buffer.from(`email\n${member}\n`))
    expect((await preview(id)).body.counts.member).toBe(1)
    const patched = await server.api('PATCH', `/v1/invitations/batch/${id}/`, { token: school.admin.token, body: { role: 'teacher' } })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body).toMatchObject({ role: 'teacher', counts: { ok: 1, member: 0 } })
    const replaced = await server.api('PUT', `/v1/invitations/batch/${id}/`, {
      token: school.admin.token,
      body: { emails: [`fixed-${prefix}@example.com`, 'still bad'] },
    })
    expect(replaced.status, replaced.text).toBe(200)
    expect(replaced.body.results).toMatchObject([
      { number: 1, column: null, status: 'ok' },
      { number: 2, column: null, status: 'invalid_email' },
    ])
    expect((await send(id)).body.invited).toBe(1)
    const late = await server.api('PATCH', `/v1/invitations/batch/${id}/`, { token: school.admin.token, body: { role: 'student' } })
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe('This list has been sent already.')
  })

  it('imports existing app users by id (send_elsa_user), and keeps the two kinds apart', async () => {
    const known = await createUser(server, { email: `known-${prefix}@example.com` })
    const id = await upload(Buffer.from(`user_id\n${known.id}\n${known.id}\nabc\n99999999\n${school.student.user.id}\n`), 'ids.csv', { kind: 'user_ids' })
    const reply = await preview(id)
    expect(reply.body.results.map((row: { status: string }) => row.status)).toEqual(['ok', 'duplicate', 'invalid_id', 'unknown_user', 'member'])
    expect(reply.body.emails).toEqual([`known-${prefix}@example.com`])
    const wrong = await send(id)
    expect(wrong.status).toBe(409)
    expect(wrong.body.detail).toBe('This is a list of user ids: send it as one.')
    const sent = await send(id, { auto_join: 1 }, 'send_elsa_user')
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.invited).toBe(1)
    expect(await server.mails(`known-${prefix}@example.com`)).toHaveLength(1)
  })

  it('refuses a tampered or expired upload address, and another content type than the signed one', async () => {
    if (backend === 's3') return // the bucket checks its own signatures
    const created = await create()
    const address = new URL(created.body.presigned_url, PUBLIC_URL)
    const path = `${address.pathname}?${address.searchParams}`
    const body = Buffer.from('email\na@example.com\n')
    const tampered = new URL(address)
    tampered.searchParams.set('size', '5242880')
    tampered.searchParams.set('key', 'invitation-batches/1/other.csv')
    expect((await server.api('PUT', `${tampered.pathname}${tampered.search}`, { raw: { payload: body, contentType: 'text/csv' } })).status).toBe(403)
    expect((await server.api('PUT', path, { raw: { payload: body, contentType: XLSX } })).status).toBe(403)
    server.advance(16 * 60)
    const late = await server.api('PUT', path, { raw: { payload: body, contentType: 'text/csv' } })
    expect(late.status).toBe(403)
    expect(late.body.detail).toBe('The upload address has expired. Choose the file again.')
    expect((await preview(created.body.id)).status).toBe(409)
  })

  it("gives an upload address on the page's own origin, not PUBLIC_URL's: the portal opened at another address uploads too (issue 22)", async () => {
    if (backend === 's3') return // the bucket's address is its own
    const created = await create()
    expect(created.body.presigned_url).toMatch(/^\/v1\/uploads\/\?key=/)
    expect(created.body.presigned_url).not.toContain(PUBLIC_URL)
  })

  it('gives the templates with the header in the requester\'s language, and they read back', async () => {
    const csv = await server.api('GET', '/v1/invitations/batch/template/?kind=emails&format=csv', { token: school.admin.token, language: 'es-MX' })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-disposition']).toBe('attachment; filename="user-list.csv"')
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Correo electrónico')
    const ids = await server.api('GET', '/v1/invitations/batch/template/?kind=user_ids&format=xlsx', { token: school.admin.token })
    expect(ids.headers['content-type']).toBe(XLSX)
    expect(ids.headers['content-disposition']).toBe('attachment; filename="user-id-list.xlsx"')
    const id = await upload(Buffer.from(`${csv.text}`), 'template.csv')
    expect((await preview(id)).body.results).toMatchObject([{ status: 'ok', value: 'estudiante@example.com' }])
  })

  it('is purged with its file 7 days after it was made, read or not', async () => {
    const read = await upload(Buffer.from(`email\n${prefix}-kept@example.com\n`))
    expect((await preview(read)).status).toBe(200)
    const unread = await upload(Buffer.from(`email\n${prefix}-unread@example.com\n`))
    const [stored] = await server.db.select({ fileKey: invitationBatches.fileKey }).from(invitationBatches).where(eq(invitationBatches.id, unread))
    const fileKey = stored!.fileKey
    expect(await server.app.portal.storage.get(fileKey)).toBeTruthy()
    server.advance(6 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await preview(read)).status).toBe(200)
    server.advance(2 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await preview(read)).status).toBe(404)
    expect((await preview(unread)).status).toBe(404)
    expect(await server.app.portal.storage.get(fileKey)).toBeFalsy()
  })
})
