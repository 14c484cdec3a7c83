import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, startServer, type TestServer } from './harness.js'

/**
 * A member's counts as a teacher (spec 000 §2 Teacher list, §3 Organization user): groups_count, the
 * classes of the organization the member owns (drafts included, as the member's own class list shows
 * them), and users_groups_count, the students in those classes, each counted once. Built by hand: Terry
 * owns Grade 7 A (Ann, Ben, Cat) and Grade 7 B (Cat, Dan), so 2 classes and 4 students, not 5; Edna
 * owns one class of one student and a draft; a class of another organization that Terry also
 * teaches counts there, not here. The teachers list sorts by either count.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let edna: { id: number }
let quiet: { id: number }

const DATES = { startDate: '2026-04-01', endDate: '2026-04-30' }

const classOf = async (organizationId: number, name: string, ownerId: number, studentIds: number[], isDraft = false) => {
  const [group] = await server.db.insert(groups).values({ organizationId, name, ownerId, isDraft, ...DATES }).returning()
  if (!group) throw new Error('class not created')
  for (const userId of studentIds) await server.db.insert(groupMembers).values({ groupId: group.id, userId })
  return group
}

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { prefix: 'cnt' })
  other = await createOrganizationWithPeople(server, { prefix: 'cno' })
  const student = async (name: string) => {
    const user = await createUser(server, { email: `${name.toLowerCase()}@example.com`, firstName: name })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    return user.id
  }
  const [ann, ben, cat, dan] = [await student('Ann'), await student('Ben'), await student('Cat'), await student('Dan')]
  const teacher = async (email: string, firstName: string) => {
    const user = await createUser(server, { email, firstName })
    await addMembership(server.db, user.id, school.organization.id, 'teacher')
    return user
  }
  edna = await teacher('edna@example.com', 'Edna')
  quiet = await teacher('quiet@example.com', 'Quinn')
  const terry = school.teacher.user.id
  await classOf(school.organization.id, 'Grade 7 A', terry, [ann!, ben!, cat!])
  await classOf(school.organization.id, 'Grade 7 B', terry, [cat!, dan!])
  await classOf(school.organization.id, 'Grade 8', edna.id, [ann!])
  await classOf(school.organization.id, 'Grade 9 (draft)', edna.id, [], true)
  // Terry teaches in the other organization too: counted there only
  await addMembership(server.db, terry, other.organization.id, 'teacher')
  await classOf(other.organization.id, 'Elsewhere', terry, [other.student.user.id])
})
afterAll(() => server.close())

const teachers = (query = '') =>
  server.api('GET', `/v1/organizations/${school.organization.id}/users?roles=teacher${query}`, { token: school.admin.token })
const counts = (reply: { body: { results: { first_name: string; groups_count: number; users_groups_count: number }[] } }) =>
  reply.body.results.map((row) => [row.first_name, row.groups_count, row.users_groups_count])

describe('the teachers list', () => {
  it('gives each teacher the classes they own and the students in them, a student in two classes once', async () => {
    const reply = await teachers('&ordering=first_name')
    expect(reply.status, reply.text).toBe(200)
    expect(counts(reply)).toEqual([
      ['Edna', 2, 1],
      ['Quinn', 0, 0],
      ['Terry', 2, 4],
    ])
  })

  it('counts in the organization asked about only', async () => {
    const reply = await server.api('GET', `/v1/organizations/${other.organization.id}/users?roles=teacher`, { token: other.admin.token })
    expect(reply.body.results.find((row: { id: number }) => row.id === school.teacher.user.id)).toMatchObject({ groups_count: 1, users_groups_count: 1 })
  })

  it('sorts by either count, both ways, then by id', async () => {
    expect(counts(await teachers('&ordering=-users_groups_count'))).toEqual([
      ['Terry', 2, 4],
      ['Edna', 2, 1],
      ['Quinn', 0, 0],
    ])
    expect(counts(await teachers('&ordering=users_groups_count')).map(([name]) => name)).toEqual(['Quinn', 'Edna', 'Terry'])
    // Edna and Terry own 2 each: the one made first (Terry, with the organization) comes first
    expect(counts(await teachers('&ordering=-groups_count')).map(([name]) => name)).toEqual(['Terry', 'Edna', 'Quinn'])
  })

  it('refuses an ordering it does not know, with a message', async () => {
    const reply = await teachers('&ordering=salary')
    expect(reply.status).toBe(400)
    expect(reply.body.ordering).toEqual([expect.any(String)])
  })
})

describe('one member', () => {
  it('carries the same counts on the member call, and zeros for a student', async () => {
    const read = (userId: number) =>
      server.api('GET', `/v1/organizations/${school.organization.id}/users/${userId}`, { token: school.admin.token })
    expect((await read(school.teacher.user.id)).body).toMatchObject({ groups_count: 2, users_groups_count: 4 })
    expect((await read(quiet.id)).body).toMatchObject({ groups_count: 0, users_groups_count: 0 })
    expect((await read(school.student.user.id)).body).toMatchObject({ groups_count: 0, users_groups_count: 0 })
  })
})
