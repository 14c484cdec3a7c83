import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, buildApp, openStore } from '../../server/app.js'
import { organizations } from '../../server/db/schema.js'
import { rowsOf, type Database, type Store } from '../../server/db/store.js'
import { appendPracticeEvents, rollUpQueuedEvents, type LessonEvent } from '../../server/practice/ingest.js'
import { rolledUpUntil } from '../../server/practice/freshness.js'
import { createOrganizationWithPeople, createUser, login, reportsCaughtUp, startServer, testConfig, type TestServer } from './harness.js'

/**
 * Ingestion as an append (server/practice/ingest.ts appendPracticeEvents) and the roll-up worker
 * (server/practice/rollup-worker.ts): every event the API takes reaches daily_practice exactly once, by
 * whichever of several server processes on one store, whatever crashes between the append and the
 * roll-up; retries stay idempotent and the quota still refuses, in the append's one statement.
 *
 * A second app on the same store plays a second server process: on PGlite the same store object, on
 * PostgreSQL (DATABASE_URL) a pool of its own on the test's database.
 */

const NOW = '2026-03-31T20:00:00Z'

let server: TestServer
let second: { app: FastifyInstance; store: Store; filesDir: string }
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
const learners: { id: number; token: string }[] = []

beforeAll(async () => {
  // no polls: the workers run when kicked (an append through the API, reportsCaughtUp), so a test sees what waits
  server = await startServer({ now: NOW, membersSince: '2025-01-01T00:00:00Z', rollupPollMs: 0, practiceRollUp: 'worker' })
  school = await createOrganizationWithPeople(server, { name: 'Append School', prefix: 'append' })
  other = await createOrganizationWithPeople(server, { name: 'Other School', prefix: 'other' })
  await server.db.update(organizations).set({ timezone: 'America/Los_Angeles' }).where(eq(organizations.id, school.organization.id))
  for (let i = 0; i < 6; i++) {
    const user = await createUser(server, { email: `append-${i}@example.com`, firstName: `Lea${i}` })
    await addMembership(server.db, user.id, school.organization.id, 'student')
    learners.push({ id: user.id, token: await login(server, user.email) })
  }
  const store = server.databaseUrl ? await openStore({ databaseUrl: server.databaseUrl }) : server.store
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'))
  second = { app: await buildApp({ config: testConfig({ FILES_DIR: filesDir }), store, clock: server.clock, rollupPollMs: 0, practiceRollUp: 'worker' }), store, filesDir }
  await second.app.ready()
})
afterAll(async () => {
  await second.app.close()
  if (second.store !== server.store) await second.store.close()
  rmSync(second.filesDir, { recursive: true, force: true })
  await server.close()
})

let sequence = 0
const lesson = (occurredAt: string, seconds = 60) => ({
  client_event_id: `rollup-${++sequence}`,
  kind: 'lesson',
  occurred_at: occurredAt,
  module_name: 'Everyday English',
  lesson_name: 'Ordering coffee',
  difficulty_level: 'beginner',
  seconds,
  native_score: 80,
})
const lessonEvent = (userId: number, occurredAt: string, seconds = 60): LessonEvent => ({
  userId,
  clientEventId: `direct-${++sequence}`,
  occurredAt: new Date(occurredAt),
  kind: 'lesson',
  moduleName: 'Travel',
  lessonName: 'At the airport',
  difficultyLevel: 'advanced',
  seconds,
  nativeScore: 50,
})

const totals = async (db: Database, organizationId = school.organization.id) => {
  const [row] = await rowsOf<{ lessons: number; seconds: number }>(
    db,
    sql`select coalesce(sum(lessons), 0)::int as lessons, coalesce(sum(seconds), 0)::int as seconds from daily_practice where organization_id = ${organizationId}`,
  )
  return row!
}
const queued = async () => (await rowsOf<{ n: number }>(server.db, sql`select count(*)::int as n from practice_rollup_queue`))[0]!.n
const dayTotals = async () =>
  (await rowsOf<{ day: string; lessons: number }>(server.db, sql`select to_char(day, 'YYYY-MM-DD') as day, lessons::int from organization_practice_days where organization_id = ${school.organization.id} order by day`))

describe('two server processes on one store', () => {
  it('roll up each event the API took exactly once, whichever process took it and whichever worker claims it', async () => {
    await reportsCaughtUp(server)
    const before = await totals(server.db)
    const apps = [server.app, second.app]
    // 6 learners, 4 calls each of 5 lessons, sent to both processes at once
    const calls = learners.flatMap((learner, l) =>
      Array.from({ length: 4 }, (_, c) => {
        const events = Array.from({ length: 5 }, (_, e) => lesson(`2026-03-${String(20 + c).padStart(2, '0')}T1${e}:00:00Z`, 1 + l))
        return apps[(l + c) % 2]!.inject({ method: 'POST', url: '/v1/practice/events/', headers: { authorization: `Bearer ${learner.token}` }, payload: { events } })
      }),
    )
    for (const reply of await Promise.all(calls)) expect(reply.statusCode, reply.body).toBe(200)
    // and the two workers drained by hand at once, in small batches, beside their own kicks and polls
    const drain = async (db: Database) => {
      while ((await rollUpQueuedEvents(db, 7)) > 0) {
        // next batch
      }
    }
    await Promise.all([drain(server.db), drain(second.store.db), server.app.portal.rollups.rollUpDue(), second.app.portal.rollups.rollUpDue()])
    await reportsCaughtUp(server)
    expect(await queued()).toBe(0)
    // 120 lessons; learner l spends 1 + l seconds on each of its 20
    expect(await totals(server.db)).toEqual({ lessons: before.lessons + 120, seconds: before.seconds + 20 * (1 + 2 + 3 + 4 + 5 + 6) })
    // the organization's pre-aggregates (0023's triggers) follow the batches: 30 lessons on each of 4 days
    expect((await dayTotals()).filter(({ day }) => day >= '2026-03-20' && day <= '2026-03-23')).toEqual(
      ['2026-03-20', '2026-03-21', '2026-03-22', '2026-03-23'].map((day) => ({ day, lessons: 30 })),
    )
  })
})

describe("the store's default", () => {
  it('rolls a call up in its own statement on PGlite (one connection: nothing to wait on), and queues it for the worker on PostgreSQL', async () => {
    await reportsCaughtUp(server)
    const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'))
    const app = await buildApp({ config: testConfig({ FILES_DIR: filesDir }), store: second.store, clock: server.clock, rollupPollMs: 0 })
    try {
      await app.portal.rollups.close() // its worker takes nothing: what the call leaves is what it did
      const before = await totals(server.db)
      const reply = await app.inject({
        method: 'POST',
        url: '/v1/practice/events/',
        headers: { authorization: `Bearer ${learners[0]!.token}` },
        payload: { events: [lesson('2026-03-25T10:00:00Z', 30)] },
      })
      expect(reply.statusCode, reply.body).toBe(200)
      const inline = second.store.driver === 'pglite'
      expect(await queued()).toBe(inline ? 0 : 1)
      expect(await totals(server.db)).toEqual(inline ? { lessons: before.lessons + 1, seconds: before.seconds + 30 } : before)
    } finally {
      await app.close()
      rmSync(filesDir, { recursive: true, force: true })
    }
    await reportsCaughtUp(server)
  })
})

describe('an append not yet rolled up', () => {
  it('is in no report until the worker takes it, and the organization says since when it waits; a worker that dies before its commit loses nothing', async () => {
    await reportsCaughtUp(server)
    expect((await rolledUpUntil(server.db, school.organization.id)).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const before = await totals(server.db)
    const [learner] = learners
    // appended without a kick, as if the process stopped right after its answer
    const receivedAt = new Date('2026-03-31T19:00:00Z')
    const outcome = await appendPracticeEvents(server.db, [lessonEvent(learner!.id, '2026-03-25T12:00:00Z', 100), lessonEvent(learner!.id, '2026-03-25T13:00:00Z', 200)], receivedAt, [])
    expect('recorded' in outcome && outcome.recorded.map((event) => event.inserted)).toEqual([true, true])
    expect(await queued()).toBe(2)
    expect(await totals(server.db)).toEqual(before)
    expect(await rolledUpUntil(server.db, school.organization.id)).toEqual(receivedAt)
    // another organization is not behind for it
    expect((await rolledUpUntil(server.db, other.organization.id)).getTime()).toBeGreaterThan(receivedAt.getTime())

    // a worker that claims the batch, rolls it up and dies before its commit
    await expect(
      server.db.transaction(async (tx) => {
        expect(await rollUpQueuedEvents(tx, 100)).toBe(2)
        throw new Error('the process died')
      }),
    ).rejects.toThrow('the process died')
    expect(await queued()).toBe(2)
    expect(await totals(server.db)).toEqual(before)

    // the next pass, by either process, rolls it up once
    await second.app.portal.rollups.rollUpDue()
    await reportsCaughtUp(server)
    expect(await queued()).toBe(0)
    expect(await totals(server.db)).toEqual({ lessons: before.lessons + 2, seconds: before.seconds + 300 })
    expect((await rolledUpUntil(server.db, school.organization.id)).getTime()).toBeGreaterThan(receivedAt.getTime())
  })
})

describe("the worker's kicks", () => {
  it('roll up calls that come in quick succession with no poll: those kicked while a pass is recent wait for the next, none is left queued', async () => {
    await reportsCaughtUp(server) // a pass has just run: the kicks below come within its gap
    const before = await totals(server.db)
    const learner = learners[3]!
    for (const hour of [10, 11, 12]) {
      const reply = await server.api('POST', '/v1/practice/events/', { token: learner.token, body: { events: [lesson(`2026-03-28T${hour}:00:00Z`, 10)] } })
      expect(reply.status, reply.text).toBe(200)
    }
    // nothing but the calls' own kicks runs the worker here (no poll, no rollUpDue)
    const deadline = Date.now() + 5_000
    while ((await queued()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await queued()).toBe(0)
    expect(await totals(server.db)).toEqual({ lessons: before.lessons + 3, seconds: before.seconds + 30 })
  })
})

describe('retries and the quota, in the one statement', () => {
  it('answers a retry as first stored and counts it nothing, before and after the roll-up', async () => {
    await reportsCaughtUp(server)
    const before = await totals(server.db)
    const learner = learners[1]!
    const events = [lesson('2026-03-26T10:00:00Z', 30), lesson('2026-03-26T11:00:00Z', 40)]
    const send = () => server.api('POST', '/v1/practice/events/', { token: learner.token, body: { events } })
    const first = await send()
    expect(first.status, first.text).toBe(200)
    // retried before the worker ran, and after
    expect((await send()).body).toEqual(first.body)
    await reportsCaughtUp(server)
    expect((await send()).body).toEqual(first.body)
    const mixed = await server.api('POST', '/v1/practice/events/', { token: learner.token, body: { events: [events[0], events[0], lesson('2026-03-26T12:00:00Z', 50)] } })
    expect(mixed.status, mixed.text).toBe(200)
    expect(mixed.body.results[0]).toEqual(first.body.results[0])
    expect(mixed.body.results[1]).toEqual(first.body.results[0])
    await reportsCaughtUp(server)
    expect(await totals(server.db)).toEqual({ lessons: before.lessons + 3, seconds: before.seconds + 120 })
    // the learner's 20 lessons of the first test, and these 3
    const counts = await rowsOf<{ key: string; count: number }>(server.db, sql`select key, count from rate_limits where key like ${`practice-events:%:${learner.id}`} order by key`)
    expect(counts.map(({ count }) => count)).toEqual([23, 23])
  })

  it('refuses a call that passes a window whole: no event, no queue row, no count; a retry of stored events is still answered', async () => {
    const learner = learners[2]!
    const windows = [
      { key: `quota-test:day:${learner.id}`, seconds: 86_400, max: 10 },
      { key: `quota-test:hour:${learner.id}`, seconds: 3600, max: 3 },
    ]
    const now = new Date(NOW)
    const first = [lessonEvent(learner.id, '2026-03-27T10:00:00Z'), lessonEvent(learner.id, '2026-03-27T11:00:00Z')]
    const stored = await appendPracticeEvents(server.db, first, now, windows)
    if (!('recorded' in stored)) throw new Error('not stored')
    const events = await rowsOf<{ n: number }>(server.db, sql`select count(*)::int as n from practice_events where user_id = ${learner.id}`)
    const queuedBefore = await queued()
    const over = await appendPracticeEvents(server.db, [lessonEvent(learner.id, '2026-03-27T12:00:00Z'), lessonEvent(learner.id, '2026-03-27T13:00:00Z')], now, windows)
    expect(over).toEqual({ wait: 3600 })
    expect(await rowsOf<{ n: number }>(server.db, sql`select count(*)::int as n from practice_events where user_id = ${learner.id}`)).toEqual(events)
    expect(await queued()).toBe(queuedBefore)
    const counts = await rowsOf<{ count: number }>(server.db, sql`select count from rate_limits where key like 'quota-test:%' order by key`)
    expect(counts.map(({ count }) => count)).toEqual([2, 2])
    // the app lost the answer: the same events again are answered, counting nothing, though the windows are full
    const again = await appendPracticeEvents(server.db, first, now, windows.map((window) => ({ ...window, max: 2 })))
    expect(again).toEqual({ recorded: stored.recorded.map((event) => ({ ...event, inserted: false })) })
  })
})
