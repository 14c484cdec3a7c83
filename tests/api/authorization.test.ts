import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, createOrganization } from '../../server/app.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { users, type OrganizationRow, type UserRow } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Who may act on which account and organization (server/auth/policy.ts): platform admins limited to a
 * country stay in it, nobody but an unrestricted platform admin touches another platform admin, and
 * nobody gives themselves a role through an invitation.
 */

let server: TestServer
let globalAdmin: UserRow
let globalToken: string
let countryAdmin: UserRow
let countryToken: string
let mexican: OrganizationRow
let mexicanAdmin: UserRow
let mexicanAdminToken: string
let american: Awaited<ReturnType<typeof createOrganizationWithPeople>>

const forbidden = { detail: 'You do not have permission to do this.' }
const userRow = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0]

beforeAll(async () => {
  server = await startServer()
  globalAdmin = await createUser(server, { email: 'root@example.com', superuser: true, firstName: 'Root' })
  globalToken = await login(server, globalAdmin.email)
  countryAdmin = await createUser(server, { email: 'mx-staff@example.com', superuser: true, firstName: 'Mara' })
  await server.db.update(users).set({ countryAdminLevel: 'MX' }).where(eq(users.id, countryAdmin.id))
  countryToken = await login(server, countryAdmin.email)
  mexicanAdmin = await createUser(server, { email: 'director@escuela.mx' })
  mexican = await createOrganization(server.db, { name: 'Escuela Juárez', type: 'school', country: 'MX', adminUserId: mexicanAdmin.id })
  mexicanAdminToken = await login(server, mexicanAdmin.email)
  american = await createOrganizationWithPeople(server, { name: 'Springfield High', prefix: 'us' })
})
afterAll(() => server.close())

const invite = (token: string, organization: number, emails: string[], role = 'admin') =>
  server.api('POST', '/v1/accounts/invite/', { token, body: { organization, role, emails } })

describe('a country admin taking over the global admin (the attack of issue 5)', () => {
  it('cannot invite itself, and an accepted invitation gives it no reach over the global admin', async () => {
    let before = await snapshot(server)
    const self = await invite(countryToken, mexican.id, ['MX-Staff@example.com'])
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ emails: ['You cannot invite yourself. Ask another administrator to invite you.'] })
    expect(await snapshot(server)).toEqual(before)

    // an invitation it did get (from the school's admin) makes it an admin of the school, nothing more
    const [issued] = await storeInvitations(server.db, {
      organizationId: mexican.id,
      role: 'admin',
      emails: [countryAdmin.email],
      invitedBy: mexicanAdmin.id,
      now: new Date(),
      ttlSeconds: 3600,
    })
    const token = issued?.token ?? ''
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token: countryToken, body: { token, email: countryAdmin.email } })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)

    before = await snapshot(server)
    const rootBefore = await userRow(globalAdmin.id)
    const attempts = [
      server.api('PATCH', `/v1/accounts/${globalAdmin.id}`, { token: countryToken, body: { email: 'mara.owns.root@example.com', current_password: 'a fine passphrase' } }),
      server.api('PATCH', `/v1/accounts/${globalAdmin.id}`, { token: countryToken, body: { first_name: 'Locked out' } }),
      server.api('PUT', `/v1/accounts/${globalAdmin.id}/password`, { token: countryToken, body: { new_password: 'mara rules now', confirm_new_password: 'mara rules now' } }),
      server.api('DELETE', `/v1/accounts/${globalAdmin.id}`, { token: countryToken, body: {} }),
      server.api('GET', `/v1/accounts/${globalAdmin.id}`, { token: countryToken }),
    ]
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(403)
      expect(reply.body).toEqual(forbidden)
    }
    expect(await snapshot(server)).toEqual(before)
    expect(await userRow(globalAdmin.id)).toEqual(rootBefore)
    expect(await server.mails('mara.owns.root@example.com')).toHaveLength(0)
    expect((await server.api('GET', `/v1/accounts/${globalAdmin.id}`, { token: globalToken })).status).toBe(200)
  })

  it('cannot accept an invitation it issued to an address that later became its own', async () => {
    const staff = await createUser(server, { email: 'mx-other-staff@example.com', superuser: true })
    await server.db.update(users).set({ countryAdminLevel: 'MX' }).where(eq(users.id, staff.id))
    const staffToken = await login(server, staff.email)
    expect((await invite(staffToken, mexican.id, ['alias@example.com'])).status).toBe(201)
    // the link it mailed (inviting the address again within the day would renew it without a new link)
    const issued = { token: await inviteTokenFor(server, 'alias@example.com') }
    // as after a confirmed e-mail change
    await server.db.update(users).set({ email: 'alias@example.com' }).where(eq(users.id, staff.id))
    const before = await snapshot(server)
    const reply = await server.api('POST', '/v1/accounts/invite/accept', { token: staffToken, body: { token: issued?.token, email: 'alias@example.com' } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ detail: 'You cannot invite yourself. Ask another administrator to invite you.', code: 'self_invitation' })
    expect(await snapshot(server)).toEqual(before)
  })

  it('keeps another platform admin out of reach of a country admin, but not of the global admin', async () => {
    const peer = await createUser(server, { email: 'mx-peer@example.com', superuser: true })
    await server.db.update(users).set({ countryAdminLevel: 'MX' }).where(eq(users.id, peer.id))
    await addMembership(server.db, peer.id, mexican.id, 'teacher')
    const edit = (token: string) => server.api('PATCH', `/v1/accounts/${peer.id}`, { token, body: { first_name: 'Renamed' } })
    expect((await edit(countryToken)).status).toBe(403)
    expect((await userRow(peer.id))?.firstName).toBe('Test')
    const byGlobal = await edit(globalToken)
    expect(byGlobal.status).toBe(200)
    expect(byGlobal.body.first_name).toBe('Renamed')
  })
})

describe('a country admin and the accounts of its country', () => {
  it('edits a user who belongs only to organizations of its country', async () => {
    const pupil = await createUser(server, { email: 'pupil@escuela.mx' })
    await addMembership(server.db, pupil.id, mexican.id, 'student')
    const reply = await server.api('PATCH', `/v1/accounts/${pupil.id}`, { token: countryToken, body: { first_name: 'Lupita' } })
    expect(reply.status).toBe(200)
    expect(reply.body.first_name).toBe('Lupita')
  })

  it('leaves alone users of other countries, of two countries and of no organization', async () => {
    const both = await createUser(server, { email: 'both@example.com' })
    await addMembership(server.db, both.id, mexican.id, 'teacher')
    await addMembership(server.db, both.id, american.organization.id, 'teacher')
    const loner = await createUser(server, { email: 'loner@example.com' })
    const before = await snapshot(server)
    for (const target of [american.student.user, both, loner]) {
      const read = await server.api('GET', `/v1/accounts/${target.id}`, { token: countryToken })
      expect(read.status).toBe(403)
      const edit = await server.api('PATCH', `/v1/accounts/${target.id}`, { token: countryToken, body: { last_name: 'Taken' } })
      expect(edit.status).toBe(403)
      expect((await userRow(target.id))?.lastName).toBe('User')
    }
    // an id nobody has answers the same
    expect((await server.api('GET', '/v1/accounts/999999', { token: countryToken })).status).toBe(403)
    expect((await server.api('GET', '/v1/accounts/999999', { token: globalToken })).status).toBe(404)
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('organizations of another country or of others', () => {
  it('are not shown, created or invited into by a country admin', async () => {
    const before = await snapshot(server)
    expect((await server.api('GET', `/v1/organizations/${american.organization.id}/`, { token: countryToken })).status).toBe(404)
    const invited = await invite(countryToken, american.organization.id, ['spy@example.com'], 'student')
    expect(invited.status).toBe(403)
    expect(invited.body).toEqual(forbidden)
    // an organization that does not exist looks the same to it
    expect((await invite(countryToken, 999999, ['spy@example.com'], 'student')).status).toBe(403)
    const created = await server.api('POST', '/v1/organizations/', {
      token: countryToken,
      body: {
        name: 'Shelbyville Elementary', type: 'school', industry: 'education', address_1: '1 Main St', city: 'Shelbyville',
        state: 'IL', postal_code: '62565', country: 'US', phone: '+1 2175550100', timezone: 'America/Chicago', owner_user: 'owner@example.com',
      },
    })
    expect(created.status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
    expect(await server.mails('spy@example.com')).toHaveLength(0)
  })

  it('are neither shown to nor invited into by the admin of another organization', async () => {
    const before = await snapshot(server)
    expect((await server.api('GET', `/v1/organizations/${mexican.id}/`, { token: american.admin.token })).status).toBe(404)
    expect((await invite(american.admin.token, mexican.id, ['friend@example.com'], 'teacher')).status).toBe(403)
    expect((await server.api('GET', `/v1/organizations/${american.organization.id}/`, { token: mexicanAdminToken })).status).toBe(404)
    expect((await invite(mexicanAdminToken, american.organization.id, ['friend@example.com'], 'teacher')).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
  })

  it('nobody names themselves the owner of a new organization', async () => {
    const before = await snapshot(server)
    const reply = await server.api('POST', '/v1/organizations/', {
      token: countryToken,
      body: {
        name: 'Escuela Hidalgo', type: 'school', industry: 'education', address_1: 'Av. Juárez 1', city: 'Ciudad de México',
        state: 'CDMX', postal_code: '06000', country: 'MX', phone: '+52 5512345678', timezone: 'America/Mexico_City', owner_user: countryAdmin.email,
      },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ owner_user: ['You cannot invite yourself. Ask another administrator to invite you.'] })
    expect(await snapshot(server)).toEqual(before)
  })
})
