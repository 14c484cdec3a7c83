import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { dailyPractice, groupMembers, groups } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, reportsCaughtUp, startServer, type TestServer } from './harness.js'

/**
 * Who may read a report is kept with the other readings (server/reports/access.ts, db/read-cache.ts): a
 * warm report sends no query about the class, the organization or the caller's roles. What is kept must
 * end with the change that ends it (made here straight in the store, as another server process would),
 * and the figures are never kept: a rollup written between two requests shows in the second.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let classId: number
let learnerId: number
const range = 'from=2026-11-01&to=2026-11-15&scope=daily'

beforeAll(async () => {
  server = await startServer({ now: '2026-11-15T20:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Kept Reports School', prefix: 'krs' })
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

describe("a report's access is kept, its figures are not", () => {
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

  it('computes the figures again on every request: a rollup written between two requests shows in the second', async () => {
    const lessons = async () => (await classReport(school.teacher.token)).body.overview.lessons_count
    expect(await lessons()).toBe(0)
    await server.db.insert(dailyPractice).values({
      organizationId: school.organization.id,
      userId: learnerId,
      day: '2026-11-10',
      lessons: 3,
      seconds: 600,
      lastActiveAt: new Date('2026-11-10T20:00:00Z'),
    })
    await reportsCaughtUp(server) // the read replica, if any, has the data before a report reads it
    expect(await lessons()).toBe(3)
  })

  it('refuses the teacher at the next request once its class passes to another owner, and a refusal is not kept', async () => {
    expect((await classReport(school.teacher.token)).status).toBe(200)
    await server.db.update(groups).set({ ownerId: school.admin.user.id }).where(eq(groups.id, classId))
    expect((await classReport(school.teacher.token)).status).toBe(403)
    await server.db.update(groups).set({ ownerId: school.teacher.user.id }).where(eq(groups.id, classId))
    expect((await classReport(school.teacher.token)).status).toBe(200)
  })
})
