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
/** The advisory lock of the migrations and the first start's work (Store.exclusively). */
const FIRST_START_LOCK = 190_001

export const openPostgresStore = async (databaseUrl: string, replicaUrl?: string): Promise<Store> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // an idle client that loses its connection must not crash the process; the next query reconnects
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema })
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    // held by a connection of its own for the whole work, which may use any connection of the pool
    const holder = await pool.connect()
    let broken: Error | undefined
    try {
      await holder.query('select pg_advisory_lock($1)', [FIRST_START_LOCK])
      try {
        return await work()
      } finally {
        // an unlock that fails lost its connection, and the lock with it: the connection is dropped
        await holder.query('select pg_advisory_unlock($1)', [FIRST_START_LOCK]).catch((error: Error) => (broken = error))
      }
    } finally {
      holder.release(broken)
    }
  }
  try {
    await exclusively(() => migrate(db, { migrationsFolder }))
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
    exclusively,
    close: async () => {
      await reads.close()
      await pool.end()
    },
  }
}
