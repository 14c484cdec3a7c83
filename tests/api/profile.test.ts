import { eq } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { invitations, memberships, organizations, users } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * The profile's calls (spec §2 Profile, §4 and §6 withdrawing, §5 delete account): one's photo, withdrawing
 * from an organization by role, and what deleting an account takes with it.
 */

const PNG = readFileSync(new URL('../fixtures/logo.png', import.meta.url))
const GIF = readFileSync(new URL('../fixtures/logo.gif', import.meta.url))

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const me = (reply: { body: { id: number } }) => reply.body.id

describe('the profile photo', () => {
  it('is uploaded by its owner, served by its content type to anyone, replaced and removed', async () => {
    const user = await createUser(server, { email: 'photo@example.com' })
    const token = await login(server, user.email)
    const first = await server.api('PUT', `/v1/accounts/${user.id}/photo/`, { token, raw: { payload: PNG, contentType: 'image/png' } })
    expect(first.status, first.text).toBe(200)
    const url: string = first.body.photo_url
    expect(url).toMatch(new RegExp(`^/v1/accounts/${user.id}/photo/[a-z0-9]+$`))

    const served = await server.api('GET', url)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')

    // a GIF sent as a PNG is stored and served as what it is
    const second = await server.api('PUT', `/v1/accounts/${user.id}/photo/`, { token, raw: { payload: GIF, contentType: 'image/png' } })
    expect(second.status).toBe(200)
    expect(second.body.photo_url).not.toBe(url)
    expect((await server.api('GET', second.body.photo_url)).headers['content-type']).toBe('image/gif')
    expect((await server.api('GET', url)).status, 'the old photo is deleted').toBe(404)

    // the account is shown with it, and so is the member in an organization's lists
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body.photo_url).toBe(second.body.photo_url)

    const removed = await server.api('DELETE', `/v1/accounts/${user.id}/photo/`, { token })
    expect(removed.status).toBe(200)
    expect(removed.body.photo_url).toBeNull()
    expect((await server.api('GET', second.body.photo_url)).status).toBe(404)
  })

  it("refuses what is no JPEG, PNG or GIF by its bytes, whatever its type says, and changes nothing", async () => {
    const user = await createUser(server, { email: 'photo-bad@example.com' })
    const token = await login(server, user.email)
    const before = await snapshot(server)
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const reply = await server.api('PUT', `/v1/accounts/${user.id}/photo/`, { token, raw: { payload: html, contentType: 'image/png' } })
    expect(reply.status).toBe(415)
    expect(reply.body.detail).toBe('File type is not allowed')
    const svg = await server.api('PUT', `/v1/accounts/${user.id}/photo/`, { token, raw: { payload: '<svg/>', contentType: 'image/svg+xml' } })
    expect(svg.status).toBe(415)
    const large = await server.api('PUT', `/v1/accounts/${user.id}/photo/`, {
      token,
      raw: { payload: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), contentType: 'image/png' },
    })
    expect(large.status).toBe(413)
    expect(await snapshot(server)).toEqual(before)
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.photoKey).toBeNull()
  })

  it("is nobody else's to change", async () => {
    const owner = await createUser(server, { email: 'photo-owner@example.com' })
    const other = await createUser(server, { email: 'photo-other@example.com' })
    const token = await login(server, other.email)
    const reply = await server.api('PUT', `/v1/accounts/${owner.id}/photo/`, { token, raw: { payload: PNG, contentType: 'image/png' } })
    expect(reply.status).toBe(403)
  })
})

describe('withdrawing from an organization', () => {
  it('takes every role of a student, who then reaches the organization no more', async () => {
    const school = await createOrganizationWithPeople(server)
    const { student } = school
    await server.db.insert(memberships).values({ userId: student.user.id, organizationId: school.organization.id, role: 'teacher' })
    const reply = await server.api('DELETE', `/v1/organizations/${school.organization.id}/membership/`, { token: student.token })
    expect(reply.status, reply.text).toBe(204)
    const account = await server.api('GET', `/v1/accounts/${student.user.id}`, { token: student.token })
    expect(account.body.organizations).toEqual([])
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: student.token })).status).toBe(404)
    // a second time: no longer a member
    expect((await server.api('DELETE', `/v1/organizations/${school.organization.id}/membership/`, { token: student.token })).status).toBe(404)
  })

  it("refuses the only admin with the spec's message and keeps the membership; with a second admin it goes", async () => {
    const school = await createOrganizationWithPeople(server)
    const { admin } = school
    const account = await server.api('GET', `/v1/accounts/${admin.user.id}`, { token: admin.token })
    expect(account.body.organizations).toEqual([
      { id: school.organization.id, name: school.organization.name, type: 'school', timezone: school.organization.timezone, roles: ['admin'], sole_admin: true },
    ])
    const before = await snapshot(server)
    const refused = await server.api('DELETE', `/v1/organizations/${school.organization.id}/membership/`, { token: admin.token })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ detail: 'Cannot remove the only admin of an organization.', code: 'sole_admin' })
    expect(await snapshot(server)).toEqual(before)

    await server.db.insert(memberships).values({ userId: school.teacher.user.id, organizationId: school.organization.id, role: 'admin' })
    const after = await server.api('GET', `/v1/accounts/${admin.user.id}`, { token: admin.token })
    expect(after.body.organizations[0].sole_admin).toBe(false)
    expect((await server.api('DELETE', `/v1/organizations/${school.organization.id}/membership/`, { token: admin.token })).status).toBe(204)
  })

  it('refuses a disabled member with a 403 that says whom to ask, and changes nothing; enabled again, it may go', async () => {
    const school = await createOrganizationWithPeople(server)
    const { student, admin } = school
    const membership = `/v1/organizations/${school.organization.id}/membership/`
    const disabled = await server.api('POST', `/v1/organizations/${school.organization.id}/users/${student.user.id}/disable/`, { token: admin.token })
    expect(disabled.status, disabled.text).toBe(200)
    const before = await snapshot(server)
    const refused = await server.api('DELETE', membership, { token: student.token })
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toEqual({
      detail: 'An admin of this organization has disabled your membership, so you cannot withdraw from it yourself. Ask an admin of the organization to remove you.',
      code: 'member_disabled',
    })
    const translated = await server.api('DELETE', membership, { token: student.token, language: 'es-MX' })
    expect(translated.body.detail).toMatch(/^Un administrador de esta organización deshabilitó tu membresía/)
    expect(await snapshot(server)).toEqual(before)
    // the organization deleted, the disabled member gets the 404 that everybody gets
    const other = await createOrganizationWithPeople(server)
    await server.api('POST', `/v1/organizations/${other.organization.id}/users/${other.student.user.id}/disable/`, { token: other.admin.token })
    await server.db.update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, other.organization.id))
    expect((await server.api('DELETE', `/v1/organizations/${other.organization.id}/membership/`, { token: other.student.token })).status).toBe(404)

    expect((await server.api('POST', `/v1/organizations/${school.organization.id}/users/${student.user.id}/enable/`, { token: admin.token })).status).toBe(200)
    expect((await server.api('DELETE', membership, { token: student.token })).status).toBe(204)
  })

  it('is 404 for somebody who is no member, platform admins included', async () => {
    const school = await createOrganizationWithPeople(server)
    const outsider = await createUser(server, { email: `outsider-${school.organization.id}@example.com` })
    const root = await createUser(server, { email: `root-${school.organization.id}@example.com`, superuser: true })
    for (const token of [await login(server, outsider.email), await login(server, root.email)]) {
      expect((await server.api('DELETE', `/v1/organizations/${school.organization.id}/membership/`, { token })).status).toBe(404)
    }
  })
})

describe('deleting the account', () => {
  it('takes its memberships, invitations, photo and every session with it; the login fails afterwards', async () => {
    const school = await createOrganizationWithPeople(server)
    const { student } = school
    const otherDevice = await login(server, student.user.email)
    const photo = await server.api('PUT', `/v1/accounts/${student.user.id}/photo/`, {
      token: student.token,
      raw: { payload: PNG, contentType: 'image/png' },
    })
    expect(photo.status).toBe(200)
    await storeInvitations(server.db, {
      organizationId: school.organization.id,
      role: 'teacher',
      emails: [student.user.email],
      invitedBy: school.admin.user.id,
      now: new Date(),
      ttlSeconds: 3600,
    })

    const wrong = await server.api('DELETE', `/v1/accounts/${student.user.id}`, { token: student.token, body: { password: 'not it at all' } })
    expect(wrong.status).toBe(400)
    const reply = await server.api('DELETE', `/v1/accounts/${student.user.id}`, { token: student.token, body: { password: 'a fine passphrase' } })
    expect(reply.status, reply.text).toBe(204)

    expect(await server.db.select().from(users).where(eq(users.id, student.user.id))).toEqual([])
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, student.user.id))).toEqual([])
    expect(await server.db.select().from(invitations).where(eq(invitations.email, student.user.email))).toEqual([])
    expect((await server.api('GET', photo.body.photo_url)).status).toBe(404)
    expect((await server.api('GET', `/v1/accounts/${me(photo)}`, { token: otherDevice })).status).toBe(401)
    const again = await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: student.user.email, password: 'a fine passphrase' } })
    expect(again.status).toBe(400)
  })

  it('of a social account (no password) needs a fresh social sign-in', async () => {
    const user = await createUser(server, { email: 'social-delete@example.com', password: null })
    const old = await createSession(server.db, user.id, new Date(), 3600, 'password')
    const refused = await server.api('DELETE', `/v1/accounts/${user.id}`, { token: old.token, body: {} })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('reauthenticate')
    const fresh = await createSession(server.db, user.id, new Date(), 3600, 'social')
    expect((await server.api('DELETE', `/v1/accounts/${user.id}`, { token: fresh.token, body: {} })).status).toBe(204)
  })

  it("tells the only admin of an organization to hand it over first, and keeps everything", async () => {
    const school = await createOrganizationWithPeople(server)
    const before = await snapshot(server)
    const reply = await server.api('DELETE', `/v1/accounts/${school.admin.user.id}`, {
      token: school.admin.token,
      body: { password: 'a fine passphrase' },
    })
    expect(reply.status).toBe(409)
    expect(reply.body.detail).toBe('Cannot remove the only admin of an organization.')
    expect(await snapshot(server)).toEqual(before)
  })
})
