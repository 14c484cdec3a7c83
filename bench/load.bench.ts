/**
 * `npm run bench`, the load bench (issue 18, item 6) - not a test. LOAD_BENCH_CLIENTS (default 200) logged-in
 * clients at once for LOAD_BENCH_SECONDS (default 60) against one production server on PostgreSQL, with
 * LOAD_BENCH_ORGANIZATIONS (default 20) organizations made as the seed makes them (server/dev/seed.ts: 200
 * students in 8 classes of 25, 2 teachers and an admin each) and their learners' practice over the last
 * LOAD_BENCH_DAYS (default 30) days recorded through the ingestion's statement (practice/ingest.ts), so the
 * rollups are those the API leaves. Each client is a session of an admin or a teacher of one organization
 * (clients share an organization's three staff, each client logged in on its own; a teacher reads the
 * classes it leads), and sends one request
 * after another, each of a kind drawn by weight:
 * - list: a page of the organization's students, users (admins) or classes, a class's students;
 * - report: a class's or (an admin's) the organization's report over 30 days by day or 90 days by week;
 * - login: the client logs in again (a password checked, a session written) and goes on with the new token;
 * - invite: an admin invites one new address to the organization (an invitation and its mail written);
 * - practice: one of the organization's learners records 5 lessons (the mobile app's call).
 * It prints per kind: requests, errors (any answer but 2xx, or no answer), p50 and p99 in ms, requests per
 * second; and the totals. The bar is 0 errors. The load generator runs in the server's process (as the
 * other benches): its own CPU is counted in the latencies.
 *
 * The store: DATABASE_URL's PostgreSQL server when set; otherwise one the bench starts itself on loopback
 * (bench/postgres.ts, as .ci/run does; PostgreSQL installed under /usr/lib/postgresql), or PGlite when there
 * is none. LOAD_BENCH_STORE=pglite runs on embedded PGlite instead, =both on each in turn.
 *
 * Limits configured for the bench (support.ts and below): the login limits (failed logins only, by
 * address and e-mail) and the learners' practice quotas are raised as for every bench; INVITATIONS_PER_DAY,
 * an organization's daily invitations where the server has that cap, is raised to 1,000,000 (the bench
 * invites some 150 an organization a minute); the invitations' mails go to the outbox and the local mailer.
 */
import { sql } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { hashPassword } from '../server/app.js'
import type { Database } from '../server/db/store.js'
import { seededRandom, learnerEvents } from '../server/dev/practice-generator.js'
import { SEED_PASSWORD, seededEmail, seedOrganization, type SeedOptions } from '../server/dev/seed.js'
import { recordPracticeEvents, type PracticeEvent } from '../server/practice/ingest.js'
import { ensurePracticePartitions } from '../server/practice/partitions.js'
import { rowsOf } from '../server/reports/figures.js'
import { startLocalPostgres } from './postgres.js'
import { f, median, p99, startBenchServer } from './support.js'

const CLIENTS = Number(process.env.LOAD_BENCH_CLIENTS ?? 200)
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60)
const ORGANIZATIONS = Number(process.env.LOAD_BENCH_ORGANIZATIONS ?? 20)
const DAYS = Number(process.env.LOAD_BENCH_DAYS ?? 30)
const STORE = process.env.LOAD_BENCH_STORE ?? 'postgres'
const TAG = 'load'
const DAY = 24 * 60 * 60 * 1000

/** Kinds by weight (out of 100). */
const WEIGHTS = { list: 45, report: 40, login: 5, invite: 5, practice: 5 } as const
type Kind = keyof typeof WEIGHTS
const KINDS = Object.keys(WEIGHTS) as Kind[]

interface Organization {
  id: number
  timeZone: string
  /** Its classes, and the ones each teacher (by e-mail) leads. */
  classes: number[]
  ledBy: Map<string, number[]>
  /** A few learners' e-mails, and their tokens once logged in. */
  learners: { email: string; token?: string }[]
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
      learners: Array.from({ length: 5 }, (_, i) => ({ email: seededEmail(TAG, index, 'student', i + 1) })),
    })
  }
  return { organizations, events: events.length, learners: made.reduce((sum, { students }) => sum + students.length, 0) }
}

interface Client {
  organization: Organization
  email: string
  admin: boolean
  /** The classes it may read: all of them for an admin, a teacher's own. */
  classes: number[]
  token: string
  /** Its organization's index (1-based, as the seed numbers them). */
  index: number
}

interface Outcome {
  kind: Kind
  ms: number
  error?: string
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!

const run = async (onPostgres: boolean, postgresUrl?: string) => {
  const server = await startBenchServer({ onPostgres, postgresUrl, env: { INVITATIONS_PER_DAY: '1000000' } })
  try {
    const setupStarted = performance.now()
    const now = new Date()
    const { organizations, events, learners } = await fill(server.store.db, now)
    const post = async (path: string, body: unknown, token?: string) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    const logIn = async (email: string) => {
      const res = await post('/v1/accounts/login-legacy/', { email, password: SEED_PASSWORD })
      if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { token: string }).token
    }
    // client i: organization i mod N; its admin, or one of its two teachers
    const clients: Client[] = []
    for (let i = 0; i < CLIENTS; i++) {
      const offset = i % organizations.length
      const round = Math.floor(i / organizations.length)
      const admin = round % 3 === 0
      const email = seededEmail(TAG, offset + 1, admin ? 'admin' : 'teacher', admin ? 1 : 1 + (round % 2))
      const organization = organizations[offset]!
      const classes = admin ? organization.classes : (organization.ledBy.get(email) ?? [])
      clients.push({ organization, email, admin, classes, token: await logIn(email), index: offset + 1 })
    }
    for (const organization of organizations) for (const learner of organization.learners) learner.token = await logIn(learner.email)
    console.log(
      `bench: load, store ${server.store.driver}: ${organizations.length} organizations, ${learners} learners, ${events} practice events ` +
        `over ${DAYS} days, ${CLIENTS} clients logged in; setup ${f((performance.now() - setupStarted) / 1000)} s; ${SECONDS} s of load`,
    )

    const outcomes: Outcome[] = []
    let invited = 0
    let practised = 0
    const deadline = performance.now() + SECONDS * 1000
    const request = async (client: Client, kind: Kind, random: () => number): Promise<Response> => {
      const { organization } = client
      const auth = { authorization: `Bearer ${client.token}` }
      const get = (path: string) => fetch(`${server.base}${path}`, { headers: auth })
      switch (kind) {
        case 'list': {
          const group = pick(client.classes, random)
          const lists = [
            `/v1/organizations/${organization.id}/students?page=${1 + Math.floor(random() * 4)}`,
            `/v1/groups/${organization.id}/`,
            `/v1/groups/${group}/users`,
            ...(client.admin ? [`/v1/organizations/${organization.id}/users?page=${1 + Math.floor(random() * 4)}`] : []),
          ]
          return get(pick(lists, random))
        }
        case 'report': {
          const to = Temporal.Now.plainDateISO(organization.timeZone)
          const days = random() < 0.5 ? 30 : 90
          const range = `from=${to.subtract({ days: days - 1 })}&to=${to}&scope=${days === 30 ? 'daily' : 'weekly'}`
          // the organization's report is its admins'
          return random() < 0.6 || !client.admin
            ? get(`/v1/reports/groups/${pick(client.classes, random)}/?${range}`)
            : get(`/v1/reports/organizations/${organization.id}/?${range}`)
        }
        case 'login': {
          const res = await post('/v1/accounts/login-legacy/', { email: client.email, password: SEED_PASSWORD })
          if (res.ok) {
            client.token = ((await res.clone().json()) as { token: string }).token
          }
          return res
        }
        case 'invite': {
          const email = `invitee-${client.index}-${++invited}@load.bench.example`
          return post('/v1/accounts/invite/', { organization: organization.id, role: 'student', emails: [email] }, client.token)
        }
        case 'practice': {
          const learner = pick(organization.learners, random)
          const at = Date.now() - Math.floor(random() * 3) * DAY
          const events = Array.from({ length: 5 }, (_, i) => ({
            client_event_id: `load-${++practised}-${i}`,
            kind: 'lesson',
            occurred_at: new Date(at - i * 60_000).toISOString(),
            module_name: 'Everyday English',
            lesson_name: `Lesson ${practised % 40}`,
            difficulty_level: 'intermediate',
            seconds: 60 + (practised % 600),
            native_score: practised % 101,
          }))
          return post('/v1/practice/events/', { events }, learner.token)
        }
      }
    }
    const worker = async (client: Client, seed: number) => {
      const random = seededRandom(seed)
      while (performance.now() < deadline) {
        let roll = random() * 100
        let kind: Kind = 'list'
        for (const candidate of KINDS) {
          if (roll < WEIGHTS[candidate]) {
            kind = candidate
            break
          }
          roll -= WEIGHTS[candidate]
        }
        // an admin's invitation; a teacher reads instead
        if (kind === 'invite' && !client.admin) kind = 'list'
        const started = performance.now()
        try {
          const res = await request(client, kind, random)
          const text = await res.text()
          const ms = performance.now() - started
          outcomes.push(res.status >= 200 && res.status < 300 ? { kind, ms } : { kind, ms, error: `${res.status} ${text.slice(0, 160)}` })
        } catch (error) {
          outcomes.push({ kind, ms: performance.now() - started, error: String(error).slice(0, 160) })
        }
      }
    }
    const started = performance.now()
    await Promise.all(clients.map((client, i) => worker(client, 1000 + i)))
    const elapsed = (performance.now() - started) / 1000

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
