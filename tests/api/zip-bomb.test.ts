import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lyingXlsx } from '../fixtures/lying-xlsx.js'
import { countRows, createOrganizationWithPeople, createUser, login, PUBLIC_URL, startServer, type TestServer } from './harness.js'

/**
 * A zip bomb that lies about its size (issue 7, hardening): a real xlsx whose headers declare a few KB
 * and whose padding entry inflates to 110 MB, over the 100 MB (20 × 5 MB) an upload may unpack to. Both
 * imports refuse it with their translated "too large" answer and keep nothing; the same file with a
 * small padding is read.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const BOMB = 110 * 1024 * 1024

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let superuser: string

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'zip-bomb' })
  await createUser(server, { email: 'root-zip-bomb@example.com', superuser: true })
  superuser = await login(server, 'root-zip-bomb@example.com')
})
afterAll(() => server.close())

describe('a zip bomb whose headers lie', () => {
  it('is refused by the organization import, in the requester\'s language, and nothing is staged', async () => {
    const stage = (payload: Buffer, language?: string) =>
      server.api('POST', '/v1/organizations/import/?file_name=organizations.xlsx', { token: superuser, ...(language ? { language } : {}), raw: { payload, contentType: XLSX } })
    const before = await countRows(server, 'organization_imports')
    const bomb = lyingXlsx(['name', 'owner_email'], [['Bomb School', 'b@example.com']], BOMB)
    const refused = await stage(bomb)
    expect(refused.status, refused.text).toBe(413)
    expect(refused.body.detail).toBe('The request is too large: at most 5120 KB.')
    const translated = await stage(bomb, 'es-MX')
    expect(translated.status).toBe(413)
    expect(translated.body.detail).not.toBe(refused.body.detail)
    expect(await countRows(server, 'organization_imports')).toBe(before)
    // the same file without the bomb is a spreadsheet like any other (here: missing columns)
    const honest = await stage(lyingXlsx(['name', 'owner_email'], [['Bomb School', 'b@example.com']], 1024))
    expect(honest.body.code).toBe('missing_columns')
  })

  it('is refused by the batch invitation preview, and nobody is invited', async () => {
    const upload = async (payload: Buffer) => {
      const created = await server.api('POST', '/v1/invitations/batch/', {
        token: school.admin.token,
        body: { file_size: payload.length, content_type: XLSX, organization: school.organization.id, group: null, file_name: 'students.xlsx', role: 'student' },
      })
      expect(created.status, created.text).toBe(201)
      const address = new URL(created.body.presigned_url, PUBLIC_URL)
      const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: XLSX } })
      expect([200, 204]).toContain(put.status)
      return server.api('GET', `/v1/invitations/batch/${created.body.id}/`, { token: school.admin.token })
    }
    const invitationsBefore = await countRows(server, 'invitations')
    const bombed = await upload(lyingXlsx(['email'], [['bomb@example.com']], BOMB))
    expect(bombed.status, bombed.text).toBe(413)
    expect(bombed.body).toEqual({ detail: 'The file is too large: at most 5120 KB.', code: 'too_large' })
    const honest = await upload(lyingXlsx(['email'], [['honest@example.com']], 1024))
    expect(honest.status, honest.text).toBe(200)
    expect(honest.body.emails).toEqual(['honest@example.com'])
    expect(await countRows(server, 'invitations')).toBe(invitationsBefore)
  })
})
