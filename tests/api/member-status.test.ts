import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { memberships, organizations, users } from '../../server/db/schema.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * Disabling and enabling a member: a disabled member reaches that organization no more (every call
 * answers as to someone who is not a member) but keeps its account and its other organizations; nobody
 * disables themselves; an organization always keeps an active admin (disable, role edits, removal);
 * and removal from the system by a country admin, within its country only.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let japan: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let rootToken: string
let usToken: string
let jpToken: string

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'sch' })
  other = await createOrganizationWithPeople(server, { prefix: 'oth' })
  japan = await createOrganizationWithPeople(server, { prefix: 'jpn' })
  for (const [place, country] of [[school, 'US'], [other, 'US'], [japan, 'JP']] as const) {
    await server.db.update(organizations).set({ country }).where(eq(organizations.id, place.organization.id))
  }
  // the school's student is a student of the other organization too
  await addMembership(server.db, school.student.user.id, other.organization.id, 'student')
  await createUser(server, { email: 'root@example.com', superuser: true })
  rootToken = await login(server, 'root@example.com')
  await createUser(server, { email: 'us@example.com', superuser: true, countryAdminLevel: 'US' })
  usToken = await login(server, 'us@example.com')
  await createUser(server, { email: 'jp@example.com', superuser: true, countryAdminLevel: 'JP' })
  jpToken = await login(server, 'jp@example.com')
})
afterAll(() => server.close())

const users_ = (organizationId: number) => `/v1/organizations/${organizationId}/users`
const member = (organizationId: number, userId: number) => `${users_(organizationId)}/${userId}`
const disable = (organizationId: number, userId: number, token?: string) =>
  server.api('POST', `${member(organizationId, userId)}/disable/`, token ? { token } : {})
const enable = (organizationId: number, userId: number, token?: string) =>
  server.api('POST', `${member(organizationId, userId)}/enable/`, token ? { token } : {})
const membershipRows = () =>
  server.db
    .select({ userId: memberships.userId, organizationId: memberships.organizationId, role: memberships.role, disabledAt: memberships.disabledAt })
    .from(memberships)
    .orderBy(asc(memberships.id))

describe('a disabled member', () => {
  it('is shown disabled in the list and the member read, with its roles', async () => {
    const sam = school.student.user.id
    const reply = await disable(school.organization.id, sam, school.admin.token)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body).toMatchObject({ id: sam, roles: ['student'], is_active: false })
    const list = await server.api('GET', users_(school.organization.id), { token: school.admin.token })
    const rows = list.body.results as Array<{ id: number; is_active: boolean }>
    expect(rows.find((row) => row.id === sam)?.is_active).toBe(false)
    expect(rows.filter((row) => row.id !== sam).every((row) => row.is_active)).toBe(true)
    const read = await server.api('GET', member(school.organization.id, sam), { token: school.admin.token })
    expect(read.body).toMatchObject({ is_active: false, roles: ['student'] })
    // disabling again changes nothing
    const before = await membershipRows()
    expect((await disable(school.organization.id, sam, school.admin.token)).body.is_active).toBe(false)
    expect(await membershipRows()).toEqual(before)
  })

  it("cannot reach that organization's data, but logs in, sees its account and its other organization", async () => {
    const token = await login(server, school.student.user.email)
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token })).status).toBe(404)
    expect((await server.api('GET', `/v1/organizations/${other.organization.id}/`, { token })).status).toBe(200)
    const account = await server.api('GET', `/v1/accounts/${school.student.user.id}`, { token })
    expect(account.status).toBe(200)
    expect(account.body.organizations.map((entry: { id: number }) => entry.id)).toEqual([other.organization.id])
  })

  it('as an admin or teacher, gets the outsiders\' 404 on every call about the organization', async () => {
    const extra = await createUser(server, { email: 'second-admin@example.com' })
    await addMembership(server.db, extra.id, school.organization.id, 'admin')
    const extraToken = await login(server, extra.email)
    expect((await disable(school.organization.id, extra.id, school.admin.token)).status).toBe(200)
    expect((await server.api('GET', users_(school.organization.id), { token: extraToken })).status).toBe(404)
    expect((await disable(school.organization.id, school.teacher.user.id, extraToken)).status).toBe(404)
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: extraToken })).status).toBe(404)
    expect((await disable(school.organization.id, school.teacher.user.id, school.admin.token)).status).toBe(200)
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.teacher.token })).status).toBe(404)
    // a role given to a disabled member is disabled too
    const roles = await server.api('POST', member(school.organization.id, school.teacher.user.id), {
      token: school.admin.token,
      body: { roles: ['teacher', 'student'] },
    })
    expect(roles.body).toMatchObject({ roles: ['teacher', 'student'], is_active: false })
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.teacher.token })).status).toBe(404)
  })

  it('does not get back in by accepting an invitation', async () => {
    const [issued] = await storeInvitations(server.db, {
      organizationId: school.organization.id,
      role: 'teacher',
      emails: [school.student.user.email],
      invitedBy: school.admin.user.id,
      now: new Date(),
      ttlSeconds: 3600,
    })
    const before = await membershipRows()
    const reply = await server.api('POST', '/v1/accounts/invite/accept', {
      token: school.student.token,
      body: { token: issued!.token, email: school.student.user.email },
    })
    expect(reply.status).toBe(403)
    expect(reply.body.detail).toBe('Your access to this organization was disabled by its admins. Ask them to enable it again.')
    expect(await membershipRows()).toEqual(before)
  })

  it('is enabled again with its roles and reaches the organization at once', async () => {
    const reply = await enable(school.organization.id, school.teacher.user.id, school.admin.token)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ is_active: true, roles: ['teacher', 'student'] })
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.teacher.token })).status).toBe(200)
    expect((await enable(school.organization.id, school.student.user.id, rootToken)).body.is_active).toBe(true)
    const account = await server.api('GET', `/v1/accounts/${school.student.user.id}`, { token: school.student.token })
    expect(account.body.organizations.map((entry: { id: number }) => entry.id).sort()).toEqual(
      [school.organization.id, other.organization.id].sort(),
    )
    // enabling an active member changes nothing
    const before = await membershipRows()
    expect((await enable(school.organization.id, school.student.user.id, school.admin.token)).status).toBe(200)
    expect(await membershipRows()).toEqual(before)
  })
})

describe('who may disable', () => {
  it("an organization's admins and the platform admins who reach it; nobody else", async () => {
    const target = school.student.user.id
    const before = await membershipRows()
    expect((await disable(school.organization.id, target)).status).toBe(401)
    expect((await disable(school.organization.id, target, school.teacher.token)).status).toBe(403)
    expect((await disable(school.organization.id, target, school.student.token)).status).toBe(403)
    expect((await disable(school.organization.id, target, other.admin.token)).status).toBe(404)
    expect((await disable(school.organization.id, target, jpToken)).status).toBe(404)
    expect((await enable(school.organization.id, target, other.admin.token)).status).toBe(404)
    // a member of another organization is not found here
    expect((await disable(school.organization.id, japan.student.user.id, school.admin.token)).status).toBe(404)
    expect(await membershipRows()).toEqual(before)
    expect((await disable(school.organization.id, target, usToken)).status).toBe(200)
    expect((await enable(school.organization.id, target, usToken)).status).toBe(200)
    expect((await disable(japan.organization.id, japan.student.user.id, jpToken)).status).toBe(200)
    expect((await enable(japan.organization.id, japan.student.user.id, rootToken)).status).toBe(200)
  })

  it('nobody disables themselves', async () => {
    const before = await membershipRows()
    const reply = await disable(other.organization.id, other.teacher.user.id, other.teacher.token)
    expect(reply.status).toBe(403)
    // an admin of two, alongside another admin: still not itself
    const second = await createUser(server, { email: 'co-admin@example.com' })
    await addMembership(server.db, second.id, other.organization.id, 'admin')
    const secondToken = await login(server, second.email)
    const self = await disable(other.organization.id, second.id, secondToken)
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ detail: 'You cannot disable yourself. Ask another admin of the organization.', code: 'self' })
    const again = await membershipRows()
    expect(again.filter((row) => row.disabledAt !== null)).toEqual(before.filter((row) => row.disabledAt !== null))
  })
})

describe('the only active admin', () => {
  it('cannot be disabled; a disabled admin does not count for role edits and removal', async () => {
    const place = await createOrganizationWithPeople(server, { prefix: 'solo' })
    const alice = place.admin.user.id
    const before = await membershipRows()
    const refused = await disable(place.organization.id, alice, rootToken)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ detail: 'Cannot disable the only active admin of an organization.', code: 'sole_admin' })
    expect(await membershipRows()).toEqual(before)

    // Terry becomes an admin; Alice may then be disabled, and Terry is the only active admin
    const terry = place.teacher.user.id
    expect((await server.api('POST', member(place.organization.id, terry), { token: place.admin.token, body: { roles: ['admin'] } })).status).toBe(200)
    expect((await disable(place.organization.id, alice, place.teacher.token)).status).toBe(200)
    expect((await disable(place.organization.id, terry, rootToken)).status).toBe(409)
    const demote = await server.api('POST', member(place.organization.id, terry), { token: place.teacher.token, body: { roles: ['teacher'] } })
    expect(demote.status).toBe(409)
    expect(demote.body.code).toBe('sole_admin')
    expect((await server.api('DELETE', member(place.organization.id, terry), { token: rootToken })).status).toBe(409)
    const ownDelete = await server.api('DELETE', `/v1/accounts/${terry}`, { token: place.teacher.token, body: { password: 'a fine passphrase' } })
    expect(ownDelete.status).toBe(409)

    // the disabled admin is no admin: taking its role, or removing it, leaves the active one
    const aliceRoles = await server.api('POST', member(place.organization.id, alice), { token: place.teacher.token, body: { roles: ['student'] } })
    expect(aliceRoles.status).toBe(200)
    expect(aliceRoles.body).toMatchObject({ roles: ['student'], is_active: false })
    expect((await server.api('DELETE', member(place.organization.id, alice), { token: place.teacher.token })).status).toBe(204)
  })
})

describe('removing from the system', () => {
  it("a country admin: people only in its country's organizations, never a platform admin", async () => {
    const local = await createUser(server, { email: 'local@example.com' })
    await addMembership(server.db, local.id, school.organization.id, 'student')
    await addMembership(server.db, local.id, other.organization.id, 'student')
    const traveller = await createUser(server, { email: 'traveller@example.com' })
    await addMembership(server.db, traveller.id, school.organization.id, 'student')
    await addMembership(server.db, traveller.id, japan.organization.id, 'student')
    const staff = await createUser(server, { email: 'staff@example.com', superuser: true, countryAdminLevel: 'US' })
    await addMembership(server.db, staff.id, school.organization.id, 'teacher')

    const system = (userId: number) => `${member(school.organization.id, userId)}?from_system=true`
    expect((await server.api('DELETE', system(traveller.id), { token: usToken })).status).toBe(403)
    expect((await server.api('DELETE', system(staff.id), { token: usToken })).status).toBe(403)
    expect((await server.api('DELETE', system(local.id), { token: school.admin.token })).status).toBe(403)
    const ids = async () => (await server.db.select({ id: users.id }).from(users)).map((row) => row.id)
    expect(await ids()).toEqual(expect.arrayContaining([local.id, traveller.id, staff.id]))
    expect((await server.api('DELETE', system(local.id), { token: usToken })).status).toBe(204)
    expect(await ids()).not.toContain(local.id)
    // the unrestricted platform admin reaches the traveller
    expect((await server.api('DELETE', system(traveller.id), { token: rootToken })).status).toBe(204)
  })
})
