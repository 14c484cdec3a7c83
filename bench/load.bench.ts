/**
 * `npm run bench`, the load bench (issue 18, item 6) - not a test. LOAD_BENCH_CLIENTS (default 200) logged-in
 * clients at once for LOAD_BENCH_SECONDS (default 60) against one production server on PostgreSQL, with
 * LOAD_BENCH_ORGANIZATIONS (default 20) organizations made as the seed makes them (server/dev/seed.ts: 200
 * students in 8 classes of 25, 2 teachers and an admin each) and their learners' practice over the last
 * LOAD_BENCH_DAYS (default 30) days recorded through the ingestion's statement (practice/ingest.ts), so the
 * rollups are those the API leaves. Each client is a session of an admin or a teacher of one organization
 * (clients share an organization's three staff, each client logged in on its own; a teacher reads the
 * classes it leads), and sends one request after another, each of a kind drawn by weight (load-clients.ts):
 * - list: a page of the organization's students, users (admins) or classes, a class's students;
 * - report: a class's or (an admin's) the organization's report over 30 days by day or 90 days by week;
 * - login: the client logs in again (a password checked, a session written) and goes on with the new token;
 * - invite: an admin invites one new address to the organization (an invitation and its mail written);
 * - practice: one of the organization's learners records 5 lessons (the mobile app's call).
 * It prints per kind: requests, errors (any answer but 2xx, or no answer), p50 and p99 in ms, requests per
 * second; and the totals. The bar is 0 errors. The clients run in a child process (load-clients.ts), each
 * on its own keep-alive connection; the machine's cores are shared by the server, its database and them.
 *
 * The store: DATABASE_URL's PostgreSQL server when set; otherwise one the bench starts itself on loopback
 * (bench/postgres.ts, as .ci/run does; PostgreSQL installed under /usr/lib/postgresql), or PGlite when there
 * is none. LOAD_BENCH_STORE=pglite runs on embedded PGlite instead, =both on each in turn. Seen on 2 shared
 * cores: PGlite (one connection, its queries on the server's event loop) serves 100 clients with 0 errors
 * and a p99 of about twice its p50; at 200, some requests are not taken up by the server for tens of
 * seconds (they never reach its first hook) and the server's 30 s connection timeout resets a few.
 *
 * Limits configured for the bench (support.ts and below): the login limits (failed logins only, by
 * address and e-mail) and the learners' practice quotas are raised as for every bench; INVITATIONS_PER_DAY,
 * an organization's daily invitations where the server has that cap, is raised to 1,000,000 (the bench
 * invites some 5 an organization a minute, each to a new address); the invitations' mails go to the outbox and the local mailer.
 */
import { sql } from 'drizzle-orm'
import { fork } from 'node:child_process'
import { Agent } from 'node:http'
import { fileURLToPath } from 'node:url'
import { hashPassword } from '../server/app.js'
import type { Database } from '../server/db/store.js'
import { seededRandom, learnerEvents } from '../server/dev/practice-generator.js'
import { SEED_PASSWORD, seededEmail, seedOrganization, type SeedOptions } from '../server/dev/seed.js'
import { recordPracticeEvents, type PracticeEvent } from '../server/practice/ingest.js'
import { ensurePracticePartitions } from '../server/practice/partitions.js'
import { rowsOf } from '../server/reports/figures.js'
import { call, KINDS, type Outcome, type Plan, type PlannedClient } from './load-clients.js'
import { startLocalPostgres } from './postgres.js'
import { f, median, p99, startBenchServer } from './support.js'

const CLIENTS = Number(process.env.LOAD_BENCH_CLIENTS ?? 200)
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60)
const ORGANIZATIONS = Number(process.env.LOAD_BENCH_ORGANIZATIONS ?? 20)
const DAYS = Number(process.env.LOAD_BENCH_DAYS ?? 30)
const STORE = process.env.LOAD_BENCH_STORE ?? 'postgres'
const TAG = 'load'
const DAY = 24 * 60 * 60 * 1000

interface Organization {
  id: number
  timeZone: string
  /** Its classes, and the ones each teacher (by e-mail) leads. */
  classes: number[]
  ledBy: Map<string, number[]>
  /** A few learners' e-mails. */
  learners: string[]
}

/** The organizations, their people and classes as the seed makes them, and their practice through the ingestion. */
const fill = async (db: Database, now: Date) => {
  const options: SeedOptions = { events: 0, seed: 1, now, concurrency: 1, tag: TAG }
  const passwordHash = await hashPassword(SEED_PASSWORD)
  const made = []
  for (let index = 1; index <= ORGANIZATIONS; index++) made.push(await seedOrganization(db, index, options, passwordHash))
  await ensurePracticePartitions(db, new Date(now.getTime() - (DAYS + 1) * DAY), now)
  const random = seededRandom(1)
  const events: PracticeEvent[] = made.flatMap(({ students, timeZone }) =>
    students.flatMap((userId) =>
      learnerEvents(random, { userId, key: `${TAG}-${userId}`, fromHourUtc: timeZone.startsWith('America') ? 13 : timeZone.startsWith('Asia') ? 1 : 7 }, now, DAYS),
    ),
  )
  // the ingestion's batches, a few at once (PGlite takes them one at a time anyway)
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < events.length) {
        const batch = events.slice(next, (next += 2000))
        await recordPracticeEvents(db, batch, now)
      }
    }),
  )
  await db.execute(sql`analyze`)
  const organizations: Organization[] = []
  for (const [offset, { timeZone }] of made.entries()) {
    const index = offset + 1
    const rows = await rowsOf<{ id: number; group_id: number; owner: string }>(
      db,
      sql`select o.id, g.id as group_id, u.email as owner from organizations o join groups g on g.organization_id = o.id
          join users u on u.id = g.owner_id
          where o.invitation_code = ${`S${TAG}${index}`.toUpperCase().slice(0, 20)} order by g.id`,
    )
    const ledBy = new Map<string, number[]>()
    for (const row of rows) ledBy.set(row.owner, [...(ledBy.get(row.owner) ?? []), row.group_id])
    organizations.push({
      id: rows[0]!.id,
      timeZone,
      classes: rows.map((row) => row.group_id),
      ledBy,
      learners: Array.from({ length: 5 }, (_, i) => seededEmail(TAG, index, 'student', i + 1)),
    })
  }
  return { organizations, events: events.length, learners: made.reduce((sum, { students }) => sum + students.length, 0) }
}

/** Runs the plan in a child process (load-clients.ts) and answers its outcomes. */
const driveElsewhere = (plan: Plan) =>
  new Promise<{ outcomes: Outcome[]; elapsed: number }>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-clients.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOAD_BENCH_CHILD: '1' },
    })
    child.once('message', (result) => resolve(result as { outcomes: Outcome[]; elapsed: number }))
    child.once('error', reject)
    child.once('exit', (code) => code !== 0 && reject(new Error(`the load bench's clients exited with ${code}`)))
    child.send(plan)
  })

const run = async (onPostgres: boolean, postgresUrl?: string) => {
  const server = await startBenchServer({ onPostgres, postgresUrl, env: { INVITATIONS_PER_DAY: '1000000' } })
  try {
    const setupStarted = performance.now()
    const now = new Date()
    const { organizations, events, learners } = await fill(server.store.db, now)
    const agent = new Agent({ keepAlive: true, maxSockets: 4 })
    const logIn = async (email: string) => {
      const answer = await call(agent, server.base, 'POST', '/v1/accounts/login-legacy/', {}, { email, password: SEED_PASSWORD })
      if (answer.status !== 200) throw new Error(`login of ${email}: ${answer.status} ${answer.text}`)
      return (JSON.parse(answer.text) as { token: string }).token
    }
    const learnerTokens = new Map<Organization, string[]>()
    for (const organization of organizations) learnerTokens.set(organization, await Promise.all(organization.learners.map(logIn)))
    // client i: organization i mod N; its admin, or one of its two teachers
    const clients: PlannedClient[] = []
    for (let i = 0; i < CLIENTS; i++) {
      const offset = i % organizations.length
      const round = Math.floor(i / organizations.length)
      const admin = round % 3 === 0
      const email = seededEmail(TAG, offset + 1, admin ? 'admin' : 'teacher', admin ? 1 : 1 + (round % 2))
      const organization = organizations[offset]!
      clients.push({
        email,
        password: SEED_PASSWORD,
        admin,
        token: await logIn(email),
        index: offset + 1,
        organization: { id: organization.id, timeZone: organization.timeZone, classes: organization.classes, learnerTokens: learnerTokens.get(organization)! },
        classes: admin ? organization.classes : (organization.ledBy.get(email) ?? []),
      })
    }
    agent.destroy()
    console.log(
      `bench: load, store ${server.store.driver}: ${organizations.length} organizations, ${learners} learners, ${events} practice events ` +
        `over ${DAYS} days, ${CLIENTS} clients logged in; setup ${f((performance.now() - setupStarted) / 1000)} s; ${SECONDS} s of load`,
    )

    const { outcomes, elapsed } = await driveElsewhere({ base: server.base, seconds: SECONDS, clients })
    const line = (label: string, list: Outcome[]) => {
      const ms = list.map((outcome) => outcome.ms)
      const errors = list.filter((outcome) => outcome.error).length
      return (
        `  ${label.padEnd(9)} ${String(list.length).padStart(7)} requests ${String(errors).padStart(5)} errors ` +
        `p50 ${f(median(ms)).padStart(7)} ms  p99 ${f(p99(ms)).padStart(7)} ms  ${f(list.length / elapsed).padStart(7)} req/s`
      )
    }
    for (const kind of KINDS) console.log(line(kind, outcomes.filter((outcome) => outcome.kind === kind)))
    console.log(line('all', outcomes))
    const errors = outcomes.filter((outcome) => outcome.error)
    const byMessage = new Map<string, number>()
    for (const { kind, error } of errors) byMessage.set(`${kind}: ${error}`, (byMessage.get(`${kind}: ${error}`) ?? 0) + 1)
    for (const [message, count] of [...byMessage].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  error x${count}: ${message}`)
    console.log(`  ${errors.length === 0 ? 'bar met: 0 errors' : `BAR MISSED: ${errors.length} errors`} (${CLIENTS} clients, ${f(elapsed)} s)`)
  } finally {
    await server.close()
  }
}

const onPostgres = async () => {
  if (process.env.DATABASE_URL) return run(true)
  const local = await startLocalPostgres()
  if (!local) {
    console.log('bench: load: no DATABASE_URL and no PostgreSQL installed to start; on PGlite')
    return run(false)
  }
  try {
    await run(true, local.url)
  } finally {
    local.stop()
  }
}

if (STORE === 'postgres' || STORE === 'both') await onPostgres()
if (STORE === 'pglite' || STORE === 'both') await run(false)
