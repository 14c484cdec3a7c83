import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.js'
import { migrationsFolder, type Database, type Store } from './store.js'

/** A PostgreSQL server through a connection pool. */
export const openPostgresStore = async (databaseUrl: string): Promise<Store> => {
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
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    close: async () => {
      await pool.end()
    },
  }
}
