/**
 * `npm run bench`, ingestion — not a test. How many practice events per second go in
 * (server/practice/ingest.ts): through POST /v1/practice/events/ one lesson per call (an app online) and 100
 * per call (an app catching up), 10 calls in flight from 20 learners, beside GET /v1/health in the same
 * run, with the seconds the roll-up worker then takes to empty its queue; and straight through the
 * ingestion with its rollups in batches of 1,000 (the seed's path). A few seconds each, on embedded PGlite and again on PostgreSQL
 * when DATABASE_URL is set; each store twice, the second time with the statement triggers that keep the
 * organization report's pre-aggregates (migration 0023) disabled, so that their cost is printed beside
 * the whole (a store without them gives wrong organization reports: a measurement only).
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { recordPracticeEvents, type LessonEvent } from '../server/practice/ingest.js'
import { SEED_PASSWORD, seededEmail, seedPracticeStore } from '../server/dev/seed.js'
import { f, startBenchServer } from './support.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
/** The figures: 10 connections, 20 learners, beside GET /v1/health in the same run. */
const CONNECTIONS = 10
const LEARNERS = 20
const DAY = 24 * 60 * 60 * 1000

let counter = 0
const lesson = (userId: number, now: number): LessonEvent => {
  counter++
  return {
    kind: 'lesson',
    userId,
    clientEventId: `bench-${counter}`,
    occurredAt: new Date(now - (counter % 30) * DAY - (counter % 997) * 1000),
    moduleName: 'Everyday English',
    lessonName: `Lesson ${counter % 40}`,
    difficultyLevel: 'intermediate',
    seconds: 60 + (counter % 600),
    nativeScore: counter % 101,
  }
}
const asBody = (event: LessonEvent) => ({
  client_event_id: event.clientEventId,
  kind: event.kind,
  occurred_at: event.occurredAt.toISOString(),
  module_name: event.moduleName,
  lesson_name: event.lessonName,
  difficulty_level: event.difficultyLevel,
  seconds: event.seconds,
  native_score: event.nativeScore,
})

/** Runs `step` (which answers the events it recorded) for SECONDS, `parallel` at once; answers events per second. */
const during = async (parallel: number, step: (worker: number) => Promise<number>) => {
  let events = 0
  const started = performance.now()
  const deadline = started + SECONDS * 1000
  await Promise.all(
    Array.from({ length: parallel }, async (_, worker) => {
      while (performance.now() < deadline) {
        const recorded = await step(worker)
        events += recorded
      }
    }),
  )
  return (events / (performance.now() - started)) * 1000
}

const run = async (onPostgres: boolean, triggers: boolean) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    const tag = 'bench'
    const now = new Date()
    await seedPracticeStore(db, { events: 1, seed: 1, now, concurrency: 1, tag })
    if (!triggers) await db.execute(sql`alter table daily_practice disable trigger user`)
    const students = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => server.login(seededEmail(tag, 1, 'student', i + 1), SEED_PASSWORD)))
    const post = async (worker: number, size: number) => {
      // the connection's learners in turn: 20 learners over 10 connections
      const student = students[(worker + CONNECTIONS * (calls++ % 2)) % students.length]!
      const events = Array.from({ length: size }, () => asBody(lesson(student.user_id, Date.now())))
      const res = await fetch(`${server.base}/v1/practice/events/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}` },
        body: JSON.stringify({ events }),
      })
      if (res.status !== 200) throw new Error(`POST /v1/practice/events/: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
      return size
    }
    let calls = 0
    const health = async () => {
      const res = await fetch(`${server.base}/v1/health`)
      await res.arrayBuffer()
      return 1
    }
    /** Seconds until the roll-up worker has emptied its queue (the reports' freshness after the load). */
    const caughtUp = async () => {
      const started = performance.now()
      for (;;) {
        const result = (await db.execute(sql`select count(*)::int as n from practice_rollup_queue`)) as unknown
        const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows
        if (rows[0]?.n === 0) return (performance.now() - started) / 1000
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    await during(CONNECTIONS, (worker) => post(worker, 1)) // warm-up
    await caughtUp()
    const healthRate = await during(CONNECTIONS, health)
    const single = await during(CONNECTIONS, (worker) => post(worker, 1))
    const singleLag = await caughtUp()
    const batched = await during(CONNECTIONS, (worker) => post(worker, 100))
    const batchedLag = await caughtUp()
    const direct = await during(1, async () => {
      const batch = Array.from({ length: 1000 }, (_, i) => lesson(students[i % students.length]!.user_id, Date.now()))
      await recordPracticeEvents(db, batch, new Date())
      return batch.length
    })
    console.log(
      `bench: ingestion of practice events (appended; rolled up by the worker), ${SECONDS} s each, ${CONNECTIONS} connections, ${LEARNERS} learners, ` +
        `store ${server.store.driver}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, ` +
        (triggers ? "with the pre-aggregates' triggers" : "WITHOUT the pre-aggregates' triggers (their cost)"),
    )
    console.log(`  GET /v1/health                                             ${f(healthRate, 0).padStart(7)} req/s`)
    console.log(`  POST /v1/practice/events/, 1 lesson a call                 ${f(single, 0).padStart(7)} calls/s  ${f(single / healthRate, 2)}× health; queue empty ${f(singleLag, 2)} s after`)
    console.log(`  POST /v1/practice/events/, 100 events a call               ${f(batched, 0).padStart(7)} events/s (${f(batched / 100 / healthRate, 3)}× health in calls); queue empty ${f(batchedLag, 2)} s after`)
    console.log(`  recordPracticeEvents, batches of 1,000 (the seed)          ${f(direct, 0).padStart(7)} events/s`)
  } finally {
    await server.close()
  }
}

for (const onPostgres of process.env.DATABASE_URL ? [false, true] : [false]) {
  await run(onPostgres, true)
  await run(onPostgres, false)
}
