import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../../server/app.js'
import { invitations } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * The pending invitations of an organization: the list, revoking, resending one and several; who may,
 * expiry, and the link of a revoked or resent invitation.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let superToken: string

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { name: 'Springfield High', prefix: 'spr' })
  other = await createOrganizationWithPeople(server, { name: 'Shelbyville High', prefix: 'shb' })
  await createUser(server, { email: 'staff@example.com', superuser: true })
  superToken = await login(server, 'staff@example.com')
})
afterAll(() => server.close())

const invite = async (token: string, organization: number, emails: string[], role = 'student') => {
  const reply = await server.api('POST', '/v1/accounts/invite/', { token, body: { organization, role, emails } })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.invitations as { id: number; email: string }[]
}
const list = (token: string, organization: number, query = '') =>
  server.api('GET', `/v1/invitations/organization/${organization}/${query}`, { token })
const resend = (token: string, id: number) => server.api('POST', `/v1/invitations/${id}/resend/`, { token })
const resendMany = (token: string, organization: number, ids: unknown) =>
  server.api('POST', `/v1/invitations/resend/${organization}/`, { token, body: { invitation_ids: ids } })
const revoke = (token: string, id: number) => server.api('DELETE', `/v1/invitations/${id}/`, { token })
const validate = (token: string) => server.api('GET', `/v1/invitations/validate/${token}/`)

describe('the list of pending invitations', () => {
  it('shows the open invitations of the organization, the last sent first, paged by 10 and filtered by role', async () => {
    const org = await createOrganizationWithPeople(server, { name: 'Paging School', prefix: 'pag' })
    await createUser(server, { email: 'known@example.com', firstName: 'Kim', lastName: 'Known' })
    const students = Array.from({ length: 11 }, (_, i) => `pupil${i}@example.com`)
    await invite(org.admin.token, org.organization.id, students)
    server.advance(60)
    await invite(org.admin.token, org.organization.id, ['Known@example.com'], 'teacher')
    // accepted and revoked ones are not pending
    const [gone] = await invite(org.admin.token, org.organization.id, ['gone@example.com'])
    expect((await revoke(org.admin.token, gone!.id)).status).toBe(204)

    const first = await list(org.admin.token, org.organization.id)
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(12)
    expect(first.body.results).toHaveLength(10)
    expect(first.body.previous).toBeNull()
    expect(first.body.next).toBe(`/v1/invitations/organization/${org.organization.id}/?page=2`)
    expect(first.body.results[0]).toEqual({
      id: expect.any(Number),
      email: 'known@example.com',
      first_name: 'Kim',
      last_name: 'Known',
      roles: ['teacher'],
      status: 'pending',
      created: expect.any(String),
      sent_at: expect.any(String),
      expires_at: expect.any(String),
      invited_by: { id: org.admin.user.id, first_name: 'Alice', last_name: 'User' },
    })
    const sent = Date.parse(first.body.results[0].sent_at)
    expect(Date.parse(first.body.results[0].expires_at) - sent).toBe(14 * 24 * 3600 * 1000)
    expect(first.body.results[1]).toMatchObject({ first_name: null, last_name: null, roles: ['student'] })

    const second = await list(org.admin.token, org.organization.id, '?page=2')
    expect(second.body.results).toHaveLength(2)
    expect(second.body.next).toBeNull()
    const emails = [...first.body.results, ...second.body.results].map((row: { email: string }) => row.email)
    expect(emails).not.toContain('gone@example.com')
    expect(new Set(emails).size).toBe(12)

    const teachers = await list(org.admin.token, org.organization.id, '?roles=teacher')
    expect(teachers.body.count).toBe(1)
    const both = await list(org.admin.token, org.organization.id, '?roles=teacher&roles=admin')
    expect(both.body.results.map((row: { email: string }) => row.email)).toEqual(['known@example.com'])
  })

  it('leaves out the invitations of other organizations and accepted ones', async () => {
    const org = await createOrganizationWithPeople(server, { name: 'Own School', prefix: 'own' })
    await invite(other.admin.token, other.organization.id, ['elsewhere@example.com'])
    const joiner = await createUser(server, { email: 'joiner@example.com' })
    await invite(org.admin.token, org.organization.id, ['joiner@example.com'])
    const token = await inviteTokenFor(server, 'joiner@example.com')
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', {
      token: await login(server, joiner.email),
      body: { token, email: 'joiner@example.com' },
    })
    expect(accepted.status).toBe(200)
    expect((await list(org.admin.token, org.organization.id)).body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })
})

describe('expiry (INVITATION_TTL of an hour)', () => {
  let short: TestServer
  beforeAll(async () => {
    short = await startServer({ env: { INVITATION_TTL: '3600' } })
  })
  afterAll(() => short.close())

  it('marks an expired invitation, whose link is refused, and which can still be resent', async () => {
    const org = await createOrganizationWithPeople(short, { name: 'Expiry School', prefix: 'exp' })
    const invitee = await createUser(short, { email: 'late@example.com' })
    const inviteeToken = await login(short, invitee.email)
    const reply = await short.api('POST', '/v1/accounts/invite/', {
      token: org.admin.token,
      body: { organization: org.organization.id, role: 'student', emails: ['late@example.com'] },
    })
    const late = reply.body.invitations[0] as { id: number }
    const token = await inviteTokenFor(short, 'late@example.com')
    const listed = () => short.api('GET', `/v1/invitations/organization/${org.organization.id}/`, { token: org.admin.token })
    const first = (await listed()).body.results[0]
    expect(Date.parse(first.expires_at) - Date.parse(first.sent_at)).toBe(3600 * 1000)
    short.advance(3599)
    expect((await short.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(200)
    short.advance(1)
    expect((await listed()).body.results[0]).toMatchObject({ id: late.id, status: 'expired' })

    // the link answers the expired-or-invalid message on validate and accept
    const expired = await short.api('GET', `/v1/invitations/validate/${token}/`)
    expect(expired.status).toBe(404)
    expect(expired.body).toEqual({ detail: 'Invitation is expired or not valid' })
    const accept = await short.api('POST', '/v1/accounts/invite/accept', { token: inviteeToken, body: { token, email: 'late@example.com' } })
    expect(accept.status).toBe(404)
    expect(accept.body).toEqual({ detail: 'Invitation is expired or not valid' })

    // resending renews it for another hour, with a new link that works
    const resent = await short.api('POST', `/v1/invitations/${late.id}/resend/`, { token: org.admin.token })
    expect(resent.status).toBe(200)
    expect(resent.body.status).toBe('resent')
    expect(Date.parse(resent.body.expires_at) - Date.parse(resent.body.sent_at)).toBe(3600 * 1000)
    const renewed = await inviteTokenFor(short, 'late@example.com')
    expect((await short.api('GET', `/v1/invitations/validate/${renewed}/`)).status).toBe(200)
    const joined = await short.api('POST', '/v1/accounts/invite/accept', { token: inviteeToken, body: { token: renewed, email: 'late@example.com' } })
    expect(joined.status).toBe(200)
    expect((await listed()).body.count).toBe(0)
  })
})

describe('revoking an invitation', () => {
  it('closes its link: validating and accepting answer the invalid-invitation message', async () => {
    const invitee = await createUser(server, { email: 'revoked@example.com' })
    const [row] = await invite(school.admin.token, school.organization.id, ['revoked@example.com'])
    const token = await inviteTokenFor(server, 'revoked@example.com')
    expect((await validate(token)).status).toBe(200)

    const reply = await revoke(school.admin.token, row!.id)
    expect(reply.status).toBe(204)
    const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, row!.id))
    expect(stored?.status).toBe('revoked')
    expect((await validate(token)).body).toEqual({ detail: 'Invitation is expired or not valid' })
    const accept = await server.api('POST', '/v1/accounts/invite/accept', {
      token: await login(server, invitee.email),
      body: { token, email: 'revoked@example.com' },
    })
    expect(accept.status).toBe(404)
    expect(accept.body).toEqual({ detail: 'Invitation is expired or not valid' })

    // a second revoke, and a resend of a revoked invitation, are refused: it is closed
    const again = await revoke(school.admin.token, row!.id)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ detail: 'This invitation was already accepted or removed.', code: 'invitation_closed' })
    expect((await resend(school.admin.token, row!.id)).status).toBe(409)
    // the address can be invited again afterwards
    await invite(school.admin.token, school.organization.id, ['revoked@example.com'])
  })

  it('answers 404 for an invitation that does not exist', async () => {
    const reply = await revoke(school.admin.token, 999999)
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ detail: 'Not found.' })
  })
})

describe('resending one invitation', () => {
  it('renews the token and the expiry, mails again, and the old link stops working', async () => {
    const [row] = await invite(school.admin.token, school.organization.id, ['again@example.com'])
    const oldToken = await inviteTokenFor(server, 'again@example.com')
    const [before] = await server.db.select().from(invitations).where(eq(invitations.id, row!.id))
    server.advance(3600)

    const reply = await resend(school.admin.token, row!.id)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ id: row!.id, email: 'again@example.com', status: 'resent', roles: ['student'] })
    // the server's clock runs on: at least the hour later, and 14 days from the resend
    expect(Date.parse(reply.body.sent_at)).toBeGreaterThanOrEqual(before!.created.getTime() + 3600 * 1000)
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.sent_at)).toBe(14 * 24 * 3600 * 1000)
    expect(Date.parse(reply.body.expires_at)).toBeGreaterThanOrEqual(before!.expiresAt.getTime() + 3600 * 1000)
    expect(await server.mails('again@example.com')).toHaveLength(2)
    const newToken = await inviteTokenFor(server, 'again@example.com')
    expect(newToken).not.toBe(oldToken)
    expect((await validate(oldToken)).status).toBe(404)
    expect((await validate(newToken)).status).toBe(200)
  })

  it('is limited per invitation so that it cannot flood an inbox', async () => {
    const [row, neighbour] = await invite(school.admin.token, school.organization.id, ['flood@example.com', 'calm@example.com'])
    for (let i = 0; i < 3; i++) expect((await resend(school.admin.token, row!.id)).status).toBe(200)
    const refused = await resend(superToken, row!.id)
    expect(refused.status).toBe(429)
    expect(refused.body.detail).toMatch(/^Too many attempts\. Try again in \d+ minutes?|seconds?/)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await server.mails('flood@example.com')).toHaveLength(4)
    // another invitation has its own count
    expect((await resend(school.admin.token, neighbour!.id)).status).toBe(200)
    // a window later it may be resent again
    server.advance(15 * 60)
    expect((await resend(school.admin.token, row!.id)).status).toBe(200)
  })
})

describe('resending several invitations', () => {
  it('says there is no invite selected when the list is empty', async () => {
    const before = await snapshot(server)
    const reply = await resendMany(school.admin.token, school.organization.id, [])
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ invitation_ids: ['There is no invite selected'] })
    expect(await snapshot(server)).toEqual(before)
  })

  it('resends all of them, each with a new link', async () => {
    const rows = await invite(school.admin.token, school.organization.id, ['bulk1@example.com', 'bulk2@example.com'])
    const old = [await inviteTokenFor(server, 'bulk1@example.com'), await inviteTokenFor(server, 'bulk2@example.com')]
    const reply = await resendMany(school.admin.token, school.organization.id, rows.map((row) => row.id))
    expect(reply.status).toBe(200)
    expect(reply.body.invitations.map((row: { email: string; status: string }) => [row.email, row.status])).toEqual([
      ['bulk1@example.com', 'resent'],
      ['bulk2@example.com', 'resent'],
    ])
    for (const token of old) expect((await validate(token)).status).toBe(404)
    expect(await server.mails('bulk1@example.com')).toHaveLength(2)
    expect(await server.mails('bulk2@example.com')).toHaveLength(2)
  })

  it('refuses ids of another organization, accepted or revoked ones, and sends nothing', async () => {
    const [mine] = await invite(school.admin.token, school.organization.id, ['mine@example.com'])
    const [theirs] = await invite(other.admin.token, other.organization.id, ['theirs@example.com'])
    const [closed] = await invite(school.admin.token, school.organization.id, ['closed@example.com'])
    await revoke(school.admin.token, closed!.id)
    const tokens = [await inviteTokenFor(server, 'mine@example.com'), await inviteTokenFor(server, 'theirs@example.com')]
    const before = await snapshot(server)
    for (const ids of [[mine!.id, theirs!.id], [mine!.id, closed!.id], [mine!.id, 999999]]) {
      const reply = await resendMany(school.admin.token, school.organization.id, ids)
      expect(reply.status).toBe(400)
      expect(reply.body).toEqual({
        invitation_ids: ['Some of the selected invites are no longer pending in this organization. Reload the list and try again.'],
      })
    }
    expect(await snapshot(server)).toEqual(before)
    // the links mailed before still work: nothing was rotated
    for (const token of tokens) expect((await validate(token)).status).toBe(200)
  })

  it('refuses them all when one is over its resend limit', async () => {
    const [busy, idle] = await invite(school.admin.token, school.organization.id, ['busy@example.com', 'idle@example.com'])
    for (let i = 0; i < 3; i++) await resend(school.admin.token, busy!.id)
    const idleToken = await inviteTokenFor(server, 'idle@example.com')
    const reply = await resendMany(school.admin.token, school.organization.id, [busy!.id, idle!.id])
    expect(reply.status).toBe(429)
    expect(await server.mails('idle@example.com')).toHaveLength(1)
    expect((await validate(idleToken)).status).toBe(200)
  })
})

describe('who may see and act on pending invitations', () => {
  it('refuses teachers and students (403), outsiders (404), and needs a session', async () => {
    const [row] = await invite(school.admin.token, school.organization.id, ['guarded@example.com'])
    const before = await snapshot(server)
    for (const token of [school.teacher.token, school.student.token]) {
      for (const reply of [
        await list(token, school.organization.id),
        await revoke(token, row!.id),
        await resend(token, row!.id),
        await resendMany(token, school.organization.id, [row!.id]),
      ]) {
        expect(reply.status).toBe(403)
        expect(reply.body).toEqual({ detail: 'You do not have permission to do this.' })
      }
    }
    // the admin of another organization
    for (const reply of [
      await list(other.admin.token, school.organization.id),
      await revoke(other.admin.token, row!.id),
      await resend(other.admin.token, row!.id),
      await resendMany(other.admin.token, school.organization.id, [row!.id]),
      // its own organization's call cannot reach this one's invitation either
      await resendMany(other.admin.token, other.organization.id, [row!.id]),
    ]) {
      expect([400, 404]).toContain(reply.status)
    }
    expect((await list('', school.organization.id)).status).toBe(401)
    expect((await revoke('', row!.id)).status).toBe(401)
    expect(await snapshot(server)).toEqual(before)
    expect(await server.mails('guarded@example.com')).toHaveLength(1)
  })

  it('lets a country admin act in their country only, and a platform admin everywhere', async () => {
    const usSchool = await createOrganization(server.db, { name: 'US School', type: 'school', country: 'US' })
    const jpSchool = await createOrganization(server.db, { name: 'JP School', type: 'school', country: 'JP' })
    await createUser(server, { email: 'us-staff@example.com', superuser: true, countryAdminLevel: 'US' })
    const countryToken = await login(server, 'us-staff@example.com')
    const [us] = await invite(superToken, usSchool.id, ['us-invitee@example.com'])
    const [jp] = await invite(superToken, jpSchool.id, ['jp-invitee@example.com'])

    expect((await list(countryToken, usSchool.id)).body.count).toBe(1)
    expect((await resend(countryToken, us!.id)).status).toBe(200)
    expect((await list(countryToken, jpSchool.id)).status).toBe(404)
    expect((await resend(countryToken, jp!.id)).status).toBe(404)
    expect((await revoke(countryToken, jp!.id)).status).toBe(404)
    expect((await resendMany(countryToken, jpSchool.id, [jp!.id])).status).toBe(404)
    expect((await revoke(countryToken, us!.id)).status).toBe(204)

    expect((await list(superToken, jpSchool.id)).body.count).toBe(1)
    expect((await resendMany(superToken, jpSchool.id, [jp!.id])).status).toBe(200)
    expect((await revoke(superToken, jp!.id)).status).toBe(204)
  })
})
