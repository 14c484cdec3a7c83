import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../../server/app.js'
import { runMaintenance } from '../../server/maintenance.js'
import { countRows, createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Organization import: a csv or xlsx is staged into a preview with per-row errors (the create call's
 * messages, each naming its column), nothing written but the staged import; a confirmation creates every
 * organization with its owner's invitation in one transaction, once, or nothing when a row has an error.
 */

let server: TestServer
let admin: string
let countryAdmin: string
let otherAdmin: string
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>

const HEADER = 'name,type,industry,address_1,address_2,city,state,postal_code,country,phone,timezone,is_verified,owner_email'
const row = (name: string, owner: string, changes: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    name,
    type: 'school',
    industry: 'education',
    address_1: '19 Plympton St',
    address_2: '',
    city: 'Springfield',
    state: 'OR',
    postal_code: '97477',
    country: 'US',
    phone: '+1 5415550100',
    timezone: 'America/Los_Angeles',
    is_verified: 'no',
    owner_email: owner,
    ...changes,
  }
  return HEADER.split(',').map((column) => values[column]).join(',')
}
const csv = (...rows: string[]) => Buffer.from(`${HEADER}\n${rows.join('\n')}\n`)

const stage = (payload: Buffer, fileName = 'organizations.csv', token = admin, contentType = 'text/csv') =>
  server.api('POST', `/v1/organizations/import/?file_name=${encodeURIComponent(fileName)}`, { token, raw: { payload, contentType } })
const confirm = (id: number, token = admin) => server.api('POST', `/v1/organizations/import/${id}/confirm/`, { token })
const listed = async (search: string) =>
  (await server.api('GET', `/v1/organizations/?search=${encodeURIComponent(search)}&page_size=100`, { token: admin })).body

beforeAll(async () => {
  server = await startServer()
  await createUser(server, { email: 'root-import@example.com', superuser: true })
  await createUser(server, { email: 'us-import@example.com', superuser: true, countryAdminLevel: 'US' })
  await createUser(server, { email: 'other-import@example.com', superuser: true })
  admin = await login(server, 'root-import@example.com')
  countryAdmin = await login(server, 'us-import@example.com')
  otherAdmin = await login(server, 'other-import@example.com')
  school = await createOrganizationWithPeople(server, { prefix: 'imp' })
  await createOrganization(server.db, { name: 'Taken Academy', type: 'school', createdAt: new Date() })
})
afterAll(() => server.close())

describe('staging an import', () => {
  it('previews a csv: every row, its values and its errors naming the column, in the create form\'s words; nothing created', async () => {
    const before = await snapshot(server)
    const reply = await stage(
      csv(
        row('Alpha School', 'alpha@example.com'),
        row('', 'not-an-email', { type: 'college', phone: '5415550100', timezone: '' }),
        row('  Taken academy ', 'taken@example.com'),
        row('Twice High', 'one@example.com'),
        row('twice high', 'two@example.com', { country: 'JP', phone: '+81 312345678', timezone: 'Asia/Tokyo' }),
      ),
    )
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({ file_name: 'organizations.csv', committed_at: null, total: 5, with_errors: 4 })
    const [alpha, bad, taken, first, second] = reply.body.rows
    expect(alpha).toMatchObject({ row: 2, errors: [], organization: null, values: { name: 'Alpha School', owner_email: 'alpha@example.com', address_2: '' } })
    expect(bad.row).toBe(3)
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { column: 'name', message: 'Please input organization name' },
        { column: 'type', message: 'This value is not one of the allowed choices.' },
        { column: 'phone', message: 'Phone should be a number' },
        { column: 'timezone', message: 'Please pick a time zone' },
        { column: 'owner_email', message: 'Invalid owner email' },
      ]),
    )
    expect(bad.errors).toHaveLength(5)
    expect(taken.errors).toEqual([{ column: 'name', message: 'An organization with this name already exists.' }])
    expect(first.errors).toEqual([{ column: 'name', message: 'This name is also on row 6.' }])
    expect(second.errors).toEqual([{ column: 'name', message: 'This name is also on row 5.' }])
    const after = await snapshot(server)
    expect(after).toEqual(before)
    // the preview is kept: read again, the same
    const again = await server.api('GET', `/v1/organizations/import/${reply.body.id}/`, { token: admin })
    expect(again.status).toBe(200)
    expect(again.body.rows).toEqual(reply.body.rows)
  })

  it('answers in the requester\'s language', async () => {
    const reply = await server.api('POST', '/v1/organizations/import/?file_name=a.csv', {
      token: admin,
      language: 'es-MX',
      raw: { payload: csv(row('', 'x@example.com')), contentType: 'text/csv' },
    })
    expect(reply.body.rows[0].errors).toEqual([{ column: 'name', message: 'Escribe el nombre de la organización' }])
  })

  it('reads an xlsx written by a spreadsheet program, header names in any case and spacing', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Organizations')
    sheet.addRow(['Name', 'Type', 'Industry', 'Address 1', 'City', 'State', 'Postal Code', 'Country', 'Phone', 'Time zone', 'Owner Email'])
    sheet.addRow(['Excel School', 'School', 'Education', '1 Main St', 'Boston', 'MA', 2134, 'us', '+1 6175550100', 'America/New_York', 'excel@example.com'])
    const reply = await stage(Buffer.from(await workbook.xlsx.writeBuffer()), 'Organizations.XLSX', admin, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({ total: 1, with_errors: 0 })
    expect(reply.body.rows[0].values).toMatchObject({ name: 'Excel School', postal_code: '2134', country: 'us', is_verified: '' })
  })

  it('refuses other files, by content and by name, and too big or too long files; nothing is staged', async () => {
    const before = await countRows(server, 'organization_imports')
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])
    for (const [payload, name, type] of [
      [png, 'logo.png', 'application/octet-stream'],
      [png, 'logo.csv', 'text/csv'],
      [csv(row('A', 'a@example.com')), 'organizations.txt', 'text/csv'],
      [csv(row('A', 'a@example.com')), 'organizations.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [csv(row('A', 'a@example.com')), 'organizations.csv', 'application/pdf'],
    ] as const) {
      const reply = await stage(payload, name, admin, type)
      expect(reply.status, `${name} as ${type}`).toBe(415)
      expect(reply.body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    }
    const big = await stage(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'))
    expect(big.status).toBe(413)
    expect(big.body.detail).toBe('The request is too large: at most 5120 KB.')
    const long = await stage(csv(...Array.from({ length: 10_001 }, (_, i) => row(`School ${i}`, `o${i}@example.com`))))
    expect(long.status).toBe(400)
    expect(long.body).toEqual({ detail: 'The file has more than 10000 rows. Split it into smaller files.', code: 'too_many_rows' })
    const columns = await stage(Buffer.from('name,city\nA,B\n'))
    expect(columns.status).toBe(400)
    expect(columns.body.detail).toBe('The file has no column type, industry, address_1, state, postal_code, country, phone, timezone, owner_email. Download the template to see the columns.')
    const empty = await stage(Buffer.from(`${HEADER}\n`))
    expect(empty.body).toEqual({ detail: 'The file has no rows under its header row.', code: 'empty' })
    expect(await countRows(server, 'organization_imports')).toBe(before)
  })
})

describe('confirming an import', () => {
  it('creates every organization with its owner\'s invitation, mails the owners, and does it once', async () => {
    const staged = await stage(
      csv(
        row('Confirm One', 'owner-one@example.com', { is_verified: 'yes' }),
        row('Confirm Two', 'owner-two@example.com', { type: 'company', industry: 'manufacturing', address_2: 'Floor 2' }),
      ),
    )
    expect(staged.body.with_errors).toBe(0)
    const organizationsBefore = await countRows(server, 'organizations')
    const reply = await confirm(staged.body.id)
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.committed_at).not.toBeNull()
    const ids = reply.body.rows.map((r: { organization: number }) => r.organization)
    expect(ids.every((id: unknown) => typeof id === 'number')).toBe(true)
    expect(await countRows(server, 'organizations')).toBe(organizationsBefore + 2)

    const one = await server.api('GET', `/v1/organizations/${ids[0]}/`, { token: admin })
    expect(one.body).toMatchObject({ name: 'Confirm One', type: 'school', is_verified: true, country: 'US', address_2: null })
    const two = await server.api('GET', `/v1/organizations/${ids[1]}/`, { token: admin })
    expect(two.body).toMatchObject({ name: 'Confirm Two', type: 'company', industry: 'manufacturing', is_verified: false, address_2: 'Floor 2' })
    const [mailOne] = await server.mails('owner-one@example.com')
    expect(mailOne?.text).toContain('Confirm One')
    expect(mailOne?.text).toContain('http://portal.test/invite/')
    expect(await server.mails('owner-two@example.com')).toHaveLength(1)

    // a second confirmation creates nothing and mails no one again
    const before = await snapshot(server)
    const again = await confirm(staged.body.id)
    expect(again.status).toBe(200)
    expect(again.body.rows).toEqual(reply.body.rows)
    expect(await snapshot(server)).toEqual(before)
    // confirmed, the preview shows no error although the names are now taken (by these organizations)
    expect((await server.api('GET', `/v1/organizations/import/${staged.body.id}/`, { token: admin })).body.with_errors).toBe(0)
  })

  it('refuses while any row has an error, and writes nothing', async () => {
    const staged = await stage(csv(row('Good Row School', 'good@example.com'), row('Bad Row School', 'bad-email')))
    const before = await snapshot(server)
    const reply = await confirm(staged.body.id)
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ detail: 'Some rows have errors. Fix the file and upload it again.', code: 'import_has_errors' })
    expect(reply.body.import.rows[1].errors).toEqual([{ column: 'owner_email', message: 'Invalid owner email' }])
    expect(await snapshot(server)).toEqual(before)
    expect((await listed('Good Row School')).count).toBe(0)
  })

  it('checks again on confirmation: a name taken since the preview stops the whole import', async () => {
    const staged = await stage(csv(row('Late One', 'late1@example.com'), row('Late Two', 'late2@example.com')))
    expect(staged.body.with_errors).toBe(0)
    await createOrganization(server.db, { name: 'Late Two', type: 'school', createdAt: new Date() })
    const before = await snapshot(server)
    const reply = await confirm(staged.body.id)
    expect(reply.status).toBe(409)
    expect(reply.body.import.rows[1].errors).toEqual([{ column: 'name', message: 'An organization with this name already exists.' }])
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('who may import', () => {
  it('refuses members of organizations, and anonymous callers', async () => {
    for (const token of [school.admin.token, school.teacher.token, school.student.token]) {
      expect((await stage(csv(row('Nope', 'n@example.com')), 'a.csv', token)).status).toBe(403)
      expect((await server.api('GET', '/v1/organizations/import/template/', { token })).status).toBe(403)
    }
    expect((await server.api('POST', '/v1/organizations/import/?file_name=a.csv', { raw: { payload: csv(row('Nope', 'n@example.com')), contentType: 'text/csv' } })).status).toBe(401)
  })

  it("keeps an import to the admin who staged it: another admin gets 404 and cannot confirm it", async () => {
    const staged = await stage(csv(row('Mine Only', 'mine@example.com')))
    expect((await server.api('GET', `/v1/organizations/import/${staged.body.id}/`, { token: otherAdmin })).status).toBe(404)
    expect((await confirm(staged.body.id, otherAdmin)).status).toBe(404)
    expect((await listed('Mine Only')).count).toBe(0)
  })

  it("gives a country admin an error on each row of another country, and no way to create it", async () => {
    const staged = await stage(
      csv(row('US Row School', 'us-row@example.com'), row('JP Row School', 'jp-row@example.com', { country: 'JP', phone: '+81 312345678', timezone: 'Asia/Tokyo' })),
      'a.csv',
      countryAdmin,
    )
    expect(staged.status).toBe(201)
    expect(staged.body.rows[0].errors).toEqual([])
    expect(staged.body.rows[1].errors).toEqual([{ column: 'country', message: 'You can import organizations of US only.' }])
    expect((await confirm(staged.body.id, countryAdmin)).status).toBe(409)
    const only = await stage(csv(row('US Only School', 'us-only@example.com')), 'a.csv', countryAdmin)
    expect((await confirm(only.body.id, countryAdmin)).status).toBe(200)
    expect((await listed('US Only School')).count).toBe(1)
  })

  it('does not let an admin name itself the owner', async () => {
    const staged = await stage(csv(row('Self Owned', 'ROOT-import@example.com')))
    expect(staged.body.rows[0].errors).toEqual([{ column: 'owner_email', message: 'You cannot invite yourself. Ask another administrator to invite you.' }])
  })
})

describe('the template', () => {
  it('is a csv and an xlsx with the header row and one example row, which import without an error', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const reply = await server.app.inject({
        method: 'GET',
        url: `/v1/organizations/import/template/?format=${format}`,
        headers: { authorization: `Bearer ${admin}` },
      })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-disposition']).toBe(`attachment; filename="organizations-template.${format}"`)
      const bytes = reply.rawPayload
      if (format === 'csv') expect(bytes.toString('utf8')).toBe(`\uFEFF${HEADER}\r\nSpringfield High,school,education,19 Plympton St,,Springfield,OR,97477,US,+1 5415550100,America/Los_Angeles,no,skinner@example.com\r\n`)
      const staged = await stage(bytes, `template.${format}`, admin, format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      expect(staged.status).toBe(201)
      expect(staged.body).toMatchObject({ total: 1, with_errors: 0 })
    }
  })
})

describe('staged imports', () => {
  // last: it moves the server's clock
  it('are kept 7 days, then purged (the organizations made from them stay)', async () => {
    const staged = await stage(csv(row('Kept A Week', 'week@example.com')))
    const done = await stage(csv(row('Made And Kept', 'made@example.com')))
    expect((await confirm(done.body.id)).status).toBe(200)
    const read = () => server.api('GET', `/v1/organizations/import/${staged.body.id}/`, { token: admin })
    server.advance(6 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await read()).status).toBe(200)
    server.advance(2 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect((await read()).status).toBe(404)
    expect((await confirm(done.body.id)).status).toBe(404)
    expect((await listed('Made And Kept')).count).toBe(1)
  })
})
