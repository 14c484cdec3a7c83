import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { users } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, startServer, type TestServer } from './harness.js'

/**
 * The student list and student details (spec §2, §6): the organization's students, for its teachers
 * as well as its admins; its students see neither, outsiders get the 404 of an unknown organization.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let kidIds: number[] = []

const NAMES = ['Zoe', 'Adam', 'Bea']

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'stu' })
  other = await createOrganizationWithPeople(server, { prefix: 'oth' })
  await server.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, school.student.user.id))
  kidIds = []
  for (const [index, firstName] of NAMES.entries()) {
    const user = await createUser(server, { email: `kid${index}@example.com`, firstName, lastName: 'Learner' })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    kidIds.push(user.id)
  }
  // a teacher who is also a student counts as a student
  await addMembership(server.db, school.teacher.user.id, school.organization.id, 'student')
})
afterAll(() => server.close())

const base = () => `/v1/organizations/${school.organization.id}/students`
const firstNames = (reply: { body: { results: Array<{ first_name: string }> } }) => reply.body.results.map((row) => row.first_name)

describe('the student list', () => {
  it('pages the students by first name, without the teachers and admins who are no students', async () => {
    const reply = await server.api('GET', `${base()}?page_size=3`, { token: school.admin.token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.count).toBe(5)
    expect(firstNames(reply)).toEqual(['Adam', 'Bea', 'Sam'])
    const second = await server.api('GET', `${base()}?page_size=3&page=2`, { token: school.admin.token })
    expect(second.body.results.map((row: { email: string }) => row.email)).toEqual([school.teacher.user.email, 'kid0@example.com'])
    expect(second.body.results[0].roles).toEqual(['teacher', 'student'])
    const backwards = await server.api('GET', `${base()}?ordering=-first_name&page_size=2`, { token: school.admin.token })
    expect(firstNames(backwards)).toEqual(['Zoe', school.teacher.user.firstName])
  })

  it('searches names and e-mails', async () => {
    const found = await server.api('GET', `${base()}?search=bea LEARNER`, { token: school.teacher.token })
    expect(found.status).toBe(200)
    expect(firstNames(found)).toEqual(['Bea'])
    const none = await server.api('GET', `${base()}?search=${encodeURIComponent(school.admin.user.email)}`, { token: school.admin.token })
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it('is for the teachers and admins of the organization: its students get 403, outsiders 404', async () => {
    expect((await server.api('GET', base(), { token: school.teacher.token })).status).toBe(200)
    const student = await server.api('GET', base(), { token: school.student.token })
    expect(student.status).toBe(403)
    expect(student.body.detail).toEqual(expect.any(String))
    expect((await server.api('GET', base(), { token: other.admin.token })).status).toBe(404)
    expect((await server.api('GET', base(), { token: other.teacher.token })).status).toBe(404)
    expect((await server.api('GET', base())).status).toBe(401)
  })

  it('refuses a sort it does not know with a message', async () => {
    const reply = await server.api('GET', `${base()}?ordering=password`, { token: school.admin.token })
    expect(reply.status).toBe(400)
  })
})

describe('the student details', () => {
  it('shows a student to a teacher of the organization', async () => {
    const reply = await server.api('GET', `${base()}/${kidIds[1]}`, { token: school.teacher.token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body).toMatchObject({ id: kidIds[1], first_name: 'Adam', email: 'kid1@example.com', roles: ['student'], is_active: true })
  })

  it('is 404 for a member who is no student, and for someone of another organization', async () => {
    expect((await server.api('GET', `${base()}/${school.admin.user.id}`, { token: school.teacher.token })).status).toBe(404)
    expect((await server.api('GET', `${base()}/${other.student.user.id}`, { token: school.admin.token })).status).toBe(404)
    expect((await server.api('GET', `${base()}/${kidIds[0]}`, { token: school.student.token })).status).toBe(403)
  })

  it('is gone once the student is removed from the organization', async () => {
    const removed = await server.api('DELETE', `/v1/organizations/${school.organization.id}/users/${kidIds[2]}`, { token: school.admin.token })
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300)
    expect((await server.api('GET', `${base()}/${kidIds[2]}`, { token: school.teacher.token })).status).toBe(404)
    const list = await server.api('GET', base(), { token: school.teacher.token })
    expect(list.body.count).toBe(4)
  })
})
