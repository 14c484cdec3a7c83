import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { assignments, groupMembers, groups, invitationGroups, invitations } from '../../server/db/schema.js'
import { countRows, createOrganizationWithPeople, createUser, startServer, type TestServer } from './harness.js'

/**
 * The creation wizard's call (specification 001 §2 creation wizard, §4 Draft): POST /v1/groups/{orgId}/
 * writes the class, its goals, its teacher and its students in one transaction with their invitations;
 * a bad address is named and nothing is written; a draft invites nobody and keeps what it was given;
 * PUT finishing the draft invites then; a repeated idempotency key makes no second class.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let member: { id: number; email: string }

beforeAll(async () => {
  server = await startServer({ now: '2026-03-31T20:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Shelbyville High', prefix: 'shv' })
  const user = await createUser(server, { email: 'milhouse@example.com', firstName: 'Milhouse' })
  await addMembership(server.db, user.id, school.organization.id, 'student')
  member = { id: user.id, email: user.email }
})
afterAll(() => server.close())

const APRIL = { start_date: '2026-04-01', end_date: '2026-04-30' }
const path = () => `/v1/groups/${school.organization.id}/`
const create = (body: Record<string, unknown>, token = school.admin.token) => server.api('POST', path(), { token, body })
const tables = async () => ({
  groups: await countRows(server, 'groups'),
  group_members: await countRows(server, 'group_members'),
  invitations: await countRows(server, 'invitations'),
  assignments: await countRows(server, 'assignments'),
  mail_outbox: await countRows(server, 'mail_outbox'),
})
const classInvitations = async (groupId: number) =>
  (
    await server.db
      .select({ invitation: invitations })
      .from(invitations)
      .innerJoin(invitationGroups, eq(invitationGroups.invitationId, invitations.id))
      .where(eq(invitationGroups.groupId, groupId))
  ).map(({ invitation: row }) => ({ email: row.email, role: row.role, autoJoin: row.autoJoin }))

describe('creating a class with its teacher, goals and students', () => {
  it('makes the teacher its owner, joins the organization’s students and invites the others, all at once', async () => {
    const reply = await create({
      name: 'Grade 9 A',
      ...APRIL,
      teacher_email: school.teacher.user.email.toUpperCase(),
      goals: { practice_days_per_week: 4, practice_minutes_per_day: 20, test_before_class_stats: null },
      students: [member.email, 'Nelson@Example.com', 'nelson@example.com', 'lisa@example.com'],
      consent: true,
    })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({
      name: 'Grade 9 A',
      is_draft: false,
      owner: { id: school.teacher.user.id },
      users_count: 1,
      pending_invitations: 2,
      assignment: { practice_days_per_week: 4, practice_minutes_per_day: 20, test_before_class_stats: null },
      draft: null,
      roster: { joined: [member.email], invited: ['nelson@example.com', 'lisa@example.com'], pending_teacher: null },
    })
    const groupId = reply.body.id
    expect(await classInvitations(groupId)).toEqual([
      { email: 'nelson@example.com', role: 'student', autoJoin: true },
      { email: 'lisa@example.com', role: 'student', autoJoin: true },
    ])
    expect((await server.mails('lisa@example.com')).length).toBe(1)
    expect(await server.mails(member.email)).toEqual([])
  })

  it('gives a teacher address that is no teacher of the organization a pending teacher invitation; without consent everyone is invited', async () => {
    const reply = await create({ name: 'Grade 9 B', ...APRIL, teacher_email: 'hoover@example.com', students: [member.email], consent: false })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({ owner: null, users_count: 0, roster: { joined: [], invited: [member.email], pending_teacher: 'hoover@example.com' } })
    expect(await classInvitations(reply.body.id)).toEqual([
      { email: 'hoover@example.com', role: 'teacher', autoJoin: true },
      { email: member.email, role: 'student', autoJoin: false },
    ])
    expect((await server.mails('hoover@example.com')).length).toBe(1)
  })

  it('names a bad address and writes nothing: no class, no invitation, no mail', async () => {
    const before = await tables()
    const bad = await create({ name: 'Grade 9 C', ...APRIL, teacher_email: school.teacher.user.email, students: ['bart@example.com', 'not an address', 'martin@example.com'] })
    expect(bad.status).toBe(400)
    expect(bad.body.students).toEqual([expect.stringContaining('not an address')])
    const own = await create({ name: 'Grade 9 C', ...APRIL, students: ['bart@example.com', school.admin.user.email] })
    expect(own.status).toBe(400)
    expect(own.body.students).toEqual([expect.stringContaining(school.admin.user.email)])
    expect(await tables()).toEqual(before)
  })

  it('makes one class of a double click: the same key answers the first class and writes nothing', async () => {
    const body = { name: 'Grade 9 D', ...APRIL, students: ['ralph@example.com'], key: 'wizard-double-click-1' }
    const [first, second] = await Promise.all([create(body), create(body)])
    expect([first.status, second.status]).toEqual([201, 201])
    expect(first.body.id).toBe(second.body.id)
    const again = await create(body)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(first.body.id)
    expect(await server.db.select().from(groups).where(eq(groups.name, 'Grade 9 D'))).toHaveLength(1)
    expect(await classInvitations(first.body.id)).toHaveLength(1)
  })
})

describe('a draft', () => {
  it('invites nobody and keeps what the wizard was given; finishing it (PUT) invites then', async () => {
    const before = await tables()
    const reply = await create({
      name: 'Grade 9 E',
      ...APRIL,
      is_draft: true,
      teacher_email: 'skinner@example.com',
      goals: { practice_days_per_week: 6 },
      students: [member.email, 'jimbo@example.com'],
      consent: true,
      step: 'goals',
    })
    expect(reply.status, reply.text).toBe(201)
    const groupId = reply.body.id
    expect(reply.body).toMatchObject({
      is_draft: true,
      status: 'draft',
      users_count: 0,
      pending_invitations: 0,
      assignment: { practice_days_per_week: 6, practice_minutes_per_day: 10, test_before_class_stats: 3 },
      draft: { teacher_email: 'skinner@example.com', students: [member.email, 'jimbo@example.com'], consent: true, step: 'goals' },
    })
    expect(reply.body.roster).toBeUndefined()
    const after = await tables()
    expect({ ...after, groups: after.groups - 1, assignments: after.assignments - 1 }).toEqual(before)

    const classPath = `${path()}${groupId}/`
    const read = await server.api('GET', classPath, { token: school.admin.token })
    expect(read.body.draft).toMatchObject({ step: 'goals', students: [member.email, 'jimbo@example.com'] })

    const saved = await server.api('PUT', classPath, { token: school.admin.token, body: { name: 'Grade 9 E', ...APRIL, is_draft: true, students: ['jimbo@example.com'], step: 'overview' } })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({ is_draft: true, draft: { teacher_email: 'skinner@example.com', students: ['jimbo@example.com'], step: 'overview' } })
    expect(await classInvitations(groupId)).toEqual([])

    const finished = await server.api('PUT', classPath, { token: school.admin.token, body: { name: 'Grade 9 E', ...APRIL, students: ['jimbo@example.com', member.email] } })
    expect(finished.status, finished.text).toBe(200)
    expect(finished.body).toMatchObject({
      is_draft: false,
      status: 'not_started',
      draft: null,
      users_count: 1,
      roster: { joined: [member.email], invited: ['jimbo@example.com'], pending_teacher: 'skinner@example.com' },
    })
    expect((await server.mails('jimbo@example.com')).length).toBe(1)
    const [goals] = await server.db.select().from(assignments).where(eq(assignments.groupId, groupId))
    expect(goals?.practiceDaysPerWeek).toBe(6)
    const joined = await server.db.select().from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, member.id)))
    expect(joined).toHaveLength(1)

    const late = await server.api('PUT', classPath, { token: school.admin.token, body: { name: 'Grade 9 E', ...APRIL, students: ['late@example.com'] } })
    expect(late.status).toBe(400)
    expect(late.body.students).toEqual([expect.stringContaining('draft')])
  })

  it('skipping the goals ("I\'ll do this later") leaves the class without goals', async () => {
    const reply = await create({ name: 'Grade 9 F', ...APRIL, is_draft: true, goals: { practice_days_per_week: 2 } })
    const cleared = await server.api('PUT', `${path()}${reply.body.id}/`, { token: school.admin.token, body: { name: 'Grade 9 F', ...APRIL, goals: null } })
    expect(cleared.body.assignment).toBeNull()
  })
})
