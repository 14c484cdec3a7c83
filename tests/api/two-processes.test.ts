import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, createOrganization, hashPassword, openStore } from '../../server/app.js'
import { setPasswordHash } from '../../server/accounts/queries.js'
import { mailOutbox, users } from '../../server/db/schema.js'
import { createDatabase } from './harness.js'
import { startSmtp } from './smtp-sink.js'
import { baseEnv, freePort, serverProcess, sleep, waitUntil, type ServerProcess } from './server-process.js'

/**
 * Issue 19, "many processes": two real server processes (node --import tsx server/main.ts, one process
 * each) on one PostgreSQL database, each asked in turn, as a load balancer in front of them would. What
 * one process does, the other sees at once, because it lives in the store: a session made on one is valid
 * on the other and, logged out on one, ended on both; a rate limit counts the attempts sent to both; a
 * mail of the outbox is sent by one of them, once, while both deliver; an organization's member list,
 * kept by each, shows a change made through the other on the very next request.
 */

const PASSWORD = 'a fine passphrase'
/** Mails put in the outbox at once, for both processes to deliver together. */
const MAILS = 150

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL (needs DATABASE_URL: PGlite is embedded in one process and cannot be shared)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-two-'))
  let drop: (() => Promise<void>) | undefined
  let databaseUrl = ''
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let a: ServerProcess
  let b: ServerProcess
  const people = { admin: 0, teacher: 0, organization: 0 }

  beforeAll(async () => {
    const database = await createDatabase(process.env.DATABASE_URL!)
    drop = database.drop
    databaseUrl = database.url
    // the store made (migrated) and its people written before either process opens it
    const store = await openStore({ databaseUrl })
    try {
      const made = await store.db
        .insert(users)
        .values([
          { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', confirmedAt: new Date(), language: 'en' },
          { firstName: 'Terry', lastName: 'Teacher', email: 'terry@example.com', confirmedAt: new Date(), language: 'en' },
          { firstName: 'Tess', lastName: 'Target', email: 'target@example.com', confirmedAt: new Date(), language: 'en' },
        ])
        .returning()
      const hash = await hashPassword(PASSWORD)
      for (const user of made) await setPasswordHash(store.db, user.id, hash)
      people.admin = made[0]!.id
      people.teacher = made[1]!.id
      people.organization = (await createOrganization(store.db, { name: 'Two School', type: 'school', adminUserId: people.admin })).id
      await addMembership(store.db, people.teacher, people.organization, 'teacher')
    } finally {
      await store.close()
    }
    smtp = await startSmtp({ acceptAfterMs: 3 }) // a few milliseconds a mail, so that the two deliveries overlap
    const envOf = (port: number) => ({
      ...baseEnv(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '1',
      SMTP_URL: smtp.url,
      FILES_DIR: join(folder, 'files'),
      RATE_LIMIT_PER_EMAIL: '3',
      RATE_LIMIT_PER_ADDRESS: '1000',
    })
    a = serverProcess(envOf(await freePort()))
    b = serverProcess(envOf(await freePort()))
    await Promise.all([a.start(), b.start()])
  }, 180_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    smtp?.server.close()
    await drop?.()
    rmSync(folder, { recursive: true, force: true })
  })

  const login = async (server: ServerProcess, email: string) => {
    const reply = await server.call('POST', '/v1/accounts/login-legacy/', undefined, { email, password: PASSWORD })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    return reply.body.token as string
  }

  it('a session made on one is valid on the other, and logged out on the other, is ended on both', async () => {
    const token = await login(a, 'ada@example.com')
    expect((await b.call('GET', `/v1/accounts/${people.admin}`, token)).status).toBe(200)
    expect((await a.call('GET', `/v1/accounts/${people.admin}`, token)).status).toBe(200)
    expect((await b.call('POST', '/v1/accounts/logout/', token)).status).toBe(204)
    expect((await a.call('GET', `/v1/accounts/${people.admin}`, token)).status).toBe(401)
    expect((await b.call('GET', `/v1/accounts/${people.admin}`, token)).status).toBe(401)
  })

  it('counts the failed logins sent to both against one limit', async () => {
    const guess = (server: ServerProcess) =>
      server.call('POST', '/v1/accounts/login-legacy/', undefined, { email: 'target@example.com', password: 'a wrong guess here' }).then((reply) => reply.status)
    // three a window from one address (RATE_LIMIT_PER_EMAIL): two on one, one on the other, then refused on both
    expect([await guess(a), await guess(b), await guess(a)]).toEqual([400, 400, 400])
    expect(await guess(b)).toBe(429)
    expect(await guess(a)).toBe(429)
  })

  it('sends each mail of the outbox once while both processes deliver', async () => {
    const store = await openStore({ databaseUrl })
    try {
      await store.db.insert(mailOutbox).values(
        Array.from({ length: MAILS }, (_, index) => ({
          to: `queued-${index}@example.com`,
          subject: `Queued ${index}`,
          text: `Mail ${index}`,
          html: `<p>Mail ${index}</p>`,
          language: 'en',
          nextAttemptAt: new Date(),
        })),
      )
    } finally {
      await store.close()
    }
    // each process is woken by a mail of its own (a reset link, written and sent after the answer)
    const [resetOnA, resetOnB] = await Promise.all([
      a.call('POST', '/v1/accounts/reset_password/', undefined, { email: 'ada@example.com' }),
      b.call('POST', '/v1/accounts/reset_password/', undefined, { email: 'terry@example.com' }),
    ])
    expect([resetOnA.status, resetOnB.status]).toEqual([200, 200])
    const expected = [...Array.from({ length: MAILS }, (_, index) => `queued-${index}@example.com`), 'ada@example.com', 'terry@example.com']
    await waitUntil('every mail delivered', () => expected.every((address) => smtp.recipients.includes(address)), 60_000)
    await sleep(1000) // a mail sent twice would arrive by now
    const times = new Map<string, number>()
    for (const address of smtp.recipients) times.set(address, (times.get(address) ?? 0) + 1)
    expect([...times].filter(([, count]) => count > 1), 'mails sent more than once').toEqual([])
    expect(smtp.recipients.toSorted()).toEqual(expected.toSorted())
  }, 120_000)

  it("shows an organization's member list, kept by both, changed through either on the very next request", async () => {
    const [onA, onB] = [await login(a, 'ada@example.com'), await login(b, 'ada@example.com')]
    const members = async (server: ServerProcess, token: string) => {
      const reply = await server.call('GET', `/v1/organizations/${people.organization}/users?ordering=first_name`, token)
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return reply.body.results.map((row: { first_name: string }) => row.first_name)
    }
    const rename = async (server: ServerProcess, token: string, firstName: string) => {
      const reply = await server.call('PATCH', `/v1/organizations/${people.organization}/users/${people.teacher}`, token, { first_name: firstName })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    }
    // read twice on each: kept by both
    for (let round = 0; round < 2; round++) {
      expect(await members(a, onA)).toEqual(['Ada', 'Terry'])
      expect(await members(b, onB)).toEqual(['Ada', 'Terry'])
    }
    await rename(a, onA, 'Terrence')
    expect(await members(b, onB)).toEqual(['Ada', 'Terrence'])
    expect(await members(a, onA)).toEqual(['Ada', 'Terrence'])
    await rename(b, onB, 'Ted')
    expect(await members(a, onA)).toEqual(['Ada', 'Ted'])
    expect(await members(b, onB)).toEqual(['Ada', 'Ted'])
  })
})
