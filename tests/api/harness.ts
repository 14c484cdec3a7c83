import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { expect } from 'vitest'
import { buildApp, createOrganization, hashPassword, loadConfig, openStore, type BuildAppOptions } from '../../server/app.js'
import { users, mailOutbox, memberships, type Role } from '../../server/db/schema.js'
import { contractDrift } from './contract-responses.js'
import { rowsOf, type Database, type Store } from '../../server/db/store.js'
import { setPasswordHash } from '../../server/accounts/queries.js'
import { hasReached, lsnValue, primaryPosition } from '../../server/db/replica.js'

/**
 * One server per test file, on a fresh store: memory PGlite, or, when DATABASE_URL is set, a database
 * of its own created on that PostgreSQL server and dropped at the end.
 *
 * Every answer the suite receives goes through `api()`, which fails the test on the spot when a body
 * holds a password hash or a field named like a password or a hash; `close()` also checks that no
 * stored token hash ever appeared in an answer. Every answer of the server to an operation of the contract
 * (through `api()` or a test's own `app.inject`) is checked against that operation's responses in
 * openapi/openapi.yaml (contract-responses.ts): `api()` fails on a departure at once, `close()` on one
 * left by a request sent otherwise. CONTRACT_DRIFT_LOG=<file> writes departures there instead of failing,
 * to survey a change of the contract over many files.
 */

export type Env = Record<string, string>

export interface Reply<T = any> {
  status: number
  body: T
  text: string
  headers: Record<string, string | string[] | undefined>
}

export interface CallOptions {
  body?: unknown
  /** Sent as it is, with its own content type. */
  raw?: { payload: string | Buffer; contentType?: string }
  token?: string
  headers?: Record<string, string>
  /** The client address (rate limits). */
  ip?: string
  language?: string
}

export interface Mail {
  id: number
  to: string
  subject: string
  text: string
  html: string
  language: string
  links: string[]
}

export interface TestServer {
  app: FastifyInstance
  store: Store
  db: Database
  /** The test's own PostgreSQL database, when DATABASE_URL is set (a second pool on it: a second process). */
  databaseUrl: string | undefined
  /** The server's clock. */
  clock(): Date
  /** Moves the server's time forward. */
  advance(seconds: number): void
  api<T = any>(method: string, url: string, options?: CallOptions): Promise<Reply<T>>
  /** Mails of the outbox, newest first, for one address when given (after the work still running after the answers). */
  mails(to?: string): Promise<Mail[]>
  /** The first link of the newest mail to `to` (a confirmation, reset or invitation link). */
  linkFor(to: string, pathStart?: string): Promise<URL>
  close(): Promise<void>
}

const FORBIDDEN_KEY = /password|hash|secret/i
const ALLOWED_KEYS = new Set(['has_password'])

/** Fails when a body shows a credential: a hash, or a key named like one. */
export const assertNoSecrets = (text: string, where: string): void => {
  if (text.includes('$argon2')) throw new Error(`${where}: the answer contains a password hash`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return
  }
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`))
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (FORBIDDEN_KEY.test(key) && !ALLOWED_KEYS.has(key) && !/^(current_|new_|confirm_new_)?password$/.test(key)) {
          throw new Error(`${where}: the answer has a field named ${path}.${key}`)
        }
        // a field error may be keyed by the request's password field; its value is a message list
        if (/password$/.test(key) && key !== 'has_password' && !(Array.isArray(inner) && inner.every((m) => typeof m === 'string'))) {
          throw new Error(`${where}: the answer has a password value at ${path}.${key}`)
        }
        walk(inner, `${path}.${key}`)
      }
    }
  }
  walk(parsed, '$')
}

const adminUrlOf = () => process.env.DATABASE_URL
/** A hot standby of DATABASE_URL's server (.ci/run starts one): each file's database is read there too. */
const replicaServerOf = () => (process.env.DATABASE_URL ? process.env.DATABASE_REPLICA_URL : undefined)

/** `databaseUrl`'s database on the replica's server. */
const onReplica = (replicaServer: string, databaseUrl: string): string => {
  const url = new URL(replicaServer)
  url.pathname = new URL(databaseUrl).pathname
  return url.toString()
}

/** The URL of the server's read replica (its database on the standby), when it reads one. */
const replicaUrls = new WeakMap<Store, string>()
const primaryUrls = new WeakMap<Store, string>()

/** The server's database on the primary and on its standby, when it reads a replica (a second process opens them too). */
export const replicaPairOf = (server: Pick<TestServer, 'store'>): { databaseUrl: string; replicaUrl: string } | undefined => {
  const replicaUrl = replicaUrls.get(server.store)
  const databaseUrl = primaryUrls.get(server.store)
  return replicaUrl && databaseUrl ? { databaseUrl, replicaUrl } : undefined
}

/**
 * Waits until the read replica at `replicaUrl` has replayed everything the primary (`primary`) has written
 * up to now: reports that read the replica then see it. At most 30 s.
 */
export const waitForReplay = async (primary: Database, replicaUrl: string): Promise<void> => {
  const position = lsnValue(await primaryPosition(primary))
  const client = new pg.Client({ connectionString: replicaUrl })
  const deadline = Date.now() + 30_000
  // the database may not exist on the standby yet (its creation not replayed): connect again until it does
  for (;;) {
    try {
      await client.connect()
      break
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  try {
    for (;;) {
      const { rows } = await client.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
      if (!rows[0]?.lsn) throw new Error(`${replicaUrl} is not a standby`)
      if (hasReached(lsnValue(rows[0].lsn), position)) return
      if (Date.now() > deadline) throw new Error(`the standby has not replayed ${position} in 30 s (at ${rows[0].lsn})`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } finally {
    await client.end()
  }
}

/**
 * With a read replica (DATABASE_REPLICA_URL), waits until it has replayed every write made so far, so that a
 * report read by someone other than the writer (or after writes made straight to the store) sees them.
 * Without one, returns at once.
 */
export const replicaCaughtUp = async (server: Pick<TestServer, 'store' | 'db'>): Promise<void> => {
  const replicaUrl = replicaUrls.get(server.store)
  if (replicaUrl) await waitForReplay(server.db, replicaUrl)
}

/** A database of its own on the PostgreSQL server of DATABASE_URL. */
export const createDatabase = async (adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** The test servers' PUBLIC_URL, and the origin their relative addresses (an upload's) are read against. */
export const PUBLIC_URL = 'http://portal.test'

export const testConfig = (env: Env = {}) =>
  loadConfig({
    PUBLIC_URL,
    RATE_LIMIT_PER_ADDRESS: '10000',
    RATE_LIMIT_PER_EMAIL: '10000',
    RATE_LIMIT_PER_EMAIL_ALL_ADDRESSES: '10000',
    ADMIN_EMAIL: 'root@example.com',
    // every kept reading is checked to read only tables that count its freshness up (server/db/read-cache.ts)
    CHECK_KEPT_READINGS: 'true',
    ...env,
  })

export const startServer = async (
  options: {
    env?: Env
    /**
     * Holds the server's clock at this instant (ISO 8601), moved only by `advance()`, so that a test can
     * write out the dates it expects. Without it the clock is the real time (plus `advance()`).
     */
    now?: string
    /**
     * Every membership made on this server without a start of its own (by the API or by the test) began
     * at this instant (ISO 8601), not when the test made it: for tests whose learners practised on dates
     * before the test made them members, as members all along (an organization counts only what its
     * learners did after joining: server/practice/ingest.ts).
     */
    membersSince?: string
  } & Omit<BuildAppOptions, 'config' | 'store' | 'clock'> = {},
): Promise<TestServer> => {
  const { env, now, membersSince, ...rest } = options
  const adminUrl = adminUrlOf()
  const database = adminUrl ? await createDatabase(adminUrl) : undefined
  const replicaServer = replicaServerOf()
  const replicaUrl = database && replicaServer ? onReplica(replicaServer, database.url) : undefined
  const store = await openStore(database ? { databaseUrl: database.url, replicaUrl } : { memory: true })
  if (replicaUrl) {
    replicaUrls.set(store, replicaUrl)
    primaryUrls.set(store, database!.url)
    // the new database and its schema on the standby before the first report tries it
    await waitForReplay(store.db, replicaUrl)
  }
  let offset = 0
  const fixed = now === undefined ? undefined : new Date(now).getTime()
  if (fixed !== undefined && Number.isNaN(fixed)) throw new Error(`not an instant: ${now}`)
  const clock = () => new Date((fixed ?? Date.now()) + offset)
  if (membersSince !== undefined) {
    const since = new Date(membersSince)
    if (Number.isNaN(since.getTime())) throw new Error(`not an instant: ${membersSince}`)
    await store.db.execute(sql.raw(`alter table memberships alter column created_at set default '${since.toISOString()}'::timestamptz`))
  }
  // uploaded files go to a directory of this server's own, removed with it
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'))
  const app = await buildApp({ config: testConfig({ FILES_DIR: filesDir, ...env }), store, clock, ...rest })
  // every answer of this server is checked against the contract as it leaves (contract-responses.ts), also
  // those of a test that calls app.inject itself: api() fails on the spot, close() for the others
  const drifts = new Map<object, string>()
  app.addHook('onSend', async (request, reply, payload) => {
    const { operationId } = (request.routeOptions.config ?? {}) as { operationId?: string }
    // a file or a stream is no JSON body; a JSON answer is a string here
    const text = typeof payload === 'string' ? payload : payload == null ? '' : Buffer.isBuffer(payload) ? payload.toString() : undefined
    if (!operationId || text === undefined || reply.statusCode >= 500) return payload
    const contentType = reply.getHeader('content-type')
    const drift = contractDrift({ operationId, status: reply.statusCode, contentType: contentType === undefined ? undefined : String(contentType), text })
    if (drift.length > 0) drifts.set(request.raw, `${request.method} ${request.url}: the answer departs from the contract:\n  ${drift.join('\n  ')}\n${text.slice(0, 2000)}`)
    return payload
  })
  await app.ready()
  const answers: string[] = []

  const api = async <T>(method: string, url: string, call: CallOptions = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...call.headers }
    if (call.token) headers.authorization = `Bearer ${call.token}`
    if (call.language) headers['accept-language'] = call.language
    let payload: string | Buffer | undefined
    if (call.raw) {
      payload = call.raw.payload
      if (call.raw.contentType) headers['content-type'] = call.raw.contentType
    } else if (call.body !== undefined) {
      payload = JSON.stringify(call.body)
      headers['content-type'] = 'application/json'
    }
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      remoteAddress: call.ip ?? '127.0.0.1',
    })
    const text = response.body
    answers.push(text, String(response.headers.location ?? ''))
    assertNoSecrets(text, `${method} ${url}`)
    if (response.statusCode >= 500) throw new Error(`${method} ${url} answered ${response.statusCode}: ${text}`)
    const drift = drifts.get(response.raw.req)
    drifts.delete(response.raw.req)
    if (drift && process.env.CONTRACT_DRIFT_LOG) appendFileSync(process.env.CONTRACT_DRIFT_LOG, `${drift.split('\n').slice(0, -1).join('\n')}\n`)
    else if (drift) throw new Error(drift)
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON (HTML pages, redirects)
    }
    return { status: response.statusCode, body: body as T, text, headers: response.headers as Reply['headers'] }
  }

  const mails = async (to?: string): Promise<Mail[]> => {
    await app.portal.background.settled()
    const rows = await store.db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to}) = lower(${to})` : undefined)
      .orderBy(sql`${mailOutbox.id} desc`)
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      language: row.language,
      links: [...new Set(row.text.match(/https?:\/\/[^\s<>"']+/g) ?? [])],
    }))
  }

  return {
    app,
    store,
    db: store.db,
    databaseUrl: database?.url,
    clock,
    advance: (seconds) => {
      offset += seconds * 1000
    },
    api,
    mails,
    linkFor: async (to, pathStart = '/') => {
      const [mail] = await mails(to)
      const link = mail?.links.find((candidate) => new URL(candidate).pathname.startsWith(pathStart))
      if (!link) throw new Error(`no mail to ${to} with a link to ${pathStart}`)
      return new URL(link)
    },
    close: async () => {
      try {
        // every answer kept to the contract, also those of requests a test sent with app.inject itself
        const departed = [...drifts.values()]
        if (departed.length > 0 && process.env.CONTRACT_DRIFT_LOG) appendFileSync(process.env.CONTRACT_DRIFT_LOG, `${departed.join('\n')}\n`)
        else if (departed.length > 0) throw new Error(`${departed.length} answer(s) departed from the contract:\n${departed.join('\n')}`)
        // no stored secret (token hash, password hash) ever appeared in an answer
        const stored = await store.db.execute<{ value: string }>(sql`
          select token_hash as value from sessions
          union all select token_hash from one_time_tokens
          union all select token_hash from invitations
          union all select password_hash from credentials where password_hash is not null`)
        const rows = (stored as unknown as { rows: { value: string }[] }).rows
        const all = answers.join('\n')
        for (const { value } of rows) expect(all.includes(value), 'a stored hash appeared in an answer').toBe(false)
      } finally {
        await app.close()
        await store.close()
        await database?.drop()
        rmSync(filesDir, { recursive: true, force: true })
      }
    },
  }
}

// ---- data the tests start from, written straight to the store ----

export interface UserSeed {
  email: string
  password?: string | null
  firstName?: string
  lastName?: string
  superuser?: boolean
  /** With `superuser`: a platform admin limited to this country. */
  countryAdminLevel?: string
  confirmed?: boolean
  language?: string
}

export const createUser = async (server: TestServer, seed: UserSeed) => {
  const [user] = await server.db
    .insert(users)
    .values({
      firstName: seed.firstName ?? 'Test',
      lastName: seed.lastName ?? 'User',
      email: seed.email,
      isSuperuser: seed.superuser ?? false,
      countryAdminLevel: seed.countryAdminLevel ?? null,
      confirmedAt: seed.confirmed === false ? null : new Date(),
      language: seed.language ?? 'en',
    })
    .returning()
  if (!user) throw new Error('user not created')
  const password = seed.password === undefined ? 'a fine passphrase' : seed.password
  if (password !== null) await setPasswordHash(server.db, user.id, await hashPassword(password))
  return user
}

export const login = async (server: TestServer, email: string, password = 'a fine passphrase'): Promise<string> => {
  const reply = await server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password } })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.token as string
}

/** An organization with an admin (and optionally a teacher and a student), each logged in. */
export const createOrganizationWithPeople = async (
  server: TestServer,
  options: { name?: string; type?: 'school' | 'company'; prefix?: string } = {},
) => {
  const prefix = options.prefix ?? randomBytes(3).toString('hex')
  const admin = await createUser(server, { email: `admin-${prefix}@example.com`, firstName: 'Alice' })
  const organization = await createOrganization(server.db, {
    name: options.name ?? `School ${prefix}`,
    type: options.type ?? 'school',
    adminUserId: admin.id,
  })
  const member = async (role: Role, name: string) => {
    const user = await createUser(server, { email: `${role}-${prefix}@example.com`, firstName: name })
    await server.db.insert(memberships).values({ userId: user.id, organizationId: organization.id, role })
    return { user, token: await login(server, user.email) }
  }
  return {
    organization,
    admin: { user: admin, token: await login(server, admin.email) },
    teacher: await member('teacher', 'Terry'),
    student: await member('student', 'Sam'),
  }
}

/** After the work still running after the answers (mails), like `mails()`. */
export const countRows = async (server: TestServer, table: string): Promise<number> => {
  await server.app.portal.background.settled()
  const result = await server.db.execute(sql.raw(`select count(*)::int as count from ${table}`))
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0
}

/**
 * Waits until the reports see every write made so far: the roll-up worker has emptied
 * practice_rollup_queue (server/practice/rollup-worker.ts; it is kicked here rather than waited for by
 * its poll), then the read replica, if any, has replayed it all. For a test that reads a report, a
 * dashboard or daily_practice right after recording events, or as someone other than the writer.
 */
export const reportsCaughtUp = async (server: TestServer, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await server.app.portal.rollups.rollUpDue()
    const [queued] = await rowsOf<{ count: number }>(server.db, sql`select count(*)::int as count from practice_rollup_queue`)
    if (queued?.count === 0) return replicaCaughtUp(server)
    if (Date.now() > deadline) throw new Error('the practice roll-up queue did not empty')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The row counts of every table: "nothing changed" is the same snapshot before and after. */
export const snapshot = async (server: TestServer) => {
  const tables = ['users', 'credentials', 'sessions', 'one_time_tokens', 'organizations', 'memberships', 'invitations', 'mail_outbox', 'sms_outbox']
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = await countRows(server, table)
  return counts
}

/** The token of the newest invitation mailed to `to`: the last segment of its link `<PUBLIC_URL>/invite/<token>`. */
export const inviteTokenFor = async (server: TestServer, to: string): Promise<string> => {
  const link = await server.linkFor(to, '/invite/')
  return decodeURIComponent(link.pathname.slice('/invite/'.length))
}
