import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.js'
import { primaryOnly, withReplica } from './replica.js'
import { migrationsFolder, type Database, type Store } from './store.js'

/**
 * A PostgreSQL server through a connection pool; with `replicaUrl`, a second pool on its streaming replica
 * for the reads that may lag (server/db/replica.ts). Migrations run on the primary only: the replica
 * replays them.
 */
export const openPostgresStore = async (databaseUrl: string, replicaUrl?: string): Promise<Store> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // an idle client that loses its connection must not crash the process; the next query reconnects
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema })
  try {
    await migrate(db, { migrationsFolder })
  } catch (error) {
    await pool.end()
    throw error
  }
  const url = new URL(databaseUrl)
  const reads = replicaUrl ? withReplica(db as unknown as Database, pool, replicaUrl) : primaryOnly(db as unknown as Database)
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    reads,
    close: async () => {
      await reads.close()
      await pool.end()
    },
  }
}
