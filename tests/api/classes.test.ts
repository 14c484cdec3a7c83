import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { groupMembers, invitations, organizations } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * Classes (groups) and their goals (assignments), specification 001 §2–§7: the list (page of 50, status
 * computed in the organization's time zone, search, owner), creating (drafts), reading, editing (a draft
 * no more), deleting, the goals with their defaults and limits, the messages of §5, and who may (canEditClass).
 *
 * The server's clock stands at 2026-03-31 20:00 UTC: already 1 April in Tokyo (05:00), still 31 March in
 * Los Angeles (13:00), a month end on both sides of the date line.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let tokyo: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let superToken: string
let otherTeacher: { id: number; token: string }

beforeAll(async () => {
  server = await startServer({ now: '2026-03-31T20:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'spr' })
  tokyo = await createOrganizationWithPeople(server, { name: 'Tokyo Academy', prefix: 'tyo' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, tokyo.organization.id))
  await createUser(server, { email: 'staff@example.com', superuser: true })
  superToken = await login(server, 'staff@example.com')
  const teacher = await createUser(server, { email: 'krabappel@example.com', firstName: 'Edna' })
  await addMembership(server.db, teacher.id, school.organization.id, 'teacher')
  otherTeacher = { id: teacher.id, token: await login(server, teacher.email) }
})
afterAll(() => server.close())

const APRIL = { start_date: '2026-04-01', end_date: '2026-04-30' }
const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' }

const create = (token: string, organizationId: number, body: Record<string, unknown>) =>
  server.api('POST', `/v1/groups/${organizationId}/`, { token, body })
const created = async (organizationId: number, body: Record<string, unknown>, token = superToken) => {
  const reply = await create(token, organizationId, body)
  expect(reply.status, reply.text).toBe(201)
  return reply.body as { id: number; status: string; is_draft: boolean }
}
const list = (token: string, organizationId: number, query = '') => server.api('GET', `/v1/groups/${organizationId}/${query}`, { token })
const names = (reply: { body: { results: { name: string }[] } }) => reply.body.results.map((group) => group.name).sort()

describe('creating a class', () => {
  it('answers the class with its id, computed status and no goals; is_draft makes a draft', async () => {
    const reply = await create(school.admin.token, school.organization.id, { name: '  Grade 4 A ', ...APRIL, owner: school.teacher.user.id })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.body).toMatchObject({
      name: 'Grade 4 A',
      start_date: '2026-04-01',
      end_date: '2026-04-30',
      status: 'not_started',
      organization_id: school.organization.id,
      owner: { id: school.teacher.user.id, first_name: 'Terry', email: school.teacher.user.email },
      is_draft: false,
      users_count: 0,
      pending_invitations: 0,
      assignment: null,
    })
    expect(reply.body.id).toBeGreaterThan(0)
    const draft = await created(school.organization.id, { name: 'Grade 4 draft', ...MARCH, is_draft: true }, school.admin.token)
    expect(draft).toMatchObject({ status: 'draft', is_draft: true })
  })

  it("says 'Please provide a team/class name' for a missing or blank name, and refuses dates out of order or an owner who is no teacher", async () => {
    for (const body of [{ ...APRIL }, { name: '   ', ...APRIL }, { name: '', ...APRIL }]) {
      const reply = await create(school.admin.token, school.organization.id, body)
      expect(reply.status).toBe(400)
      expect(reply.body.name).toEqual(['Please provide a team/class name'])
    }
    const backwards = await create(school.admin.token, school.organization.id, { name: 'Backwards', start_date: '2026-04-30', end_date: '2026-04-01' })
    expect(backwards.status).toBe(400)
    expect(backwards.body.end_date).toEqual(["The end date can't be before the start date."])
    const student = await create(school.admin.token, school.organization.id, { name: 'Owned by a student', ...APRIL, owner: school.student.user.id })
    expect(student.status).toBe(400)
    expect(student.body.owner).toEqual(['Choose a teacher of this organization.'])
    const elsewhere = await create(school.admin.token, school.organization.id, { name: 'Owned elsewhere', ...APRIL, owner: tokyo.teacher.user.id })
    expect(elsewhere.body.owner).toEqual(['Choose a teacher of this organization.'])
    const badDate = await create(school.admin.token, school.organization.id, { name: 'Bad date', start_date: '2026-02-30', end_date: '2026-03-01' })
    expect(badDate.status).toBe(400)
    expect(badDate.body.start_date).toBeDefined()
    const translated = await server.api('POST', `/v1/groups/${school.organization.id}/`, { token: school.admin.token, body: { ...APRIL }, language: 'es-MX' })
    expect(translated.body.name).toEqual(['Escribe un nombre para el equipo o la clase'])
  })

  it('is for admins, platform admins and teachers (who own it): a student gets 403, another organization 404', async () => {
    const mine = await create(school.teacher.token, school.organization.id, { name: 'Mine', ...APRIL })
    expect(mine.status, mine.text).toBe(201)
    expect(mine.body.owner.id).toBe(school.teacher.user.id)
    expect((await create(school.teacher.token, school.organization.id, { name: 'Hers', ...APRIL, owner: otherTeacher.id })).status).toBe(403)
    expect((await create(school.teacher.token, school.organization.id, { name: 'Hers', ...APRIL, teacher_email: 'krabappel@example.com' })).status).toBe(403)
    expect((await create(school.student.token, school.organization.id, { name: 'Mine', ...APRIL })).status).toBe(403)
    expect((await create(tokyo.admin.token, school.organization.id, { name: 'Theirs', ...APRIL })).status).toBe(404)
    expect((await create(superToken, school.organization.id, { name: 'By staff', ...APRIL })).status).toBe(201)
  })
})

describe('the status, in the time zone of the organization', () => {
  it('starts and ends a class on the local date: a month end is already over in Tokyo, not yet in Los Angeles', async () => {
    const ids = {
      laApril: (await created(school.organization.id, { name: 'TZ April', ...APRIL })).id,
      laMarch: (await created(school.organization.id, { name: 'TZ March', ...MARCH })).id,
      tokyoApril: (await created(tokyo.organization.id, { name: 'TZ April', ...APRIL })).id,
      tokyoMarch: (await created(tokyo.organization.id, { name: 'TZ March', ...MARCH })).id,
    }
    const statusOf = async (organizationId: number, id: number) =>
      (await server.api('GET', `/v1/groups/${organizationId}/${id}/`, { token: superToken })).body.status
    // 2026-03-31 13:00 in Los Angeles, 2026-04-01 05:00 in Tokyo
    expect(await statusOf(school.organization.id, ids.laApril)).toBe('not_started')
    expect(await statusOf(school.organization.id, ids.laMarch)).toBe('active')
    expect(await statusOf(tokyo.organization.id, ids.tokyoApril)).toBe('active')
    expect(await statusOf(tokyo.organization.id, ids.tokyoMarch)).toBe('finished')
    // twelve hours later it is 1 April in Los Angeles too
    server.advance(12 * 3600)
    try {
      expect(await statusOf(school.organization.id, ids.laApril)).toBe('active')
      expect(await statusOf(school.organization.id, ids.laMarch)).toBe('finished')
      const active = await list(superToken, school.organization.id, '?status=active&search=TZ')
      expect(names(active)).toEqual(['TZ April'])
    } finally {
      server.advance(-12 * 3600)
    }
  })
})

describe('the list', () => {
  let organizationId: number
  let admin: string
  let teacher: { id: number; token: string }

  beforeAll(async () => {
    const place = await createOrganizationWithPeople(server, { name: 'List School', prefix: 'lst' })
    await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, place.organization.id))
    organizationId = place.organization.id
    admin = place.admin.token
    teacher = { id: place.teacher.user.id, token: place.teacher.token }
    await created(organizationId, { name: 'Algebra', ...MARCH, owner: teacher.id }, admin)
    await created(organizationId, { name: 'Biology', ...APRIL, owner: teacher.id }, admin)
    await created(organizationId, { name: 'Chemistry', start_date: '2026-01-01', end_date: '2026-02-28' }, admin)
    await created(organizationId, { name: 'Drama draft', ...MARCH, is_draft: true }, admin)
  })

  it('filters by status (all, active, not_started, draft, finished), searches the name and keeps one owner', async () => {
    expect(names(await list(admin, organizationId))).toEqual(['Algebra', 'Biology', 'Chemistry', 'Drama draft'])
    expect(names(await list(admin, organizationId, '?status=all'))).toEqual(['Algebra', 'Biology', 'Chemistry', 'Drama draft'])
    expect(names(await list(admin, organizationId, '?status=active'))).toEqual(['Algebra'])
    expect(names(await list(admin, organizationId, '?status=not_started'))).toEqual(['Biology'])
    expect(names(await list(admin, organizationId, '?status=draft'))).toEqual(['Drama draft'])
    expect(names(await list(admin, organizationId, '?status=finished'))).toEqual(['Chemistry'])
    expect(names(await list(admin, organizationId, '?search=BIO'))).toEqual(['Biology'])
    expect(names(await list(admin, organizationId, '?search=%25'))).toEqual([])
    expect(names(await list(admin, organizationId, `?owner=${teacher.id}`))).toEqual(['Algebra', 'Biology'])
    expect((await list(admin, organizationId, '?status=paused')).status).toBe(400)
  })

  it('shows a teacher the classes it owns only; a student gets 403, another organization 404', async () => {
    const mine = await list(teacher.token, organizationId)
    expect(mine.status).toBe(200)
    expect(names(mine)).toEqual(['Algebra', 'Biology'])
    expect(names(await list(teacher.token, organizationId, `?owner=${teacher.id + 1000}`))).toEqual([])
    expect((await list(school.student.token, school.organization.id)).status).toBe(403)
    expect((await list(tokyo.admin.token, organizationId)).status).toBe(404)
  })

  it('pages by 50, the newest first', async () => {
    const place = await createOrganizationWithPeople(server, { name: 'Big School', prefix: 'big' })
    for (let index = 1; index <= 51; index++) await created(place.organization.id, { name: `Class ${index}`, ...APRIL }, place.admin.token)
    const first = await list(place.admin.token, place.organization.id)
    expect(first.body.count).toBe(51)
    expect(first.body.results).toHaveLength(50)
    expect(first.body.results[0].name).toBe('Class 51')
    expect(first.body.next).toContain('page=2')
    const second = await server.api('GET', first.body.next, { token: place.admin.token })
    expect(second.body.results.map((group: { name: string }) => group.name)).toEqual(['Class 1'])
  })
})

describe('one class', () => {
  it('is read and edited by its admins and by the teacher who owns it; another teacher gets 403', async () => {
    const group = await created(school.organization.id, { name: 'Owned', ...APRIL, owner: school.teacher.user.id, is_draft: true })
    const path = `/v1/groups/${school.organization.id}/${group.id}/`
    expect((await server.api('GET', path, { token: school.admin.token })).status).toBe(200)
    expect((await server.api('GET', path, { token: school.teacher.token })).body.name).toBe('Owned')
    expect((await server.api('GET', path, { token: otherTeacher.token })).status).toBe(403)
    expect((await server.api('GET', path, { token: school.student.token })).status).toBe(403)
    expect((await server.api('GET', `/v1/groups/${tokyo.organization.id}/${group.id}/`, { token: superToken })).status).toBe(404)

    // the owner renames it: a draft no more (is_draft true would keep it one: the wizard's "save and finish later")
    const renamed = await server.api('PUT', path, { token: school.teacher.token, body: { name: 'Owned and renamed', ...APRIL } })
    expect(renamed.status, renamed.text).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Owned and renamed', is_draft: false, status: 'not_started', owner: { id: school.teacher.user.id } })
    // only an admin hands it to another teacher
    expect((await server.api('PUT', path, { token: school.teacher.token, body: { name: 'x', ...APRIL, owner: otherTeacher.id } })).status).toBe(403)
    expect((await server.api('PUT', path, { token: otherTeacher.token, body: { name: 'x', ...APRIL } })).status).toBe(403)
    const handed = await server.api('PUT', path, { token: school.admin.token, body: { name: 'Handed', ...APRIL, owner: otherTeacher.id } })
    expect(handed.body.owner.id).toBe(otherTeacher.id)
    const blank = await server.api('PUT', path, { token: school.admin.token, body: { name: ' ', ...APRIL } })
    expect(blank.body.name).toEqual(['Please provide a team/class name'])
    const noTeacher = await server.api('PUT', path, { token: school.admin.token, body: { name: 'Handed', ...APRIL, owner: null } })
    expect(noTeacher.body.owner).toBeNull()
  })

  it('is deleted with its members and goals, and its pending invitations stop working', async () => {
    const group = await created(school.organization.id, { name: 'To delete', ...APRIL })
    await server.api('POST', `/v1/assignments/${group.id}/`, { token: school.admin.token, body: {} })
    await server.db.insert(groupMembers).values({ groupId: group.id, userId: school.student.user.id })
    const [issued] = await storeInvitations(server.db, {
      organizationId: school.organization.id,
      role: 'student',
      emails: ['invited-to-class@example.com'],
      groupId: group.id,
      invitedBy: school.admin.user.id,
      now: new Date(),
      ttlSeconds: 3600,
    })
    const path = `/v1/groups/${school.organization.id}/${group.id}/`
    const before = await server.api('GET', path, { token: school.admin.token })
    expect(before.body).toMatchObject({ users_count: 1, pending_invitations: 1 })

    expect((await server.api('DELETE', path, { token: school.student.token })).status).toBe(403)
    expect((await server.api('DELETE', path, { token: school.admin.token })).status).toBe(204)
    expect((await server.api('GET', path, { token: school.admin.token })).status).toBe(404)
    expect((await server.api('GET', `/v1/assignments/${group.id}/`, { token: school.admin.token })).status).toBe(404)
    const [invitation] = await server.db.select().from(invitations).where(eq(invitations.id, issued!.row.id))
    expect(invitation!.status).toBe('revoked')
    expect((await server.api('DELETE', path, { token: school.admin.token })).status).toBe(404)
  })
})

describe('the goals of a class', () => {
  it("answers 'No goals set' until set; a missing field takes its default (5 days, 10 minutes, assessment with 3 days)", async () => {
    const group = await created(school.organization.id, { name: 'Goals', ...APRIL, owner: school.teacher.user.id })
    const path = `/v1/assignments/${group.id}/`
    const none = await server.api('GET', path, { token: school.admin.token })
    expect(none.status).toBe(404)
    expect(none.body.detail).toBe('No goals set')
    const defaults = await server.api('POST', path, { token: school.teacher.token, body: {} })
    expect(defaults.status, defaults.text).toBe(200)
    expect(defaults.body).toEqual({ practice_days_per_week: 5, practice_minutes_per_day: 10, test_before_class_stats: 3 })
    const set = await server.api('POST', path, { token: school.admin.token, body: { practice_days_per_week: 7, practice_minutes_per_day: 1000, test_before_class_stats: null } })
    expect(set.body).toEqual({ practice_days_per_week: 7, practice_minutes_per_day: 1000, test_before_class_stats: null })
    expect((await server.api('GET', path, { token: school.teacher.token })).body).toEqual(set.body)
    const view = await server.api('GET', `/v1/groups/${school.organization.id}/${group.id}/`, { token: school.admin.token })
    expect(view.body.assignment).toEqual(set.body)
    expect((await server.api('GET', path, { token: otherTeacher.token })).status).toBe(403)
    expect((await server.api('POST', path, { token: school.student.token, body: {} })).status).toBe(403)
  })

  it('keeps days within 1–7, minutes within 1–1000 and engagement days within 1–365, saying so', async () => {
    const group = await created(school.organization.id, { name: 'Limits', ...APRIL })
    const path = `/v1/assignments/${group.id}/`
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ practice_days_per_week: 0 }, 'practice_days_per_week', 'Enter a number of days from 1 to 7.'],
      [{ practice_days_per_week: 8 }, 'practice_days_per_week', 'Enter a number of days from 1 to 7.'],
      [{ practice_minutes_per_day: 0 }, 'practice_minutes_per_day', 'Enter a number of minutes from 1 to 1000.'],
      [{ practice_minutes_per_day: 1001 }, 'practice_minutes_per_day', 'Enter a number of minutes from 1 to 1000.'],
      [{ test_before_class_stats: 0 }, 'test_before_class_stats', 'Enter a number of days from 1 to 365.'],
    ]
    for (const [body, field, message] of cases) {
      const reply = await server.api('POST', path, { token: school.admin.token, body })
      expect(reply.status).toBe(400)
      expect(reply.body[field]).toEqual([message])
    }
    expect((await server.api('GET', path, { token: school.admin.token })).status).toBe(404)
  })
})
