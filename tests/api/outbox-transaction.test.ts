import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitations } from '../../server/db/schema.js'
import { countRows, createOrganizationWithPeople, PUBLIC_URL, startServer, type TestServer } from './harness.js'

/**
 * Issue 18: a mail is written to the outbox in the transaction of the change that causes it. A mail
 * that cannot be written takes its change back with it (no invitation without its mail), and a
 * request refused half-way leaves what it read as it was.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'outbox-tx' })
  // the outbox refuses one address, as a full disk or a lost connection would refuse the row
  await server.db.execute(sql`alter table mail_outbox add constraint refuses_one check ("to" <> 'refused@example.com')`)
})
afterAll(() => server.close())

const invitationsTo = async (emails: string[]) =>
  (await server.db.select({ id: invitations.id }).from(invitations).where(inArray(invitations.email, emails))).length

describe('a mail that cannot be written', () => {
  it('takes back the invitations of its request: nobody is invited without a mail', async () => {
    const before = await countRows(server, 'invitations')
    const mailsBefore = await countRows(server, 'mail_outbox')
    const reply = await server.app.inject({
      method: 'POST',
      url: '/v1/accounts/invite/',
      headers: { authorization: `Bearer ${school.admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ organization: school.organization.id, role: 'student', emails: ['kept@example.com', 'refused@example.com'] }),
    })
    expect(reply.statusCode).toBe(500)
    expect(await countRows(server, 'invitations')).toBe(before)
    expect(await invitationsTo(['kept@example.com', 'refused@example.com'])).toBe(0)
    expect(await countRows(server, 'mail_outbox')).toBe(mailsBefore)
  })

  it('takes back the class made with its roster', async () => {
    const classes = await countRows(server, 'groups')
    const reply = await server.app.inject({
      method: 'POST',
      url: `/v1/groups/${school.organization.id}/`,
      headers: { authorization: `Bearer ${school.admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Not made', start_date: '2026-04-01', end_date: '2026-04-30', students: ['kept2@example.com', 'refused@example.com'] }),
    })
    expect(reply.statusCode).toBe(500)
    expect(await countRows(server, 'groups')).toBe(classes)
    expect(await invitationsTo(['kept2@example.com', 'refused@example.com'])).toBe(0)
  })
})

describe('a batch sent without a preview and refused', () => {
  it('keeps its list: the preview reads it after', async () => {
    const file = Buffer.from(`email\nbroken@\n${school.admin.user.email}\n`)
    const created = await server.api('POST', '/v1/invitations/batch/', {
      token: school.admin.token,
      body: { file_size: file.length, content_type: 'text/csv', organization: school.organization.id, file_name: 'people.csv' },
    })
    expect(created.status, created.text).toBe(201)
    const address = new URL(created.body.presigned_url, PUBLIC_URL)
    expect((await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload: file, contentType: 'text/csv' } })).status).toBe(204)
    const refused = await server.api('POST', `/v1/invitations/batch/${created.body.id}/send/`, { token: school.admin.token, body: { consent: true } })
    expect(refused.body).toEqual({ detail: 'Nobody on this list can be invited.', code: 'nobody_to_invite' })
    const preview = await server.api('GET', `/v1/invitations/batch/${created.body.id}/`, { token: school.admin.token })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.total).toBe(2)
  })
})
