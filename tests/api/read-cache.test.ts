import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupMembers, groups, mailOutbox, memberships, organizations, sessions, users } from '../../server/db/schema.js'
import { readCacheVersion } from '../../server/db/read-cache.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * The readings the server keeps (server/db/read-cache.ts: sessions, the organization list, an
 * organization's members) against changes it is not told of: each is made here straight in the store,
 * as another server process on the same store would, and the very next request must see it.
 */

let server: TestServer
let rootToken: string
let people: Awaited<ReturnType<typeof createOrganizationWithPeople>>

beforeAll(async () => {
  server = await startServer()
  people = await createOrganizationWithPeople(server, { prefix: 'kept' })
  await createUser(server, { email: 'root@example.com', superuser: true })
  rootToken = await login(server, 'root@example.com')
})
afterAll(() => server.close())

const organizationNames = async () => {
  const reply = await server.api('GET', '/v1/organizations/?search=kept', { token: rootToken })
  expect(reply.status).toBe(200)
  return reply.body.results.map((row: { name: string }) => row.name)
}
const memberNames = async () => {
  const reply = await server.api('GET', `/v1/organizations/${people.organization.id}/users?ordering=first_name`, { token: people.admin.token })
  expect(reply.status).toBe(200)
  return reply.body.results.map((row: { first_name: string }) => row.first_name)
}

describe('the cache version', () => {
  it('counts up once per committed transaction, however many rows it changes, and not for one rolled back', async () => {
    const before = await readCacheVersion(server.db)
    await server.db.transaction(async (tx) => {
      await tx.insert(users).values({ firstName: 'One', lastName: 'Kept', email: 'one-kept@example.com' })
      await tx.insert(users).values([
        { firstName: 'Two', lastName: 'Kept', email: 'two-kept@example.com' },
        { firstName: 'Three', lastName: 'Kept', email: 'three-kept@example.com' },
      ])
      await tx.update(organizations).set({ city: 'Springfield' }).where(eq(organizations.id, people.organization.id))
    })
    expect(await readCacheVersion(server.db)).toBe(before + 1)
    await expect(
      server.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Nobody' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await readCacheVersion(server.db)).toBe(before + 1)
  })

  it('is not counted up by reading', async () => {
    const before = await readCacheVersion(server.db)
    await organizationNames()
    await memberNames()
    expect(await readCacheVersion(server.db)).toBe(before)
  })
})

describe('a kept reading is used only while the store has not changed', () => {
  it('the organization list shows a renamed organization at once', async () => {
    expect(await organizationNames()).toEqual(['School kept'])
    expect(await organizationNames()).toEqual(['School kept']) // now kept
    await server.db.update(organizations).set({ name: 'School kept renamed' }).where(eq(organizations.id, people.organization.id))
    expect(await organizationNames()).toEqual(['School kept renamed'])
  })

  it('the member list shows a renamed member and a removed membership at once', async () => {
    expect(await memberNames()).toEqual(['Alice', 'Sam', 'Terry'])
    await server.db.update(users).set({ firstName: 'Samuel' }).where(eq(users.id, people.student.user.id))
    expect(await memberNames()).toEqual(['Alice', 'Samuel', 'Terry'])
    await server.db.delete(memberships).where(eq(memberships.userId, people.teacher.user.id))
    expect(await memberNames()).toEqual(['Alice', 'Samuel'])
  })

  it("the member list shows a teacher's new class and its student at once", async () => {
    const teacherCounts = async () => {
      const reply = await server.api('GET', `/v1/organizations/${people.organization.id}/users?roles=teacher`, { token: people.admin.token })
      expect(reply.status).toBe(200)
      return reply.body.results.map((row: { groups_count: number; users_groups_count: number }) => [row.groups_count, row.users_groups_count])
    }
    await server.db.insert(memberships).values({ userId: people.teacher.user.id, organizationId: people.organization.id, role: 'teacher' })
    expect(await teacherCounts()).toEqual([[0, 0]])
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: people.organization.id, name: 'Kept class', ownerId: people.teacher.user.id, startDate: '2026-01-01', endDate: '2026-12-31' })
      .returning()
    expect(await teacherCounts()).toEqual([[1, 0]])
    await server.db.insert(groupMembers).values({ groupId: group!.id, userId: people.student.user.id })
    expect(await teacherCounts()).toEqual([[1, 1]])
  })

  it('the class list shows a renamed class, a new student, and a class that starts, at once', async () => {
    const classes = async () => {
      const reply = await server.api('GET', `/v1/groups/${people.organization.id}/`, { token: people.admin.token })
      expect(reply.status).toBe(200)
      return reply.body.results.map((row: { name: string; users_count: number; status: string }) => [row.name, row.users_count, row.status])
    }
    const now = new Date(Date.now() + 60_000)
    const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: people.organization.id, name: 'Starts tomorrow', startDate: tomorrow, endDate: '2099-12-31' })
      .returning()
    const before = await classes()
    expect(before).toContainEqual(['Starts tomorrow', 0, 'not_started'])
    await server.db.update(groups).set({ name: 'Renamed' }).where(eq(groups.id, group!.id))
    expect(await classes()).toContainEqual(['Renamed', 0, 'not_started'])
    await server.db.insert(groupMembers).values({ groupId: group!.id, userId: people.student.user.id })
    expect(await classes()).toContainEqual(['Renamed', 1, 'not_started'])
    server.advance(2 * 24 * 60 * 60) // the organization's date changes, nothing in the store does
    expect(await classes()).toContainEqual(['Renamed', 1, 'active'])
  })

  it('a session revoked, or an account disabled, ends at the next request', async () => {
    const me = (token: string) => server.api('GET', `/v1/organizations/${people.organization.id}/users`, { token })
    const token = await login(server, people.admin.user.email)
    expect((await me(token)).status).toBe(200)
    expect((await me(token)).status).toBe(200) // kept
    await server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, people.admin.user.id))
    expect((await me(token)).status).toBe(401)

    const again = await login(server, people.admin.user.email)
    expect((await me(again)).status).toBe(200)
    await server.db.update(users).set({ disabled: true }).where(eq(users.id, people.admin.user.id))
    expect((await me(again)).status).toBe(401)
    await server.db.update(users).set({ disabled: false }).where(eq(users.id, people.admin.user.id))
  })

  it('a kept session still ends when it expires', async () => {
    const token = await login(server, people.student.user.email)
    const mine = () => server.api('GET', '/v1/organizations/', { token }) // a student may not list: 403 with a live session
    expect((await mine()).status).toBe(403)
    expect((await mine()).status).toBe(403)
    server.advance(60 * 60 * 24 * 365)
    expect((await mine()).status).toBe(401)
  })
})

describe('what a kept reading may read', () => {
  it('a reading of a table that does not count the version is refused outside production, and nothing is kept', async () => {
    const readings = server.app.portal.readings
    const version = await readings.version()
    await expect(readings.read(version, 'outbox', (tx) => tx.select().from(mailOutbox))).rejects.toThrow(
      'the kept reading outbox read mail_outbox, which do not count the cache version',
    )
    expect(readings.get(version, 'outbox')).toBeUndefined()
    // the counted tables may be read
    const names = await readings.read(version, 'names', (tx) => tx.select({ name: organizations.name }).from(organizations))
    expect(readings.get(version, 'names')).toBe(names)
  })
})
