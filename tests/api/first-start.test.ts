import { sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../server/app.js'
import { rowsOf } from '../../server/db/store.js'
import { createDatabase } from './harness.js'
import { baseEnv, freePort, serverProcess, type ServerProcess } from './server-process.js'

/**
 * Servers started at the same time on one empty PostgreSQL database (two machines of a deployment, or
 * two containers, each `npm start`): the migrations and the first start's work (the platform admin) run
 * once, one server after the other (Store.exclusively, an advisory lock), and both serve. Without the
 * lock, both migrated at once and one stopped on a table the other had just made.
 */
describe.skipIf(!process.env.DATABASE_URL)('servers started at once on an empty PostgreSQL database (needs DATABASE_URL)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-first-start-'))
  const servers: ServerProcess[] = []
  let drop: (() => Promise<void>) | undefined

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await drop?.()
    rmSync(folder, { recursive: true, force: true })
  })

  it('migrate the store and make the platform admin once, and both serve', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!)
    drop = database.drop
    for (let i = 0; i < 3; i++) {
      servers.push(
        serverProcess({ ...baseEnv(await freePort()), LOG_LEVEL: 'warn', DATABASE_URL: database.url, WEB_CONCURRENCY: '1', FILES_DIR: join(folder, `files-${i}`) }),
      )
    }
    await Promise.all(servers.map((server) => server.start()))

    for (const server of servers) {
      const login = await server.call('POST', '/v1/accounts/login-legacy/', undefined, { email: 'root@example.com', password: 'a root passphrase' })
      expect(login.status).toBe(200)
    }
    const store = await openStore({ databaseUrl: database.url })
    try {
      const [counts] = await rowsOf<{ users: number; migrations: number; distinct_migrations: number }>(
        store.db,
        sql`select (select count(*)::int from users) as users,
          (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
          (select count(distinct hash)::int from drizzle.__drizzle_migrations) as distinct_migrations`,
      )
      expect(counts).toEqual({ users: 1, migrations: counts!.distinct_migrations, distinct_migrations: counts!.distinct_migrations })
      expect(counts!.migrations).toBeGreaterThan(25)
    } finally {
      await store.close()
    }
  }, 180_000)
})
