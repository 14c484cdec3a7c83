import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import * as schema from './schema.js'
import { primaryOnly } from './replica.js'
import { migrationsFolder, type Database, type Store } from './store.js'

/** Embedded PostgreSQL (PGlite): in `dataDir`/pglite, or in memory when no folder is given. */
export const openPgliteStore = async (dataDir?: string): Promise<Store> => {
  let directory: string | undefined
  if (dataDir) {
    directory = path.resolve(dataDir, 'pglite')
    await mkdir(directory, { recursive: true })
  }
  // pg_trgm: the trigram indexes of the lists' substring searches (a migration creates the extension,
  // which PostgreSQL ships and PGlite loads from its contrib build)
  const client = new PGlite({ dataDir: directory, extensions: { pg_trgm } })
  await client.waitReady
  const db = drizzle({ client, schema })
  await migrate(db, { migrationsFolder })
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    location: directory ?? 'memory',
    // embedded, one process: no replica (config.ts refuses DATABASE_REPLICA_URL without DATABASE_URL)
    reads: primaryOnly(db as unknown as Database),
    exclusively: (work) => work(),
    analyzeChanged: async () => {
      // the counts of changed rows as of now (PGlite reports them to pg_stat lazily); then autovacuum's
      // rule for an analyze: more rows changed than 50 plus a tenth of the table
      await client.query('select pg_stat_force_next_flush()')
      const { rows } = await client.query<{ name: string }>(
        `select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) order by 1`,
      )
      const names = rows.map((row) => row.name)
      if (names.length > 0) await client.exec(`analyze ${names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ')}`)
      return names
    },
    close: async () => {
      if (!client.closed) await client.close()
    },
  }
}
