import ExcelJS from 'exceljs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization, hashPassword, openStore } from '../../server/app.js'
import { setPasswordHash } from '../../server/accounts/queries.js'
import { groups, users } from '../../server/db/schema.js'
import { rowsOf, type StoreOptions } from '../../server/db/store.js'
import { createDatabase } from './harness.js'
import { baseEnv, freePort, serverProcess, sleep, type Answer, type ServerProcess } from './server-process.js'

/**
 * Issue 18: a real server process (node --import tsx server/main.ts, as npm start runs it) killed with
 * SIGKILL during a request that invites people and mails them, restarted on the same store, and the
 * request sent again, as a person whose page showed an error would. Whatever the moment of the kill,
 * each invited person ends with one invitation and one mail in the outbox: none lost, none twice.
 * Killed right after the answer and in the middle of the request, at a few fractions of the time the
 * request takes, for a batch send, a class made with its roster, a class import and a class user
 * import. On PGlite in a folder of its own, and on PostgreSQL in a database of its own when
 * DATABASE_URL is set.
 */

const PASSWORD = 'a fine passphrase'
const ADMIN = 'crash-admin@example.com'
/** People each request invites: enough that the mails take a while to write. */
const PEOPLE = 120
/** Where the request is cut: right after its answer, then at fractions of the time it took. */
const KILL_POINTS = ['answer', 0.35, 0.75] as const
type KillPoint = (typeof KILL_POINTS)[number]

/** Puts a file at a presigned address (relative: on the server's own origin), as the browser does. */
const put = async (server: ServerProcess, address: string, payload: Buffer, contentType: string) => {
  const reply = await fetch(new URL(address, `http://127.0.0.1:${server.port}`), { method: 'PUT', body: new Uint8Array(payload), headers: { 'content-type': contentType } })
  expect(reply.status, await reply.text()).toBe(204)
}

const xlsxOf = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** One request of each kind: `prepare` stages it (not cut), `request` is the call that is cut and sent again. */
interface Scenario {
  name: string
  /** Stages what the request needs; answers the request to send (twice when it is cut). */
  prepare(server: ServerProcess, token: string, organizationId: number, tag: string): Promise<() => Promise<Answer>>
  /** The addresses that must each end with one invitation and one mail. */
  invited(tag: string): string[]
  /** Rows that must exist once (classes made), by a query on the store. */
  made?(tag: string): { query: ReturnType<typeof sql>; expected: number }
}

const addresses = (tag: string, count = PEOPLE) => Array.from({ length: count }, (_, index) => `${tag}-${index}@example.com`)
const APRIL = { start_date: '2026-04-01', end_date: '2026-04-30' }

const scenarios: Scenario[] = [
  {
    name: 'batch send',
    prepare: async (server, token, organizationId, tag) => {
      const file = Buffer.from(`email\n${addresses(tag).join('\n')}\n`)
      const created = await server.call('POST', '/v1/invitations/batch/', token, {
        organization: organizationId,
        file_name: 'people.csv',
        content_type: 'text/csv',
        file_size: file.length,
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      // sent without a preview first: the send reads the file, in its transaction
      await put(server, created.body.presigned_url, file, 'text/csv')
      return () => server.call('POST', `/v1/invitations/batch/${created.body.id}/send/`, token, { consent: true })
    },
    invited: (tag) => addresses(tag),
  },
  {
    name: 'class made with its roster',
    prepare: async (server, token, organizationId, tag) => {
      const body = { name: `Class ${tag}`, ...APRIL, key: tag, teacher_email: `${tag}-teacher@example.com`, students: addresses(tag), consent: true }
      return () => server.call('POST', `/v1/groups/${organizationId}/`, token, body)
    },
    invited: (tag) => [`${tag}-teacher@example.com`, ...addresses(tag)],
    made: (tag) => ({ query: sql`select count(*)::int as count from groups where creation_key = ${tag}`, expected: 1 }),
  },
  {
    name: 'class import',
    prepare: async (server, token, organizationId, tag) => {
      const header = ['Class name', 'Start date', 'End date', 'Days of practice per week', 'Minutes per day', 'Take assessment', 'Engagement days', 'Teacher e-mail']
      const rows = addresses(tag, PEOPLE / 3).map((email, index) => [`${tag} class ${index}`, '2026-04-01', '2026-04-30', 3, 10, 'no', 7, email])
      const file = await xlsxOf([header, ...rows])
      const created = await server.call('POST', `/v1/groups/${organizationId}/import/upload/`, token, { file_size: file.length, content_type: XLSX, file_name: 'classes.xlsx' })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      await put(server, created.body.presigned_url, file, XLSX)
      const preview = await server.call('POST', `/v1/groups/${organizationId}/preview/`, token, { file_key: created.body.callback_id })
      expect(preview.body.with_errors, JSON.stringify(preview.body).slice(0, 500)).toBe(0)
      return () => server.call('POST', `/v1/groups/${organizationId}/import/`, token, { callback_id: created.body.callback_id })
    },
    invited: (tag) => addresses(tag, PEOPLE / 3),
    made: (tag) => ({ query: sql`select count(*)::int as count from groups where name like ${`${tag} class %`}`, expected: PEOPLE / 3 }),
  },
  {
    name: 'class user import',
    prepare: async (server, token, organizationId, tag) => {
      const names = [`${tag} A`, `${tag} B`, `${tag} C`]
      for (const name of names) {
        const made = await server.call('POST', `/v1/groups/${organizationId}/`, token, { name, ...APRIL })
        expect(made.status, JSON.stringify(made.body)).toBe(201)
      }
      const rows = addresses(tag).map((email, index) => `${email},${names[index % names.length]}`)
      const file = Buffer.from(`E-mail,Class name\n${rows.join('\n')}\n`)
      const created = await server.call('POST', `/v1/groups/${organizationId}/users/import/upload/`, token, {
        file_size: file.length,
        content_type: 'text/csv',
        file_name: 'users.csv',
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      await put(server, created.body.presigned_url, file, 'text/csv')
      const preview = await server.call('POST', `/v1/groups/${organizationId}/users/preview/`, token, { file_key: created.body.callback_id })
      expect(preview.body.with_errors, JSON.stringify(preview.body).slice(0, 500)).toBe(0)
      return () => server.call('POST', `/v1/groups/${organizationId}/users/import/`, token, { callback_id: created.body.callback_id, consent: true })
    },
    invited: (tag) => addresses(tag),
  },
]

const slug = (name: string) => name.replace(/\W+/g, '-')
const tagOf = (scenario: Scenario, point: KillPoint) => `${slug(scenario.name)}-${point === 'answer' ? 'answer' : `at${Math.round(point * 100)}`}`

describe('a server killed during a request that mails, then restarted and asked again', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-crash-'))
  let target: StoreOptions
  let dropDatabase: (() => Promise<void>) | undefined
  let server: ServerProcess
  let organizationId = 0

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL
    if (adminUrl) {
      const database = await createDatabase(adminUrl)
      target = { databaseUrl: database.url }
      dropDatabase = database.drop
    } else target = { dataDir: join(folder, 'data') }
    // the organization and its admin, written straight to the store before the server opens it
    const store = await openStore(target)
    const [admin] = await store.db
      .insert(users)
      .values({ firstName: 'Ada', lastName: 'Admin', email: ADMIN, confirmedAt: new Date(), language: 'en' })
      .returning()
    await setPasswordHash(store.db, admin!.id, await hashPassword(PASSWORD))
    organizationId = (await createOrganization(store.db, { name: 'Crash School', type: 'school', adminUserId: admin!.id })).id
    await store.close()

    const port = await freePort()
    // the configuration is this test's alone: nothing of the environment's (no SMTP_URL, no S3_*) reaches the server
    server = serverProcess({
      ...baseEnv(port),
      ...('databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
      FILES_DIR: join(folder, 'files'),
      LOG_LEVEL: 'error',
      // one process, the one killed (on PostgreSQL the default is a process per core)
      WEB_CONCURRENCY: '1',
      RATE_LIMIT_PER_ADDRESS: '10000',
      RATE_LIMIT_PER_EMAIL: '10000',
      RATE_LIMIT_PER_EMAIL_ALL_ADDRESSES: '10000',
      // the cases invite some 1,500 people in one day, over the daily cap of an organization (quota.ts)
      INVITATIONS_PER_DAY: '100000',
      INVITATIONS_PER_DAY_UNVERIFIED: '100000',
    })
    await server.start()
  }, 120_000)

  afterAll(async () => {
    await server?.stop('SIGKILL')
    await dropDatabase?.()
    rmSync(folder, { recursive: true, force: true })
  })

  it(
    'gives each invited person one invitation and one mail, and makes each class once, wherever the request was cut',
    async () => {
      const login = await server.call('POST', '/v1/accounts/login-legacy/', undefined, { email: ADMIN, password: PASSWORD })
      expect(login.status).toBe(200)
      const token = login.body.token as string
      const cases: { scenario: Scenario; tag: string; answered: number | 'cut'; retried: number }[] = []

      for (const scenario of scenarios) {
        let took = 0
        for (const point of KILL_POINTS) {
          const tag = tagOf(scenario, point)
          const request = await scenario.prepare(server, token, organizationId, tag)
          let answered: number | 'cut'
          if (point === 'answer') {
            const started = performance.now()
            answered = (await request()).status
            took = performance.now() - started
            await server.stop('SIGKILL')
          } else {
            const pending = request().then(
              (answer) => answer.status,
              () => 'cut' as const,
            )
            await sleep(took * point)
            await server.stop('SIGKILL')
            answered = await pending
          }
          await server.start()
          // sent again, as a person whose page said the request failed (or who is not sure) would
          const again = await request()
          expect([200, 201], `${tag}: ${JSON.stringify(again.body).slice(0, 300)}`).toContain(again.status)
          cases.push({ scenario, tag, answered, retried: again.status })
        }
      }
      await server.stop('SIGKILL')

      // counted on the store itself
      const store = await openStore(target)
      const found: string[] = []
      const wanted: string[] = []
      try {
        for (const { scenario, tag, answered } of cases) {
          const invited = scenario.invited(tag)
          const invitations = await rowsOf<{ email: string; count: number }>(
            store.db,
            sql`select lower(email) as email, count(*)::int as count from invitations where email like ${`${tag}-%`} group by 1`,
          )
          const mails = await rowsOf<{ email: string; count: number }>(
            store.db,
            sql`select lower("to") as email, count(*)::int as count from mail_outbox where "to" like ${`${tag}-%`} group by 1`,
          )
          const once = (rows: { email: string; count: number }[]) => rows.filter((row) => row.count === 1).length
          const twice = (rows: { email: string; count: number }[]) => rows.filter((row) => row.count > 1).length
          const made = scenario.made?.(tag)
          const madeCount = made ? (await rowsOf<{ count: number }>(store.db, made.query))[0]?.count : undefined
          const line = (invitationsOnce: number, mailsOnce: number, mailsTwice: number, classes: number | undefined) =>
            `${tag} (first answer ${answered}): ${invitationsOnce} invitations, ${mailsOnce} mailed once, ${mailsTwice} mailed more than once` +
            (classes === undefined ? '' : `, ${classes} classes`)
          found.push(line(once(invitations), once(mails), twice(mails), madeCount))
          wanted.push(line(invited.length, invited.length, 0, made?.expected))
        }
      } finally {
        await store.close()
      }
      console.log(`crash test (${'databaseUrl' in target ? 'PostgreSQL' : 'PGlite'}):\n  ${found.join('\n  ')}`)
      expect(found.map((line) => line.replace(/ \(first answer \w+\)/, ''))).toEqual(wanted.map((line) => line.replace(/ \(first answer \w+\)/, '')))
    },
    600_000,
  )
})
