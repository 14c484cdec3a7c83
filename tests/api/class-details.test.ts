import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { dailyPractice, groupMembers, groups, invitations, organizations, practiceEvents } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Class details (specification 001 §2 Class details, §3 Student row, §6 canEditClass, §7 groups and
 * invitation calls): adding students (members join, others are invited to the class), removing one,
 * the students table computed from daily_practice, every student, a student's classes, the class's
 * pending invitations, assigning and removing its teacher (a pending teacher without an account), and
 * accepting a class invitation. The clock stands at 2026-03-20 12:00 UTC.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let otherTeacher: { id: number; token: string }
let groupId: number
let otherClassId: number

const newClass = async (name: string, ownerId: number | null, organizationId = school.organization.id) => {
  const [row] = await server.db
    .insert(groups)
    .values({ organizationId, name, startDate: '2026-03-01', endDate: '2026-03-31', ownerId })
    .returning()
  return row!.id
}

beforeAll(async () => {
  server = await startServer({ now: '2026-03-20T12:00:00Z', membersSince: '2025-01-01T00:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'cds' })
  other = await createOrganizationWithPeople(server, { name: 'Shelbyville', prefix: 'cdo' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  const teacher = await createUser(server, { email: 'krabappel@example.com', firstName: 'Edna' })
  await addMembership(server.db, teacher.id, school.organization.id, 'teacher')
  otherTeacher = { id: teacher.id, token: await login(server, teacher.email) }
  groupId = await newClass('Grade 4 A', school.teacher.user.id)
  otherClassId = await newClass('Grade 5 B', teacher.id)
})
afterAll(() => server.close())

const add = (token: string, body: unknown, id = groupId) => server.api('POST', `/v1/groups/${id}/users`, { token, body })
const group = async (id = groupId) => (await server.api('GET', `/v1/groups/${school.organization.id}/${id}/`, { token: school.admin.token })).body

describe('adding students to a class', () => {
  it('makes students of the organization members at once (by id or address) and invites the others to the class', async () => {
    const reply = await add(school.teacher.token, { emails: ['NEW-pupil@example.com', school.student.user.email.toUpperCase()] })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.added).toEqual([school.student.user.id])
    expect(reply.body.invitations).toMatchObject([{ email: 'new-pupil@example.com', role: 'student', organization: school.organization.id }])
    expect((await server.mails('new-pupil@example.com')).length).toBe(1)
    expect(await group()).toMatchObject({ users_count: 1, pending_invitations: 1 })
    // by id, again: nothing doubles
    const again = await add(school.admin.token, { user_ids: [school.student.user.id] })
    expect(again.body).toEqual({ added: [], already: [school.student.user.id], invitations: [] })
    expect(await group()).toMatchObject({ users_count: 1 })
  })

  it('refuses ids that are not students of the organization, one\'s own address, and nothing at all, changing nothing', async () => {
    const before = await snapshot(server)
    const teacherId = await add(school.admin.token, { user_ids: [school.teacher.user.id, other.student.user.id] })
    expect(teacherId.status).toBe(400)
    expect(teacherId.body.user_ids).toEqual([`These are not students of this organization: ${school.teacher.user.id}, ${other.student.user.id}.`])
    const self = await add(school.admin.token, { emails: [school.admin.user.email] })
    expect(self.status).toBe(400)
    expect(self.body.emails).toHaveLength(1)
    const empty = await add(school.admin.token, { emails: [] })
    expect(empty.status).toBe(400)
    expect(empty.body.emails).toEqual(['Add at least one e-mail address or student.'])
    expect(await snapshot(server)).toEqual(before)
  })

  it('is for canEditClass: a teacher of another class 403, a student 403, another organization 404', async () => {
    expect((await add(otherTeacher.token, { emails: ['x@example.com'] })).status).toBe(403)
    expect((await add(school.student.token, { emails: ['x@example.com'] })).status).toBe(403)
    expect((await add(other.admin.token, { emails: ['x@example.com'] })).status).toBe(404)
    expect((await add(school.admin.token, { emails: ['x@example.com'] }, 999999)).status).toBe(404)
  })
})

describe('accepting an invitation to a class', () => {
  it('makes the student a member of the class, and its pending invitation leaves the class list', async () => {
    const id = await newClass('Accepting', null)
    await add(school.admin.token, { emails: ['joiner@example.com'] }, id)
    const pending = await server.api('GET', `/v1/invitations/group/${id}/`, { token: school.admin.token })
    expect(pending.body).toMatchObject({ count: 1, results: [{ email: 'joiner@example.com', roles: ['student'] }] })
    const token = await inviteTokenFor(server, 'joiner@example.com')
    await createUser(server, { email: 'joiner@example.com', firstName: 'Joy' })
    const joinerToken = await login(server, 'joiner@example.com')
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token: joinerToken, body: { token, email: 'joiner@example.com' } })
    expect(accepted.status, accepted.text).toBe(200)
    expect(await group(id)).toMatchObject({ users_count: 1, pending_invitations: 0 })
    const all = await server.api('GET', `/v1/groups/${id}/all-users`, { token: school.admin.token })
    expect(all.body).toMatchObject({ count: 1, results: [{ email: 'joiner@example.com', first_name: 'Joy' }] })
    expect((await server.api('GET', `/v1/invitations/group/${id}/`, { token: school.admin.token })).body.count).toBe(0)
  })

  it('refuses inviting to a class of another organization through the organization invite', async () => {
    const reply = await server.api('POST', '/v1/accounts/invite/', {
      token: school.admin.token,
      body: { organization: school.organization.id, role: 'student', emails: ['cross@example.com'], group: await newClass('Theirs', null, other.organization.id) },
    })
    expect(reply.status).toBe(400)
    expect(reply.body.group).toEqual(['Choose a class of this organization.'])
  })
})

describe('removing a student from a class', () => {
  it('takes the student out of the class, not the organization; someone not in it is 404', async () => {
    const id = await newClass('Removing', school.teacher.user.id)
    await add(school.admin.token, { user_ids: [school.student.user.id] }, id)
    expect((await server.api('DELETE', `/v1/groups/${id}/users/${school.student.user.id}`, { token: otherTeacher.token })).status).toBe(403)
    const removed = await server.api('DELETE', `/v1/groups/${id}/users/${school.student.user.id}`, { token: school.teacher.token })
    expect(removed.status).toBe(204)
    expect(await group(id)).toMatchObject({ users_count: 0 })
    const again = await server.api('DELETE', `/v1/groups/${id}/users/${school.student.user.id}`, { token: school.teacher.token })
    expect(again.status).toBe(404)
    expect(again.body.detail).toBe('This student is not in the class.')
    const members = await server.api('GET', `/v1/organizations/${school.organization.id}/students/`, { token: school.admin.token })
    expect(members.status, members.text).toBe(200)
  })
})

describe('the students table', () => {
  it('computes each column from daily_practice for the range, with zeros and nulls without practice', async () => {
    const id = await newClass('Practising', school.teacher.user.id)
    const idle = await createUser(server, { email: 'idle@example.com', firstName: 'Ida', lastName: 'Idle' })
    await addMembership(server.db, idle.id, school.organization.id, 'student')
    await server.db.insert(groupMembers).values([
      { groupId: id, userId: school.student.user.id },
      { groupId: id, userId: idle.id },
    ])
    const org = school.organization.id
    const user = school.student.user.id
    const at = (iso: string) => new Date(iso)
    await server.db.insert(dailyPractice).values([
      { organizationId: org, userId: user, day: '2026-03-02', lessons: 2, seconds: 600, lastEps: 50, lastEpsAt: at('2026-03-02T10:00:00Z'), lastActiveAt: at('2026-03-02T10:00:00Z') },
      { organizationId: org, userId: user, day: '2026-03-05', lessons: 3, seconds: 900, lastEps: 61.5, lastEpsAt: at('2026-03-05T10:00:00Z'), lastActiveAt: at('2026-03-05T11:00:00Z') },
      // before the range asked for below, and another organization's view of the same learner
      { organizationId: org, userId: user, day: '2026-02-20', lessons: 9, seconds: 9000, lastActiveAt: at('2026-02-20T10:00:00Z') },
      { organizationId: other.organization.id, userId: user, day: '2026-03-06', lessons: 9, seconds: 9000, lastActiveAt: at('2026-03-06T10:00:00Z') },
      // the days of the assessments below (the score is of an assessment the organization counted)
      { organizationId: org, userId: user, day: '2026-03-01', assessments: 1, epsSum: 40, lastActiveAt: at('2026-03-01T10:00:00Z') },
      { organizationId: org, userId: user, day: '2026-03-04', assessments: 1, epsSum: 72, lastActiveAt: at('2026-03-04T10:00:00Z') },
    ])
    await server.db.insert(practiceEvents).values([
      { userId: user, clientEventId: 'a1', kind: 'assessment', occurredAt: at('2026-03-01T10:00:00Z'), overallScore: 40 },
      { userId: user, clientEventId: 'a2', kind: 'assessment', occurredAt: at('2026-03-04T10:00:00Z'), overallScore: 72 },
    ])
    const reply = await server.api('GET', `/v1/groups/${id}/users?from=2026-03-01&to=2026-03-10&ordering=-time_spent`, { token: school.teacher.token })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body.count).toBe(2)
    expect(reply.body.results[0]).toMatchObject({
      id: user,
      assessment_test: 72,
      last_active: '2026-03-05T11:00:00.000Z',
      time_spent: 1500,
      lesson_count: 5,
      last_eps: 61.5,
      time_avg_daily: 150,
      user: { id: user, email: school.student.user.email },
    })
    expect(reply.body.results[1]).toEqual({
      id: idle.id,
      name: 'Ida Idle',
      assessment_test: null,
      last_active: null,
      time_spent: 0,
      lesson_count: 0,
      last_eps: null,
      time_avg_daily: 0,
      user: { id: idle.id, first_name: 'Ida', last_name: 'Idle', email: 'idle@example.com', photo_url: null },
    })
    const ascending = await server.api('GET', `/v1/groups/${id}/users?from=2026-03-01&to=2026-03-10&ordering=time_spent`, { token: school.teacher.token })
    expect(ascending.body.results.map((row: { id: number }) => row.id)).toEqual([idle.id, user])
    const searched = await server.api('GET', `/v1/groups/${id}/users?search=idle`, { token: school.teacher.token })
    expect(searched.body.results.map((row: { id: number }) => row.id)).toEqual([idle.id])
    // by default from the class's start to today (19 March in Los Angeles... 20 March 05:00): 20 days
    const byDefault = await server.api('GET', `/v1/groups/${id}/users?ordering=-time_spent`, { token: school.teacher.token })
    expect(byDefault.body.results[0]).toMatchObject({ time_spent: 1500, time_avg_daily: 75 })
    const backwards = await server.api('GET', `/v1/groups/${id}/users?from=2026-03-10&to=2026-03-01`, { token: school.teacher.token })
    expect(backwards.status).toBe(400)
    expect(backwards.body.to).toEqual(["The end of the range can't be before its start."])
    expect((await server.api('GET', `/v1/groups/${id}/users`, { token: otherTeacher.token })).status).toBe(403)
    expect((await server.api('GET', `/v1/groups/${id}/users`, { token: other.admin.token })).status).toBe(404)
  })
})

describe("a student's classes", () => {
  it('lists the classes the student is in; a teacher sees the ones they own', async () => {
    const mine = await newClass('Mine', school.teacher.user.id)
    const theirs = await newClass('Theirs too', otherTeacher.id)
    await server.db.insert(groupMembers).values([
      { groupId: mine, userId: school.student.user.id },
      { groupId: theirs, userId: school.student.user.id },
    ])
    const path = `/v1/groups/${school.organization.id}/${school.student.user.id}/groups`
    const admin = await server.api('GET', path, { token: school.admin.token })
    expect(admin.status, admin.text).toBe(200)
    const names = admin.body.results.map((row: { name: string }) => row.name)
    expect(names).toEqual(expect.arrayContaining(['Mine', 'Theirs too']))
    const teacher = await server.api('GET', path, { token: school.teacher.token })
    expect(teacher.body.results.map((row: { name: string }) => row.name)).not.toContain('Theirs too')
    expect(teacher.body.results.map((row: { name: string }) => row.name)).toContain('Mine')
    expect((await server.api('GET', path, { token: school.student.token })).status).toBe(403)
    expect((await server.api('GET', path, { token: other.admin.token })).status).toBe(404)
  })
})

describe('the teacher of a class', () => {
  it('makes a teacher of the organization the owner; another address a pending teacher who owns the class on acceptance', async () => {
    const id = await newClass('Needs a teacher', null)
    const path = `/v1/groups/${id}/teacher`
    const assigned = await server.api('POST', path, { token: school.admin.token, body: { email: 'Krabappel@example.com' } })
    expect(assigned.status, assigned.text).toBe(200)
    expect(assigned.body).toMatchObject({ owner: { id: otherTeacher.id, email: 'krabappel@example.com' }, pending_teacher: null })

    const invited = await server.api('POST', path, { token: school.admin.token, body: { email: 'newteacher@example.com' } })
    expect(invited.body).toMatchObject({ owner: null, pending_teacher: 'newteacher@example.com', pending_invitations: 0 })
    // a second pending teacher replaces the first
    const replaced = await server.api('POST', path, { token: school.admin.token, body: { email: 'second@example.com' } })
    expect(replaced.body.pending_teacher).toBe('second@example.com')
    const firstInvitation = await server.db.select().from(invitations).where(eq(invitations.email, 'newteacher@example.com'))
    expect(firstInvitation[0]?.status).toBe('revoked')

    const token = await inviteTokenFor(server, 'second@example.com')
    const second = await createUser(server, { email: 'second@example.com', firstName: 'Seymour' })
    const secondToken = await login(server, 'second@example.com')
    expect((await server.api('POST', '/v1/accounts/invite/accept', { token: secondToken, body: { token, email: 'second@example.com' } })).status).toBe(200)
    expect(await group(id)).toMatchObject({ owner: { id: second.id }, pending_teacher: null })
    // the new owner now sees the class
    expect((await server.api('GET', `/v1/groups/${school.organization.id}/${id}/`, { token: secondToken })).status).toBe(200)

    const removed = await server.api('DELETE', path, { token: school.admin.token })
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ owner: null, pending_teacher: null })
  })

  it('is for admins: the owning teacher and students 403, another organization 404; a bad address 400', async () => {
    const path = `/v1/groups/${groupId}/teacher`
    expect((await server.api('POST', path, { token: school.teacher.token, body: { email: 'x@example.com' } })).status).toBe(403)
    expect((await server.api('DELETE', path, { token: school.teacher.token })).status).toBe(403)
    expect((await server.api('POST', path, { token: school.student.token, body: { email: 'x@example.com' } })).status).toBe(403)
    expect((await server.api('POST', path, { token: other.admin.token, body: { email: 'x@example.com' } })).status).toBe(404)
    const bad = await server.api('POST', path, { token: school.admin.token, body: { email: 'not an address' } })
    expect(bad.status).toBe(400)
    expect(bad.body.email).toBeDefined()
    const self = await server.api('POST', path, { token: school.admin.token, body: { email: school.admin.user.email } })
    expect(self.status).toBe(400)
    const owner = await server.db.select({ ownerId: groups.ownerId }).from(groups).where(and(eq(groups.id, groupId)))
    expect(owner[0]?.ownerId).toBe(school.teacher.user.id)
    expect((await server.api('GET', `/v1/invitations/group/${otherClassId}/`, { token: school.teacher.token })).status).toBe(403)
  })
})
