import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addMembership } from '../../server/app.js'
import { dailyPractice, groupMembers, groups } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * Who may read a report is kept with the other readings (server/reports/access.ts, db/read-cache.ts), and
 * so are its figures, while the organization and its practice hold (server/reports/kept.ts, migration
 * 0030): a warm report sends its session's statement only. What is kept must end with the change that
 * ends it (made here straight in the store, as another server process would): a rollup written between
 * two requests, of a past day too, shows in the second; another organization's practice changes nothing.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let classId: number
let learnerId: number
const range = 'from=2026-11-01&to=2026-11-15&scope=daily'

beforeAll(async () => {
  // no roll-up poll: its statement, sent while a request is counted, would be counted with it
  server = await startServer({ now: '2026-11-15T20:00:00Z', rollupPollMs: 0 })
  school = await createOrganizationWithPeople(server, { name: 'Kept Reports School', prefix: 'krs' })
  other = await createOrganizationWithPeople(server, { name: 'Other Reports School', prefix: 'ors' })
  const learner = await createUser(server, { email: 'kept-learner@example.com', firstName: 'Pupil', lastName: 'Kept' })
  learnerId = learner.id
  await addMembership(server.db, learnerId, school.organization.id, 'student')
  const [group] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name: 'Kept class', startDate: '2026-01-01', endDate: '2026-12-31', ownerId: school.teacher.user.id })
    .returning()
  classId = group!.id
  await server.db.insert(groupMembers).values({ groupId: classId, userId: learnerId })
  await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
})
afterAll(() => server.close())

const classReport = (token: string) => server.api('GET', `/v1/reports/groups/${classId}/?${range}`, { token })

/** What sends the store's statements outside a transaction (PGlite's client, or the PostgreSQL pool). */
const statementsOf = (of: TestServer) => (of.db as unknown as { $client: { query: (...args: never[]) => unknown } }).$client

/** How many statements `request` sends to the primary outside a transaction, and how many transactions it makes. */
const sentBy = async (request: () => Promise<{ status: number }>) => {
  const statements = vi.spyOn(statementsOf(server), 'query')
  const transactions = vi.spyOn(server.db, 'transaction')
  try {
    expect((await request()).status).toBe(200)
    return { statements: statements.mock.calls.length, transactions: transactions.mock.calls.length }
  } finally {
    statements.mockRestore()
    transactions.mockRestore()
  }
}

/** What a kept answer sends: its session's statement (with the versions), nothing else. */
const KEPT = { statements: 1, transactions: 0 }

const practised = (organizationId: number, userId: number, day: string, lessons: number) =>
  server.db.insert(dailyPractice).values({ organizationId, userId, day, lessons, seconds: 200 * lessons, lastActiveAt: new Date(`${day}T20:00:00Z`) })

describe("a report's access and its figures are kept while what they read holds", () => {
  it("keeps who may read a class's report and an organization's after the first request", async () => {
    const readings = server.app.portal.readings
    expect((await classReport(school.teacher.token)).status).toBe(200)
    const reply = await server.api('GET', `/v1/reports/organizations/${school.organization.id}/?${range}`, { token: school.admin.token })
    expect(reply.status).toBe(200)
    const teacher = await readings.versions(school.teacher.user.id, { organization: school.organization.id })
    expect(readings.get(teacher, JSON.stringify(['report', 'class', 'getClassReport', classId, school.teacher.user.id]))).toMatchObject({
      group: { id: classId },
      organization: { id: school.organization.id },
    })
    const admin = await readings.versions(school.admin.user.id, { organization: school.organization.id })
    expect(readings.get(admin, JSON.stringify(['report', 'organization', 'getOrganizationReport', school.organization.id, school.admin.user.id]))).toMatchObject({
      id: school.organization.id,
    })
  })

  it('computes the figures again after a rollup is written, of a past day too: it shows in the next request', async () => {
    const lessons = async () => (await classReport(school.teacher.token)).body.overview.lessons_count
    expect(await lessons()).toBe(0)
    await practised(school.organization.id, learnerId, '2026-11-10', 3)
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
    expect(await lessons()).toBe(3)
  })

  it("keeps the figures of a class and of the organization: asked again, they send the session's statement only", async () => {
    const organizationReport = () => server.api('GET', `/v1/reports/organizations/${school.organization.id}/?${range}`, { token: school.admin.token })
    const summary = () => server.api('GET', `/v1/reports/group/${classId}/?${range}`, { token: school.teacher.token })
    for (const report of [() => classReport(school.teacher.token), organizationReport, summary]) {
      const first = await report()
      expect(await sentBy(report)).toEqual(KEPT)
      expect((await report()).body).toEqual((first as { body: unknown }).body)
    }
    // another reader of the same class: the figures do not depend on who asks, only the access is read
    expect(await sentBy(() => classReport(school.admin.token))).toEqual({ statements: 1, transactions: 1 })
    expect(await sentBy(() => classReport(school.admin.token))).toEqual(KEPT)
  })

  it("keeps them while another organization's practice changes, and not once its own does", async () => {
    expect((await classReport(school.teacher.token)).status).toBe(200)
    await practised(other.organization.id, other.student.user.id, '2026-11-12', 2)
    await reportsCaughtUp(server)
    expect(await sentBy(() => classReport(school.teacher.token))).toEqual(KEPT)
    await practised(school.organization.id, learnerId, '2026-11-12', 4)
    await reportsCaughtUp(server)
    const reply = await classReport(school.teacher.token)
    expect(reply.body.overview.lessons_count).toBe(7)
  })

  it('computes them again once who is counted changes: a learner leaving the class, and coming back', async () => {
    const lessons = async () => (await classReport(school.teacher.token)).body.overview.lessons_count
    const counted = await lessons()
    expect(counted).toBeGreaterThan(0)
    await server.db.delete(groupMembers).where(eq(groupMembers.userId, learnerId))
    await reportsCaughtUp(server)
    expect(await lessons()).toBe(0)
    await server.db.insert(groupMembers).values({ groupId: classId, userId: learnerId })
    await reportsCaughtUp(server)
    expect(await lessons()).toBe(counted)
  })

  it('refuses the teacher at the next request once its class passes to another owner, and a refusal is not kept', async () => {
    expect((await classReport(school.teacher.token)).status).toBe(200)
    await server.db.update(groups).set({ ownerId: school.admin.user.id }).where(eq(groups.id, classId))
    expect((await classReport(school.teacher.token)).status).toBe(403)
    await server.db.update(groups).set({ ownerId: school.teacher.user.id }).where(eq(groups.id, classId))
    expect((await classReport(school.teacher.token)).status).toBe(200)
  })
})
