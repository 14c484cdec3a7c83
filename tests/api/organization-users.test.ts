import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, memberships, organizations, users } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/** The members of an organization: list, read, roles, names, removal, and the sole-admin rule. */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let rootToken: string
let jpToken: string

const USERNAMES = ['zoe', 'adam', null, 'Bea', 'carl']

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'sch' })
  other = await createOrganizationWithPeople(server, { prefix: 'oth' })
  await server.db.update(organizations).set({ country: 'US' }).where(eq(organizations.id, school.organization.id))
  await server.db.update(users).set({ username: 'alice' }).where(eq(users.id, school.admin.user.id))
  await server.db.update(users).set({ username: 'terry' }).where(eq(users.id, school.teacher.user.id))
  await server.db.update(users).set({ username: 'sam' }).where(eq(users.id, school.student.user.id))
  for (const [index, username] of USERNAMES.entries()) {
    const user = await createUser(server, { email: `kid${index}@example.com`, firstName: `Kid${index}`, lastName: 'Learner' })
    await server.db.update(users).set({ username }).where(eq(users.id, user.id))
    await addMembership(server.db, user.id, school.organization.id, 'student')
  }
  await createUser(server, { email: 'root@example.com', superuser: true })
  rootToken = await login(server, 'root@example.com')
  await createUser(server, { email: 'jp@example.com', superuser: true, countryAdminLevel: 'JP' })
  jpToken = await login(server, 'jp@example.com')
})
afterAll(() => server.close())

const base = () => `/v1/organizations/${school.organization.id}/users`
const usernames = (reply: { body: { results: Array<{ username: string | null }> } }) => reply.body.results.map((row) => row.username)

describe('the member list', () => {
  it('pages the members by username, those without one last, with their roles', async () => {
    const reply = await server.api('GET', `${base()}?page_size=5`, { token: school.admin.token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.count).toBe(8)
    expect(usernames(reply)).toEqual(['adam', 'alice', 'Bea', 'carl', 'sam'])
    expect(reply.body.next).toBe(`${base()}?page_size=5&page=2`)
    expect(reply.body.results[1]).toEqual({
      id: school.admin.user.id,
      first_name: 'Alice',
      last_name: 'User',
      email: 'admin-sch@example.com',
      username: 'alice',
      phone_code: null,
      phone_number: null,
      photo_url: null,
      roles: ['admin'],
      joined_at: expect.any(String),
      is_active: true,
      department: null,
      title: null,
      groups_count: 0,
      users_groups_count: 0,
    })
    const second = await server.api('GET', `${base()}?page_size=5&page=2`, { token: school.admin.token })
    expect(usernames(second)).toEqual(['terry', 'zoe', null])
    const backwards = await server.api('GET', `${base()}?ordering=-username&page_size=3`, { token: school.admin.token })
    expect(usernames(backwards)).toEqual(['zoe', 'terry', 'sam'])
  })

  it('filters by roles and searches names, e-mails and usernames', async () => {
    const staff = await server.api('GET', `${base()}?roles=teacher&roles=admin`, { token: school.admin.token })
    expect(usernames(staff)).toEqual(['alice', 'terry'])
    const found = await server.api('GET', `${base()}?search=KID2 learner`, { token: school.admin.token })
    expect(found.body.results.map((row: { email: string }) => row.email)).toEqual(['kid2@example.com'])
    const byMail = await server.api('GET', `${base()}?search=admin-sch@`, { token: school.admin.token })
    expect(usernames(byMail)).toEqual(['alice'])
  })

  it('is for the admins of the organization and the platform admins who reach it', async () => {
    expect((await server.api('GET', base(), { token: rootToken })).status).toBe(200)
    // a country admin of another country, and the admin of another organization: as if it did not exist
    expect((await server.api('GET', base(), { token: jpToken })).status).toBe(404)
    expect((await server.api('GET', base(), { token: other.admin.token })).status).toBe(404)
    expect((await server.api('GET', base(), { token: school.teacher.token })).status).toBe(403)
    expect((await server.api('GET', base(), { token: school.student.token })).status).toBe(403)
    expect((await server.api('GET', base())).status).toBe(401)
    expect((await server.api('GET', '/v1/organizations/999999/users', { token: rootToken })).status).toBe(404)
  })
})

describe('one member', () => {
  it('is read by an admin; a user of another organization is not found here', async () => {
    const reply = await server.api('GET', `${base()}/${school.teacher.user.id}`, { token: school.admin.token })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ id: school.teacher.user.id, roles: ['teacher'], username: 'terry' })
    expect((await server.api('GET', `${base()}/${other.teacher.user.id}`, { token: school.admin.token })).status).toBe(404)
    expect((await server.api('GET', `${base()}/${school.teacher.user.id}`, { token: other.admin.token })).status).toBe(404)
  })

  it('gets new names; blank names are refused with the form messages', async () => {
    const url = `${base()}/${school.student.user.id}`
    const reply = await server.api('PATCH', url, { token: school.admin.token, body: { first_name: ' Samuel ', last_name: 'Oak' } })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ first_name: 'Samuel', last_name: 'Oak' })
    const before = await snapshot(server)
    const blank = await server.api('PATCH', url, { token: school.admin.token, body: { first_name: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ first_name: ['Please insert first name'] })
    expect((await server.api('PATCH', url, { token: school.teacher.token, body: { first_name: 'X' } })).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
  })

  it('gets new roles; none is "please select a role"', async () => {
    const url = `${base()}/${school.teacher.user.id}`
    const reply = await server.api('POST', url, { token: school.admin.token, body: { roles: ['student', 'admin', 'teacher'] } })
    expect(reply.status).toBe(200)
    expect(reply.body.roles).toEqual(['admin', 'teacher', 'student'])
    const back = await server.api('POST', url, { token: school.admin.token, body: { roles: ['teacher'] } })
    expect(back.body.roles).toEqual(['teacher'])
    const none = await server.api('POST', url, { token: school.admin.token, body: { roles: [] } })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({ roles: ['please select a role'] })
    const spanish = await server.api('POST', url, { token: school.admin.token, body: { roles: [] }, language: 'es-MX' })
    expect(spanish.body).toEqual({ roles: ['Selecciona un rol'] })
    expect((await server.api('POST', url, { token: school.admin.token, body: { roles: ['owner'] } })).status).toBe(400)
  })
})

describe("a teacher's department and title", () => {
  const read = async (userId: number) => (await server.api('GET', `${base()}/${userId}`, { token: school.admin.token })).body

  it('are set trimmed, read back, listed, and cleared by empty or null', async () => {
    const teacher = await createUser(server, { email: 'dept-teacher@example.com', firstName: 'Dora', lastName: 'Dept' })
    await addMembership(server.db, teacher.id, school.organization.id, 'teacher')
    const url = `${base()}/${teacher.id}`
    expect(await read(teacher.id)).toMatchObject({ department: null, title: null })
    const set = await server.api('PATCH', url, { token: school.admin.token, body: { department: '  Languages ', title: 'Head of English' } })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ department: 'Languages', title: 'Head of English' })
    expect(await read(teacher.id)).toMatchObject({ department: 'Languages', title: 'Head of English' })
    const listed = await server.api('GET', `${base()}?roles=teacher&search=dept-teacher`, { token: school.admin.token })
    expect(listed.body.results).toMatchObject([{ id: teacher.id, department: 'Languages', title: 'Head of English' }])
    // a names-only change leaves them alone
    await server.api('PATCH', url, { token: school.admin.token, body: { first_name: 'Dorothy' } })
    expect(await read(teacher.id)).toMatchObject({ first_name: 'Dorothy', department: 'Languages', title: 'Head of English' })
    const cleared = await server.api('PATCH', url, { token: school.admin.token, body: { department: '   ', title: null } })
    expect(cleared.body).toMatchObject({ department: null, title: null })
  })

  it('longer than 100 characters are refused with the translated message, and nothing changes', async () => {
    const url = `${base()}/${school.teacher.user.id}`
    await server.api('PATCH', url, { token: school.admin.token, body: { department: 'Science', title: 'Teacher' } })
    const tooLong = await server.api('PATCH', url, { token: school.admin.token, body: { first_name: 'Changed', title: 'x'.repeat(101) } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toEqual({ title: ['Enter at most 100 characters.'] })
    const spanish = await server.api('PATCH', url, { token: school.admin.token, body: { department: 'x'.repeat(101) }, language: 'es-MX' })
    expect(spanish.status).toBe(400)
    expect(spanish.body.department).toHaveLength(1)
    expect(spanish.body.department[0]).not.toBe('Enter at most 100 characters.')
    const exact = await server.api('PATCH', url, { token: school.admin.token, body: { title: 'y'.repeat(100) } })
    expect(exact.body.title).toBe('y'.repeat(100))
    await server.api('PATCH', url, { token: school.admin.token, body: { title: 'Teacher' } })
    expect(await read(school.teacher.user.id)).toMatchObject({ first_name: school.teacher.user.firstName, department: 'Science', title: 'Teacher' })
  })

  it('are refused for a member without the teacher role, and go with the teacher role', async () => {
    const url = `${base()}/${school.student.user.id}`
    const before = await read(school.student.user.id)
    const refused = await server.api('PATCH', url, { token: school.admin.token, body: { last_name: 'Changed', department: 'Maths' } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      detail: 'Department and title are for teachers only: give this member the teacher role first.',
      code: 'not_teacher',
    })
    expect(await read(school.student.user.id)).toEqual(before)
    expect(before).toMatchObject({ department: null, title: null })
    // a teacher who becomes only a student loses them; a teacher again starts without
    const teacher = await createUser(server, { email: 'gone-teacher@example.com' })
    await addMembership(server.db, teacher.id, school.organization.id, 'teacher')
    const teacherUrl = `${base()}/${teacher.id}`
    await server.api('PATCH', teacherUrl, { token: school.admin.token, body: { department: 'Arts', title: 'Tutor' } })
    await server.api('POST', teacherUrl, { token: school.admin.token, body: { roles: ['student'] } })
    expect(await read(teacher.id)).toMatchObject({ roles: ['student'], department: null, title: null })
    await server.api('POST', teacherUrl, { token: school.admin.token, body: { roles: ['teacher'] } })
    expect(await read(teacher.id)).toMatchObject({ roles: ['teacher'], department: null, title: null })
  })

  it('are not changed by a teacher or by an admin of another organization', async () => {
    const url = `${base()}/${school.teacher.user.id}`
    expect((await server.api('PATCH', url, { token: school.teacher.token, body: { title: 'Principal' } })).status).toBe(403)
    expect((await server.api('PATCH', url, { token: other.admin.token, body: { title: 'Principal' } })).status).toBe(404)
    expect(await read(school.teacher.user.id)).toMatchObject({ title: 'Teacher' })
  })
})

describe('the only admin', () => {
  it('keeps the admin role and cannot be removed; with a second admin both work', async () => {
    const alice = `${base()}/${school.admin.user.id}`
    const before = await snapshot(server)
    const demote = await server.api('POST', alice, { token: school.admin.token, body: { roles: ['teacher'] } })
    expect(demote.status).toBe(409)
    expect(demote.body).toEqual({ detail: 'Cannot remove the only admin of an organization.', code: 'sole_admin' })
    const remove = await server.api('DELETE', alice, { token: rootToken })
    expect(remove.status).toBe(409)
    expect(await snapshot(server)).toEqual(before)

    // a second admin: now Alice may step down, and Terry may not after that
    const terry = `${base()}/${school.teacher.user.id}`
    expect((await server.api('POST', terry, { token: school.admin.token, body: { roles: ['teacher', 'admin'] } })).status).toBe(200)
    expect((await server.api('POST', alice, { token: school.admin.token, body: { roles: ['teacher'] } })).status).toBe(200)
    expect((await server.api('DELETE', terry, { token: school.teacher.token })).status).toBe(409)
    // Alice is no longer an admin: she may not manage members
    expect((await server.api('GET', base(), { token: school.admin.token })).status).toBe(403)
    expect((await server.api('POST', alice, { token: school.teacher.token, body: { roles: ['admin'] } })).status).toBe(200)
  })
})

describe('removing a member', () => {
  it('takes every role and class seat in the organization and leaves the account', async () => {
    const kid = await createUser(server, { email: 'leaver@example.com' })
    await addMembership(server.db, kid.id, school.organization.id, 'student')
    await addMembership(server.db, kid.id, school.organization.id, 'teacher')
    await addMembership(server.db, kid.id, other.organization.id, 'student')
    const dates = { startDate: '2026-01-01', endDate: '2026-12-31' }
    const [here, there] = await server.db
      .insert(groups)
      .values([
        { organizationId: school.organization.id, name: 'Left class', ...dates },
        { organizationId: other.organization.id, name: 'Kept class', ...dates },
      ])
      .returning()
    await server.db.insert(groupMembers).values([
      { groupId: here!.id, userId: kid.id },
      { groupId: there!.id, userId: kid.id },
    ])
    const reply = await server.api('DELETE', `${base()}/${kid.id}`, { token: school.admin.token })
    expect(reply.status).toBe(204)
    const left = await server.db.select().from(memberships).where(eq(memberships.userId, kid.id))
    expect(left.map((row) => row.organizationId)).toEqual([other.organization.id])
    // and the organization's classes, not the other organization's
    const seats = await server.db.select().from(groupMembers).where(eq(groupMembers.userId, kid.id))
    expect(seats.map((row) => row.groupId)).toEqual([there!.id])
    expect((await server.api('DELETE', `${base()}/${kid.id}`, { token: school.admin.token })).status).toBe(404)
  })

  it('from the system: only a platform admin (here an unrestricted one), never a platform admin account', async () => {
    const kid = await createUser(server, { email: 'gone@example.com' })
    await addMembership(server.db, kid.id, school.organization.id, 'student')
    const url = `${base()}/${kid.id}?from_system=true`
    expect((await server.api('DELETE', url, { token: school.admin.token })).status).toBe(403)
    expect((await server.api('DELETE', url, { token: rootToken })).status).toBe(204)
    expect(await server.db.select().from(users).where(eq(users.id, kid.id))).toEqual([])

    const staff = await createUser(server, { email: 'staff2@example.com', superuser: true })
    await addMembership(server.db, staff.id, school.organization.id, 'teacher')
    expect((await server.api('DELETE', `${base()}/${staff.id}?from_system=true`, { token: rootToken })).status).toBe(403)
    expect(await server.db.select().from(users).where(eq(users.id, staff.id))).toHaveLength(1)
  })

  it('from the system is refused for the only admin of another organization', async () => {
    await addMembership(server.db, other.admin.user.id, school.organization.id, 'student')
    const reply = await server.api('DELETE', `${base()}/${other.admin.user.id}?from_system=true`, { token: rootToken })
    expect(reply.status).toBe(409)
    expect(await server.db.select().from(users).where(eq(users.id, other.admin.user.id))).toHaveLength(1)
  })
})
