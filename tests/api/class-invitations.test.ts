import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groups } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * One person invited to several classes (specification 001 §3 Invitation and Pending invite, §7 class
 * invitation calls; 000 §3 Invitation): the organization invitation carries every class it was made
 * for, so inviting the address to a second class adds that class instead of moving the invitation.
 * Accepting puts the person in all of them; revoking from one class's list withdraws only that class.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>

const newClass = async (name: string) => {
  const [row] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name, startDate: '2026-03-01', endDate: '2026-03-31', ownerId: null })
    .returning()
  return row!.id
}

beforeAll(async () => {
  server = await startServer({ now: '2026-03-20T12:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'cis' })
  other = await createOrganizationWithPeople(server, { name: 'Shelbyville', prefix: 'cio' })
})
afterAll(() => server.close())

const admin = () => school.admin.token
const inviteToClass = (groupId: number, email: string) =>
  server.api('POST', `/v1/groups/${groupId}/users`, { token: admin(), body: { emails: [email] } })
const classPending = async (groupId: number) =>
  (await server.api('GET', `/v1/invitations/group/${groupId}/`, { token: admin() })).body.results.map((row: { email: string }) => row.email)
const organizationPending = async (email: string) =>
  (await server.api('GET', `/v1/invitations/organization/${school.organization.id}/?page_size=100`, { token: admin() })).body.results.filter(
    (row: { email: string }) => row.email === email,
  )
const group = async (id: number) => (await server.api('GET', `/v1/groups/${school.organization.id}/${id}/`, { token: admin() })).body
const revoke = (invitationId: number, groupId?: number) =>
  server.api('DELETE', `/v1/invitations/${invitationId}/${groupId === undefined ? '' : `?group=${groupId}`}`, { token: admin() })

describe('an address invited to two classes', () => {
  it('stays pending in both, as one invitation of the organization', async () => {
    const [a, b] = [await newClass('Invited A'), await newClass('Invited B')]
    expect((await inviteToClass(a, 'a@example.com')).status).toBe(200)
    expect((await inviteToClass(b, 'a@example.com')).status).toBe(200)
    expect(await classPending(a)).toEqual(['a@example.com'])
    expect(await classPending(b)).toEqual(['a@example.com'])
    expect(await group(a)).toMatchObject({ pending_invitations: 1 })
    expect(await group(b)).toMatchObject({ pending_invitations: 1 })
    expect(await organizationPending('a@example.com')).toHaveLength(1)
  })

  it('makes the person a member of both classes on acceptance', async () => {
    const [a, b] = [await newClass('Accept A'), await newClass('Accept B')]
    await inviteToClass(a, 'both@example.com')
    await inviteToClass(b, 'both@example.com')
    const token = await inviteTokenFor(server, 'both@example.com')
    await createUser(server, { email: 'both@example.com', firstName: 'Bo' })
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', {
      token: await login(server, 'both@example.com'),
      body: { token, email: 'both@example.com' },
    })
    expect(accepted.status, accepted.text).toBe(200)
    for (const id of [a, b]) {
      expect(await group(id)).toMatchObject({ users_count: 1, pending_invitations: 0 })
      const all = await server.api('GET', `/v1/groups/${id}/all-users`, { token: admin() })
      expect(all.body.results.map((row: { email: string }) => row.email)).toEqual(['both@example.com'])
    }
  })

  it('makes a teacher invited to two classes the owner of both on acceptance', async () => {
    const [a, b] = [await newClass('Teach A'), await newClass('Teach B')]
    for (const id of [a, b]) {
      const assigned = await server.api('POST', `/v1/groups/${id}/teacher`, { token: admin(), body: { email: 'lead@example.com' } })
      expect(assigned.body).toMatchObject({ owner: null, pending_teacher: 'lead@example.com' })
    }
    expect(await group(a)).toMatchObject({ pending_teacher: 'lead@example.com' })
    const token = await inviteTokenFor(server, 'lead@example.com')
    const lead = await createUser(server, { email: 'lead@example.com', firstName: 'Lee' })
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token: await login(server, 'lead@example.com'), body: { token, email: 'lead@example.com' } })
    expect(accepted.status, accepted.text).toBe(200)
    for (const id of [a, b]) expect(await group(id)).toMatchObject({ owner: { id: lead.id }, pending_teacher: null })
  })
})

describe('revoking an invitation from one class', () => {
  it('withdraws only that class; withdrawing the last class revokes the invitation', async () => {
    const [a, b] = [await newClass('Revoke A'), await newClass('Revoke B')]
    await inviteToClass(a, 'r@example.com')
    await inviteToClass(b, 'r@example.com')
    const [invitation] = await organizationPending('r@example.com')
    const fromA = await revoke(invitation.id, a)
    expect(fromA.status, fromA.text).toBe(204)
    expect(await classPending(a)).toEqual([])
    expect(await classPending(b)).toEqual(['r@example.com'])
    expect(await organizationPending('r@example.com')).toHaveLength(1)
    // the link still works, for class B only
    const token = await inviteTokenFor(server, 'r@example.com')
    expect((await server.api('GET', `/v1/invitations/validate/${encodeURIComponent(token)}/`)).status).toBe(200)

    expect((await revoke(invitation.id, b)).status).toBe(204)
    expect(await classPending(b)).toEqual([])
    expect(await organizationPending('r@example.com')).toEqual([])
    expect((await server.api('GET', `/v1/invitations/validate/${encodeURIComponent(token)}/`)).status).toBe(404)
  })

  it('keeps an invitation to the organization itself when its class is withdrawn', async () => {
    const a = await newClass('Org-level A')
    const invited = await server.api('POST', '/v1/accounts/invite/', {
      token: admin(),
      body: { organization: school.organization.id, role: 'student', emails: ['org@example.com'] },
    })
    expect(invited.status).toBe(201)
    await inviteToClass(a, 'org@example.com')
    expect(await classPending(a)).toEqual(['org@example.com'])
    expect((await revoke(invited.body.invitations[0].id, a)).status).toBe(204)
    expect(await classPending(a)).toEqual([])
    expect(await organizationPending('org@example.com')).toHaveLength(1)
  })

  it('answers 404 for a class the invitation is not for, 409 once closed, and changes nothing', async () => {
    const [a, b] = [await newClass('Wrong A'), await newClass('Wrong B')]
    await inviteToClass(a, 'w@example.com')
    const [invitation] = await organizationPending('w@example.com')
    const before = await snapshot(server)
    expect((await revoke(invitation.id, b)).status).toBe(404)
    expect((await revoke(invitation.id, 2147483647)).status).toBe(404)
    expect((await revoke(invitation.id, 0)).status).toBe(400)
    // another organization's admin learns nothing
    expect((await server.api('DELETE', `/v1/invitations/${invitation.id}/?group=${a}`, { token: other.admin.token })).status).toBe(404)
    expect((await server.api('DELETE', `/v1/invitations/${invitation.id}/?group=${a}`, { token: school.teacher.token })).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
    expect(await classPending(a)).toEqual(['w@example.com'])
    expect((await revoke(invitation.id)).status).toBe(204)
    expect((await revoke(invitation.id, a)).status).toBe(409)
  })

  it('deleting a class withdraws it from its invitations: one to another class stays for that class', async () => {
    const [a, b] = [await newClass('Deleted A'), await newClass('Kept B')]
    await inviteToClass(a, 'd1@example.com')
    await inviteToClass(b, 'd1@example.com')
    await inviteToClass(a, 'd2@example.com')
    expect((await server.api('DELETE', `/v1/groups/${school.organization.id}/${a}/`, { token: admin() })).status).toBe(204)
    expect(await classPending(b)).toEqual(['d1@example.com'])
    expect(await organizationPending('d1@example.com')).toHaveLength(1)
    expect(await organizationPending('d2@example.com')).toEqual([])
  })
})
