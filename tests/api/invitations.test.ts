import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groups, invitationGroups, invitations, memberships } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/** Inviting by e-mail: who may, the mailed link, validating and accepting. */

let server: TestServer
let people: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let superToken: string

beforeAll(async () => {
  server = await startServer()
  people = await createOrganizationWithPeople(server, { name: 'Springfield High', prefix: 'spr' })
  await createUser(server, { email: 'staff@example.com', superuser: true })
  superToken = await login(server, 'staff@example.com')
})
afterAll(() => server.close())

const invite = (token: string, body: Record<string, unknown>) => server.api('POST', '/v1/accounts/invite/', { token, body })

/** The spec's payload of the newest invitation mailed to `email`, as the page of its short link gets it. */
const payloadOf = async (email: string) => {
  const token = await inviteTokenFor(server, email)
  const reply = await server.api('GET', `/v1/invitations/validate/${token}/`)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body
}

describe('who may invite', () => {
  it('refuses students, teachers and outsiders of the organization', async () => {
    const outsider = await createUser(server, { email: 'outsider@example.com' })
    const outsiderToken = await login(server, outsider.email)
    const before = await snapshot(server)
    for (const token of [people.student.token, people.teacher.token, outsiderToken]) {
      const reply = await invite(token, { organization: people.organization.id, role: 'student', emails: ['kid@example.com'] })
      expect(reply.status).toBe(403)
      expect(reply.body).toEqual({ detail: 'You do not have permission to do this.' })
    }
    // an organization that does not exist looks the same to them
    expect((await invite(people.admin.token, { organization: 999999, role: 'student', emails: ['kid@example.com'] })).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
  })

  it('lets the organization admin and a platform admin invite', async () => {
    const byAdmin = await invite(people.admin.token, { organization: people.organization.id, role: 'student', emails: ['pupil1@example.com'] })
    expect(byAdmin.status).toBe(201)
    expect(byAdmin.body).toEqual({
      invitations: [
        { id: expect.any(Number), email: 'pupil1@example.com', role: 'student', organization: people.organization.id, status: 'pending', created: expect.any(String) },
      ],
      renewed: [],
    })
    const bySuperuser = await invite(superToken, { organization: people.organization.id, role: 'admin', emails: ['boss@example.com'] })
    expect(bySuperuser.status).toBe(201)
    expect((await invite(superToken, { organization: 999999, role: 'student', emails: ['x@example.com'] })).status).toBe(404)
  })

  it('needs a session', async () => {
    const reply = await server.api('POST', '/v1/accounts/invite/', { body: { organization: people.organization.id, role: 'student', emails: ['a@example.com'] } })
    expect(reply.status).toBe(401)
  })
})

describe('the invitation mail', () => {
  it('carries a short link with an opaque token that the server turns into the payload', async () => {
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: people.organization.id, name: 'Grade 4', startDate: '2026-01-05', endDate: '2026-02-04' })
      .returning()
    await invite(people.admin.token, { organization: people.organization.id, role: 'teacher', emails: ['Teach.Er@Example.com'], group: group!.id, auto_join: 1 })
    const [mail] = await server.mails('teach.er@example.com')
    expect(mail?.subject).toBe('You are invited to join Springfield High')
    expect(mail?.text).toContain('Your role: Teacher.')
    // <PUBLIC_URL>/invite/<token>: no name, no address, nothing to decode in the link itself
    const link = await server.linkFor('teach.er@example.com', '/invite/')
    expect(link.href).toMatch(/^http:\/\/portal\.test\/invite\/[A-Za-z0-9_-]{32,64}$/)
    expect(mail?.text).toContain(`Accept invitation: ${link.href}\n`)
    // the written-out link wraps in the HTML mail
    expect(mail?.html).toMatch(/<p style="[^"]*overflow-wrap: anywhere;[^"]*">[^<]*<br><a href="http:\/\/portal\.test\/invite\//)
    const token = await inviteTokenFor(server, 'teach.er@example.com')
    expect(await payloadOf('teach.er@example.com')).toEqual({
      token,
      organization_name: 'Springfield High',
      email: 'teach.er@example.com',
      new_user: true,
      role: 'teacher',
      organization_type: 'school',
    })
    const [row] = await server.db.select().from(invitations).where(eq(invitations.email, 'teach.er@example.com'))
    expect(row).toMatchObject({ organizationWide: false, autoJoin: true, invitedBy: people.admin.user.id })
    const classes = await server.db.select().from(invitationGroups).where(eq(invitationGroups.invitationId, row!.id))
    expect(classes).toEqual([{ invitationId: row!.id, groupId: group!.id }])
    // only a hash of the token is stored
    expect(row?.tokenHash).not.toContain(token)
  })

  it('uses company wording and the invitee language when the invitee has an account', async () => {
    const company = await createOrganizationWithPeople(server, { name: 'Acme Corp', type: 'company', prefix: 'acme' })
    await createUser(server, { email: 'yuki@example.jp', language: 'ja', firstName: 'Yuki' })
    await invite(company.admin.token, { organization: company.organization.id, role: 'student', emails: ['yuki@example.jp', 'new@example.com'] })
    const [japanese] = await server.mails('yuki@example.jp')
    expect(japanese?.language).toBe('ja')
    expect(japanese?.subject).toContain('Acme Corp')
    expect(japanese?.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    expect((await payloadOf('yuki@example.jp')).new_user).toBe(false)
    const [english] = await server.mails('new@example.com')
    expect(english?.language).toBe('en')
    expect(english?.text).toContain('Your role: Employee.')
  })

  it('renews a pending invitation instead of adding a second one, and mails it again only after a day', async () => {
    const body = { organization: people.organization.id, role: 'student', emails: ['again@example.com', 'AGAIN@example.com'] }
    const first = await invite(people.admin.token, body)
    expect(first.body.invitations).toHaveLength(1)
    expect(first.body.renewed).toEqual([])
    const firstToken = (await payloadOf('again@example.com')).token
    const rowOf = async () =>
      server.db
        .select()
        .from(invitations)
        .where(and(eq(invitations.email, 'again@example.com'), eq(invitations.organizationId, people.organization.id)))
    const [mailed] = await rowOf()
    // within the day: renewed (a later expiry), not mailed again, and the link mailed first still works
    server.advance(3600)
    const second = await invite(people.admin.token, body)
    expect(second.status).toBe(201)
    expect(second.body.invitations[0].id).toBe(first.body.invitations[0].id)
    expect(second.body.renewed).toEqual(['again@example.com'])
    const renewed = await rowOf()
    expect(renewed).toHaveLength(1)
    expect(renewed[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(mailed!.expiresAt.getTime() + 3600_000)
    expect(await server.mails('again@example.com')).toHaveLength(1)
    expect((await server.api('GET', `/v1/invitations/validate/${firstToken}/`)).status).toBe(200)
    // a day after its mail: mailed again, with a new link
    server.advance(23 * 3600)
    const third = await invite(people.admin.token, body)
    expect(third.body.renewed).toEqual([])
    const rows = await rowOf()
    expect(rows).toHaveLength(1)
    expect(await server.mails('again@example.com')).toHaveLength(2)
    const secondToken = (await payloadOf('again@example.com')).token
    expect(secondToken).not.toBe(firstToken)
    expect((await server.api('GET', `/v1/invitations/validate/${firstToken}/`)).status).toBe(404)
    expect((await server.api('GET', `/v1/invitations/validate/${secondToken}/`)).status).toBe(200)
  })
})

describe('validating and accepting', () => {
  it('validates a pending invitation without a session', async () => {
    await invite(people.admin.token, { organization: people.organization.id, role: 'student', emails: ['check@example.com'] })
    const { token } = await payloadOf('check@example.com')
    const reply = await server.api('GET', `/v1/invitations/validate/${token}/`)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      token,
      organization_name: 'Springfield High',
      email: 'check@example.com',
      new_user: true,
      role: 'student',
      organization_type: 'school',
    })
    const bad = await server.api('GET', '/v1/invitations/validate/not-a-token/')
    expect(bad.status).toBe(404)
    expect(bad.body).toEqual({ detail: 'Invitation is expired or not valid' })
  })

  it('accepts for the invited user only, and accepting twice is harmless', async () => {
    const invitee = await createUser(server, { email: 'joiner@example.com' })
    const stranger = await createUser(server, { email: 'stranger@example.com' })
    await invite(people.admin.token, { organization: people.organization.id, role: 'teacher', emails: ['joiner@example.com'] })
    const { token } = await payloadOf('joiner@example.com')
    const inviteeToken = await login(server, invitee.email)
    const strangerToken = await login(server, stranger.email)

    const before = await snapshot(server)
    const wrongUser = await server.api('POST', '/v1/accounts/invite/accept', { token: strangerToken, body: { token, email: 'joiner@example.com' } })
    expect(wrongUser.status).toBe(400)
    expect(wrongUser.body).toEqual({ detail: 'Invite could not be accepted', code: 'email_mismatch' })
    const wrongEmail = await server.api('POST', '/v1/accounts/invite/accept', { token: strangerToken, body: { token, email: 'stranger@example.com' } })
    expect(wrongEmail.status).toBe(400)
    expect(await snapshot(server)).toEqual(before)
    expect((await server.api('POST', '/v1/accounts/invite/accept', { body: { token, email: 'joiner@example.com' } })).status).toBe(401)

    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token: inviteeToken, body: { token, email: 'Joiner@example.com' } })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toEqual({ organization: { id: people.organization.id, name: 'Springfield High', type: 'school', timezone: people.organization.timezone, roles: ['teacher'] } })
    const again = await server.api('POST', '/v1/accounts/invite/accept', { token: inviteeToken, body: { token, email: 'joiner@example.com' } })
    expect(again.status).toBe(200)
    const rows = await server.db.select().from(memberships).where(eq(memberships.userId, invitee.id))
    expect(rows).toHaveLength(1)
    const account = await server.api('GET', `/v1/accounts/${invitee.id}`, { token: inviteeToken })
    expect(account.body.organizations).toEqual([{ id: people.organization.id, name: 'Springfield High', type: 'school', timezone: people.organization.timezone, roles: ['teacher'], sole_admin: false }])
    // once accepted the link is no longer valid for anyone else
    expect((await server.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(404)
    const [row] = await server.db.select().from(invitations).where(eq(invitations.email, 'joiner@example.com'))
    expect(row).toMatchObject({ status: 'accepted', acceptedBy: invitee.id })
  })

  it('adds a second role to a member', async () => {
    await invite(people.admin.token, { organization: people.organization.id, role: 'admin', emails: [people.teacher.user.email] })
    const { token, new_user } = await payloadOf(people.teacher.user.email)
    expect(new_user).toBe(false)
    const reply = await server.api('POST', '/v1/accounts/invite/accept', { token: people.teacher.token, body: { token, email: people.teacher.user.email } })
    expect(reply.body.organization.roles).toEqual(['admin', 'teacher'])
  })

  it('refuses an expired invitation', async () => {
    const late = await createUser(server, { email: 'late@example.com' })
    await invite(people.admin.token, { organization: people.organization.id, role: 'student', emails: ['late@example.com'] })
    const { token } = await payloadOf('late@example.com')
    server.advance(15 * 24 * 3600)
    const lateToken = await login(server, late.email)
    const reply = await server.api('POST', '/v1/accounts/invite/accept', { token: lateToken, body: { token, email: 'late@example.com' } })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ detail: 'Invitation is expired or not valid' })
    expect((await server.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(404)
  })
})

describe('the invitation mail says until when its link works', () => {
  // the server's clock held at 2025-03-05 23:30 UTC: an invitation of 14 days works until 2025-03-19 23:30 UTC
  let fixed: TestServer
  let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  beforeAll(async () => {
    fixed = await startServer({ now: '2025-03-05T23:30:00Z' })
    school = await createOrganizationWithPeople(fixed, { name: 'Chiang Mai School', prefix: 'cm' })
  })
  afterAll(() => fixed.close())

  // ICU writes U+0020 or U+202F before AM/PM depending on its version; a reader sees a space either way
  const spaced = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/gu, ' ')

  it('in each invitee language, and the link stops working then', async () => {
    await createUser(fixed, { email: 'somchai@example.th', language: 'th', firstName: 'Somchai' })
    await createUser(fixed, { email: 'lan@example.vn', language: 'vi', firstName: 'Lan' })
    const reply = await fixed.api('POST', '/v1/accounts/invite/', {
      token: school.admin.token,
      body: { organization: school.organization.id, role: 'student', emails: ['somchai@example.th', 'lan@example.vn', 'fresh@example.com'] },
    })
    expect(reply.status).toBe(201)

    const [thai] = await fixed.mails('somchai@example.th')
    expect(thai?.language).toBe('th')
    // the Thai calendar counts years in the Buddhist era: 2025 is 2568
    expect(thai?.text).toContain('ลิงก์นี้ใช้งานได้ถึง 19/03/2568 23:30 UTC')
    const [vietnamese] = await fixed.mails('lan@example.vn')
    expect(vietnamese?.text).toContain('Đường liên kết này có hiệu lực đến 23:30 UTC 19/03/2025.')
    const [english] = await fixed.mails('fresh@example.com')
    expect(english?.language).toBe('en')
    expect(spaced(english?.text)).toContain('This link works until 03/19/2025, 11:30 PM UTC.')
    expect(spaced(english?.html)).toContain('This link works until 03/19/2025, 11:30 PM UTC.')

    const token = await inviteTokenFor(fixed, 'fresh@example.com')
    fixed.advance(14 * 24 * 3600 - 1)
    expect((await fixed.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(200)
    fixed.advance(1)
    expect((await fixed.api('GET', `/v1/invitations/validate/${token}/`)).status).toBe(404)
  })
})
