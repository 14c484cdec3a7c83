import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, createOrganization } from '../../server/app.js'
import { organizations, scheduledRuns, users } from '../../server/db/schema.js'
import { claimScheduledRun, releaseScheduledRun } from '../../server/maintenance.js'
import { startServer, testConfig, type TestServer } from './harness.js'

/**
 * The hourly maintenance (server/maintenance.ts) runs once an hour however many server processes share
 * the store: each process claims the run in `scheduled_runs` first, and one that finds it claimed skips
 * it. Here a second app on the same store stands for a second process (on PostgreSQL, with its own
 * connections, when DATABASE_URL is set).
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const HOUR = 60 * 60

describe('a scheduled run', () => {
  it('is claimed by one of several claims made at once, then by none until its time is over', async () => {
    const now = new Date()
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(server.db, 'test-job', HOUR, now)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimScheduledRun(server.db, 'test-job', HOUR, new Date(now.getTime() + (HOUR - 1) * 1000))).toBe(false)
    expect(await claimScheduledRun(server.db, 'test-job', HOUR, new Date(now.getTime() + HOUR * 1000))).toBe(true)
    // given back (its run failed): the next claim takes it
    await releaseScheduledRun(server.db, 'test-job')
    expect(await claimScheduledRun(server.db, 'test-job', HOUR, new Date(now.getTime() + HOUR * 1000))).toBe(true)
  })
})

describe('the maintenance of two processes on one store', () => {
  it('runs in the first to start, and not again in the second within the hour', async () => {
    const [claimed] = await server.db.select().from(scheduledRuns).where(eq(scheduledRuns.job, 'maintenance'))
    expect(claimed, 'the first process claimed its run').toBeDefined()

    // an organization deleted 31 days ago: the maintenance purges it
    const [admin] = await server.db.insert(users).values({ firstName: 'Old', lastName: 'Admin', email: 'old-admin@example.com' }).returning()
    const old = await createOrganization(server.db, { name: 'Old School', type: 'school', adminUserId: admin!.id })
    await server.db.update(organizations).set({ deletedAt: new Date(Date.now() - 31 * 24 * HOUR * 1000) }).where(eq(organizations.id, old.id))
    const stillThere = async () => (await server.db.select().from(organizations).where(eq(organizations.id, old.id))).length === 1

    const second = await buildApp({ config: testConfig(), store: server.store })
    await second.ready()
    await second.close()
    expect(await stillThere(), 'the second process ran the maintenance of this hour again').toBe(true)
    const [after] = await server.db.select().from(scheduledRuns).where(eq(scheduledRuns.job, 'maintenance'))
    expect(after!.claimedUntil).toEqual(claimed!.claimedUntil)

    // the hour over (its claim given back here), the next process to start runs it
    await releaseScheduledRun(server.db, 'maintenance')
    const third = await buildApp({ config: testConfig(), store: server.store })
    await third.ready()
    await third.close()
    expect(await stillThere()).toBe(false)
  })
})
