import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../../server/app.js'
import { createSession } from '../../server/auth/sessions.js'
import { memberships, organizations, users } from '../../server/db/schema.js'
import { runMaintenance } from '../../server/maintenance.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/** Editing, verifying, enabling/disabling, deleting (soft, restorable, purged) organizations. */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let rootToken: string
let jpToken: string

const PASSWORD = 'a fine passphrase'

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Springfield High',
  type: 'school',
  industry: 'education',
  address_1: '19 Plympton St',
  address_2: null,
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
  ...overrides,
})

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'adm' })
  await server.db.update(organizations).set({ country: 'US' }).where(eq(organizations.id, school.organization.id))
  await createUser(server, { email: 'root@example.com', superuser: true })
  rootToken = await login(server, 'root@example.com')
  await createUser(server, { email: 'jp@example.com', superuser: true, countryAdminLevel: 'JP' })
  jpToken = await login(server, 'jp@example.com')
})
afterAll(() => server.close())

const url = () => `/v1/organizations/${school.organization.id}/`

describe('editing an organization', () => {
  it('saves the form for its admin, trimmed; verification stays the platform admins\'', async () => {
    const reply = await server.api('PUT', url(), { token: school.admin.token, body: form({ name: '  Springfield High  ', address_2: ' ' }) })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body).toMatchObject({ name: 'Springfield High', address_2: null, city: 'Springfield', is_verified: false, deleted_at: null })
    // sending the same is_verified is fine; another is refused
    expect((await server.api('PUT', url(), { token: school.admin.token, body: form({ is_verified: false }) })).status).toBe(200)
    const before = await snapshot(server)
    expect((await server.api('PUT', url(), { token: school.admin.token, body: form({ is_verified: true }) })).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
    const verified = await server.api('PUT', url(), { token: rootToken, body: form({ is_verified: true }) })
    expect(verified.body.is_verified).toBe(true)
  })

  it('answers every missing field with the form\'s message and changes nothing', async () => {
    const before = await server.db.select().from(organizations).where(eq(organizations.id, school.organization.id))
    const reply = await server.api('PUT', url(), { token: school.admin.token, body: { name: ' ', country: 'ZZ' } })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      name: ['Please input organization name'],
      type: ['Please pick a organization type'],
      industry: ['Please pick an industry'],
      address_1: ['Please input a address'],
      city: ['Please input a city'],
      state: ['Please input a state'],
      postal_code: ['Please pick a postcode'],
    })
    expect(await server.db.select().from(organizations).where(eq(organizations.id, school.organization.id))).toEqual(before)
  })

  it('is refused to teachers, students, other organizations and other countries', async () => {
    const other = await createOrganizationWithPeople(server, { prefix: 'oth' })
    expect((await server.api('PUT', url(), { token: school.teacher.token, body: form() })).status).toBe(403)
    expect((await server.api('PUT', url(), { token: school.student.token, body: form() })).status).toBe(403)
    expect((await server.api('PUT', url(), { token: other.admin.token, body: form() })).status).toBe(404)
    expect((await server.api('PUT', url(), { token: jpToken, body: form({ country: 'JP' }) })).status).toBe(404)
    // a country admin cannot move one of theirs to another country
    const tokyo = await createOrganization(server.db, { name: 'Tokyo School', type: 'school', country: 'JP' })
    const moved = await server.api('PUT', `/v1/organizations/${tokyo.id}/`, { token: jpToken, body: form({ country: 'US' }) })
    expect(moved.status).toBe(403)
    expect((await server.api('PUT', `/v1/organizations/${tokyo.id}/`, { token: jpToken, body: form({ country: 'JP' }) })).status).toBe(200)
  })
})

describe('enabling and disabling', () => {
  it('needs the acting user\'s own password, checked on the server', async () => {
    const status = `${url()}status/`
    const missing = await server.api('POST', status, { token: school.admin.token, body: { status: 'inactive' } })
    expect(missing.status).toBe(400)
    expect(missing.body.password).toEqual(['Please input password'])
    const wrong = await server.api('POST', status, { token: school.admin.token, body: { status: 'inactive', password: 'not mine' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ password: ['Your current password is not correct.'] })
    expect((await server.api('GET', url(), { token: rootToken })).body.status).toBe('active')

    const disabled = await server.api('POST', status, { token: school.admin.token, body: { status: 'inactive', password: PASSWORD } })
    expect(disabled.status).toBe(200)
    expect(disabled.body.status).toBe('inactive')
    const enabled = await server.api('POST', status, { token: rootToken, body: { status: 'active', password: PASSWORD } })
    expect(enabled.body.status).toBe('active')
    expect((await server.api('POST', status, { token: school.teacher.token, body: { status: 'inactive', password: PASSWORD } })).status).toBe(403)
  })

  it('a social-only account is asked to define a password first', async () => {
    const admin = await createUser(server, { email: 'social-admin@example.com', password: null })
    await server.db.insert(memberships).values({ userId: admin.id, organizationId: school.organization.id, role: 'admin' })
    const session = await createSession(server.db, admin.id, new Date(), 3600)
    const reply = await server.api('POST', `${url()}status/`, { token: session.token, body: { status: 'inactive', password: 'x' } })
    expect(reply.status).toBe(400)
    expect(reply.body.password[0]).toMatch(/Define a password/)
  })
})

describe('bulk verification', () => {
  it('changes the organizations in reach and counts them', async () => {
    const a = await createOrganization(server.db, { name: 'A', type: 'school', country: 'JP' })
    const b = await createOrganization(server.db, { name: 'B', type: 'school', country: 'US' })
    const c = await createOrganization(server.db, { name: 'C', type: 'school', country: 'JP', isVerified: true })
    const ids = [a.id, b.id, c.id, 999999]
    // the country admin reaches a (c is verified already); b is another country's
    expect((await server.api('POST', '/v1/organizations/verify/', { token: jpToken, body: { ids, is_verified: true } })).body).toEqual({ updated: 1 })
    expect((await server.api('POST', '/v1/organizations/verify/', { token: rootToken, body: { ids, is_verified: true } })).body).toEqual({ updated: 1 })
    expect((await server.api('POST', '/v1/organizations/verify/', { token: rootToken, body: { ids, is_verified: false } })).body).toEqual({ updated: 3 })
    expect((await server.api('POST', '/v1/organizations/verify/', { token: school.admin.token, body: { ids, is_verified: true } })).status).toBe(403)
    expect((await server.api('POST', '/v1/organizations/verify/', { token: rootToken, body: { ids: [], is_verified: true } })).status).toBe(400)
  })
})

describe('deleting', () => {
  it('hides the organization, keeps its rows, can be undone, and is purged after 30 days', async () => {
    const doomed = await createOrganizationWithPeople(server, { prefix: 'del' })
    const target = `/v1/organizations/${doomed.organization.id}/`
    const wrong = await server.api('DELETE', target, { token: doomed.admin.token, body: { password: 'nope' } })
    expect(wrong.status).toBe(400)
    expect((await server.api('GET', target, { token: doomed.admin.token })).status).toBe(200)

    expect((await server.api('DELETE', target, { token: doomed.admin.token, body: { password: PASSWORD } })).status).toBe(204)
    // gone for its members: the organization, its member list, the account's organizations
    expect((await server.api('GET', target, { token: doomed.admin.token })).status).toBe(404)
    expect((await server.api('GET', `${target}users`, { token: doomed.admin.token })).status).toBe(404)
    const me = await server.api('GET', `/v1/accounts/${doomed.student.user.id}`, { token: doomed.student.token })
    expect(me.body.organizations).toEqual([])
    // and from the platform admin's list, except when asking for deleted ones
    const listed = await server.api('GET', '/v1/organizations/?search=School del', { token: rootToken })
    expect(listed.body.count).toBe(0)
    const deleted = await server.api('GET', '/v1/organizations/?deleted=true&search=School del', { token: rootToken })
    expect(deleted.body.results.map((row: { id: number }) => row.id)).toEqual([doomed.organization.id])
    expect(deleted.body.results[0].deleted_at).toEqual(expect.any(String))
    // the list says when it goes for good: 30 days after the delete
    const { deleted_at: deletedAt, purge_at: purgeAt } = deleted.body.results[0]
    expect(Date.parse(purgeAt) - Date.parse(deletedAt)).toBe(30 * 24 * 3600 * 1000)

    // undo: members see it again
    expect((await server.api('POST', `${target}restore/`, { token: doomed.admin.token })).status).toBe(403)
    expect((await server.api('POST', `${target}restore/`, { token: jpToken })).status).toBe(404)
    const restored = await server.api('POST', `${target}restore/`, { token: rootToken })
    expect(restored.status).toBe(200)
    expect(restored.body.deleted_at).toBeNull()
    expect(restored.body.purge_at).toBeNull()
    expect((await server.api('GET', target, { token: doomed.student.token })).status).toBe(200)
    expect((await server.api('POST', `${target}restore/`, { token: rootToken })).status).toBe(404)

    // deleted again, then 29 days: still restorable; 31 days: purged with its memberships
    expect((await server.api('DELETE', target, { token: rootToken, body: { password: PASSWORD } })).status).toBe(204)
    server.advance(29 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect(await server.db.select().from(organizations).where(eq(organizations.id, doomed.organization.id))).toHaveLength(1)
    server.advance(2 * 24 * 3600)
    await runMaintenance(server.app.portal)
    expect(await server.db.select().from(organizations).where(eq(organizations.id, doomed.organization.id))).toEqual([])
    expect(await server.db.select().from(memberships).where(eq(memberships.organizationId, doomed.organization.id))).toEqual([])
    // the people stay
    expect(await server.db.select().from(users).where(eq(users.id, doomed.student.user.id))).toHaveLength(1)
  })
})
