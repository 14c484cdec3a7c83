import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, openStore } from '../../server/app.js'
import { groupMembers, groups, mailOutbox, memberships, organizations, sessions, users } from '../../server/db/schema.js'
import { organizationScope, readVersionsOf, userScope } from '../../server/db/read-cache.js'
import type { Store } from '../../server/db/store.js'
import { createOrganizationWithPeople, createUser, login, startServer, testConfig, type TestServer } from './harness.js'

/**
 * The readings the server keeps (server/db/read-cache.ts: sessions, the organization list, an
 * organization's members and students, the class list) against changes it is not told of: each is made
 * here straight in the store, as another server process on the same store would, or through a second
 * app on the same store, and the very next request must see it. Freshness is per tenant: a change in
 * one organization leaves another's kept readings kept.
 */

let server: TestServer
let rootToken: string
let people: Awaited<ReturnType<typeof createOrganizationWithPeople>>

beforeAll(async () => {
  // no roll-up poll: its statement, every second on PostgreSQL, would be counted with a request's own
  server = await startServer({ rollupPollMs: 0 })
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

/** What sends the store's statements outside a transaction (PGlite's client, or the PostgreSQL pool). */
const statementsOf = (of: TestServer) => (of.db as unknown as { $client: { query: (...args: never[]) => unknown } }).$client

const organizationVersion = async (organizationId: number) =>
  (await readVersionsOf(server.db, people.admin.user.id, { organization: organizationId })).of.get(organizationScope(organizationId))
const userVersion = async (userId: number) => (await readVersionsOf(server.db, userId)).of.get(userScope(userId))

describe("an organization's version", () => {
  it('moves once per committed transaction that changes the organization, however many rows, and not for one rolled back', async () => {
    const before = await organizationVersion(people.organization.id)
    await server.db.transaction(async (tx) => {
      await tx.update(users).set({ lastName: 'Kept' }).where(eq(users.id, people.student.user.id))
      await tx.update(users).set({ lastName: 'Kept' }).where(eq(users.id, people.teacher.user.id))
      await tx.update(organizations).set({ city: 'Springfield' }).where(eq(organizations.id, people.organization.id))
    })
    const after = await organizationVersion(people.organization.id)
    expect(after).toBeGreaterThan(before!)
    // one value of the sequence for the whole transaction
    expect(await userVersion(people.student.user.id)).not.toBe(after)
    await expect(
      server.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Nobody' }).where(eq(users.id, people.student.user.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await organizationVersion(people.organization.id)).toBe(after)
  })

  it('does not move by reading, nor by a login (a new session moves nothing)', async () => {
    const before = await organizationVersion(people.organization.id)
    const admin = await userVersion(people.admin.user.id)
    await organizationNames()
    await memberNames()
    await login(server, people.admin.user.email)
    expect(await organizationVersion(people.organization.id)).toBe(before)
    expect(await userVersion(people.admin.user.id)).toBe(admin)
  })

  it("does not move with another organization's changes, and the other's kept readings stay kept", async () => {
    const other = await createOrganizationWithPeople(server, { prefix: 'other' })
    const otherMembers = () => server.api('GET', `/v1/organizations/${other.organization.id}/users`, { token: other.admin.token })
    expect((await otherMembers()).status).toBe(200)
    const before = await organizationVersion(other.organization.id)
    // in the first organization: a member renamed, a class, a student in it, a login
    await server.db.update(users).set({ firstName: 'Sammy' }).where(eq(users.id, people.student.user.id))
    const [group] = await server.db
      .insert(groups)
      .values({ organizationId: people.organization.id, name: 'Elsewhere', startDate: '2026-01-01', endDate: '2026-12-31' })
      .returning()
    await server.db.insert(groupMembers).values({ groupId: group!.id, userId: people.student.user.id })
    await login(server, people.admin.user.email)
    await server.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, people.student.user.id))
    expect(await organizationVersion(other.organization.id)).toBe(before)
    // the other organization's list is answered as kept: one statement (the versions), no transaction
    const statements = vi.spyOn(statementsOf(server), 'query')
    const transactions = vi.spyOn(server.db, 'transaction')
    try {
      expect((await otherMembers()).status).toBe(200)
      expect(transactions).not.toHaveBeenCalled()
      expect(statements).toHaveBeenCalledTimes(1)
    } finally {
      statements.mockRestore()
      transactions.mockRestore()
    }
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

describe('the cost of a member list', () => {
  // the sessions of the admin were revoked above
  beforeAll(async () => {
    people.admin.token = await login(server, people.admin.user.email)
  })

  it('is one transaction when not kept, and one statement when kept', async () => {
    const list = () => server.api('GET', `/v1/organizations/${people.organization.id}/users?search=a`, { token: people.admin.token })
    const transactions = vi.spyOn(server.db, 'transaction')
    try {
      expect((await list()).status).toBe(200)
      expect(transactions).toHaveBeenCalledTimes(1)
      transactions.mockClear()
      const statements = vi.spyOn(statementsOf(server), 'query')
      try {
        expect((await list()).status).toBe(200)
        expect(transactions).not.toHaveBeenCalled()
        expect(statements).toHaveBeenCalledTimes(1)
      } finally {
        statements.mockRestore()
      }
    } finally {
      transactions.mockRestore()
    }
  })
})

describe('the students list', () => {
  const students = async (token = people.admin.token) => {
    const reply = await server.api('GET', `/v1/organizations/${people.organization.id}/students`, { token })
    expect(reply.status).toBe(200)
    return reply.body.results.map((row: { first_name: string }) => row.first_name)
  }

  it('is kept, and shows a renamed student, a new one and one who left at once', async () => {
    const before = await students()
    const transactions = vi.spyOn(server.db, 'transaction')
    const statements = vi.spyOn(statementsOf(server), 'query')
    try {
      expect(await students()).toEqual(before)
      // kept: one statement (the versions), no transaction
      expect(transactions).not.toHaveBeenCalled()
      expect(statements).toHaveBeenCalledTimes(1)
    } finally {
      transactions.mockRestore()
      statements.mockRestore()
    }
    await server.db.update(users).set({ firstName: 'Samwise' }).where(eq(users.id, people.student.user.id))
    expect(await students()).toEqual(['Samwise'])
    const newcomer = await createUser(server, { email: 'newcomer-kept@example.com', firstName: 'Nina' })
    await server.db.insert(memberships).values({ userId: newcomer.id, organizationId: people.organization.id, role: 'student' })
    expect(await students()).toEqual(['Nina', 'Samwise'])
    await server.db.delete(memberships).where(eq(memberships.userId, newcomer.id))
    expect(await students()).toEqual(['Samwise'])
    await server.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, people.student.user.id))
  })

  it('refuses, at once, a teacher who is no longer one', async () => {
    await server.db.insert(memberships).values({ userId: people.teacher.user.id, organizationId: people.organization.id, role: 'teacher' }).onConflictDoNothing()
    const teacherToken = await login(server, people.teacher.user.email)
    expect(await students(teacherToken)).toEqual(['Sam'])
    await server.db.delete(memberships).where(eq(memberships.userId, people.teacher.user.id))
    const reply = await server.api('GET', `/v1/organizations/${people.organization.id}/students`, { token: teacherToken })
    expect(reply.status).toBe(404)
  })
})

describe('two apps on one store (two server processes)', () => {
  let secondStore: Store | undefined
  let second: FastifyInstance
  beforeAll(async () => {
    // on PostgreSQL a pool of its own on the same database; on PGlite the same embedded store
    secondStore = server.databaseUrl ? await openStore({ databaseUrl: server.databaseUrl }) : undefined
    second = await buildApp({ config: testConfig(), store: secondStore ?? server.store })
    await second.ready()
  })
  afterAll(async () => {
    await second.close()
    await secondStore?.close()
  })
  const onSecond = async (url: string, token: string) => {
    const reply = await second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    return { status: reply.statusCode, body: reply.json() }
  }

  it('a session ended on one is refused by the other at its very next request', async () => {
    const token = await login(server, people.admin.user.email)
    const url = `/v1/organizations/${people.organization.id}/users`
    expect((await onSecond(url, token)).status).toBe(200)
    expect((await onSecond(url, token)).status).toBe(200) // kept on the second
    expect((await server.api('GET', url, { token })).status).toBe(200) // kept on the first
    expect((await server.api('POST', '/v1/accounts/logout/', { token })).status).toBe(204)
    expect((await onSecond(url, token)).status).toBe(401)
    expect((await server.api('GET', url, { token })).status).toBe(401)
  })

  it('a member changed through one is seen by the other at its very next request', async () => {
    const url = `/v1/organizations/${people.organization.id}/students`
    const names = async () => (await onSecond(url, people.admin.token)).body.results.map((row: { first_name: string }) => row.first_name)
    expect(await names()).toEqual(['Sam'])
    expect(await names()).toEqual(['Sam']) // kept
    const reply = await server.api('PATCH', `/v1/organizations/${people.organization.id}/users/${people.student.user.id}`, {
      token: people.admin.token,
      body: { first_name: 'Samira' },
    })
    expect(reply.status).toBe(200)
    expect(await names()).toEqual(['Samira'])
  })
})

describe('what a kept reading may read', () => {
  it('a reading of a table that counts no scope up is refused in tests, and nothing is kept', async () => {
    const readings = server.app.portal.readings
    const versions = await readings.versions(people.admin.user.id, { platform: true })
    await expect(readings.read(versions, 'outbox', ['platform'], (tx) => tx.select().from(mailOutbox))).rejects.toThrow(
      'the kept reading outbox read mail_outbox, which count no scope up',
    )
    expect(readings.get(versions, 'outbox')).toBeUndefined()
    // the counted tables may be read
    const names = await readings.read(versions, 'names', ['platform'], (tx) => tx.select({ name: organizations.name }).from(organizations))
    expect(readings.get(versions, 'names')).toBe(names)
  })
})
