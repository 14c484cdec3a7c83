import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm'
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core'
import { fileURLToPath } from 'node:url'
import type { ReadRouting } from './replica.js'
import type * as schema from './schema.js'

export type Schema = typeof schema

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** What a query runs on: the database or an open transaction. */
export type Executor = Database | Transaction

export interface Store {
  readonly db: Database
  readonly driver: 'pglite' | 'postgres'
  /** Where the data lives, for the start-up log (no password). */
  readonly location: string
  /**
   * Refreshes the planner's statistics of the tables that changed enough since they were last analyzed:
   * PGlite has no autovacuum, and without statistics its planner sorts 10,000 rows for a page of 10
   * instead of reading an index. PostgreSQL's autovacuum does it there (none here).
   */
  readonly analyzeChanged?: () => Promise<string[]>
  /**
   * Where reads that may lag (reports, exports, dashboards) go: a PostgreSQL streaming replica when
   * DATABASE_REPLICA_URL names one (server/db/replica.ts), else the primary (`db`).
   */
  readonly reads: ReadRouting
  /**
   * Runs `work` while no other server process on this store runs work this way: the migrations and the
   * first start's work (the platform admin, the demo) of servers started at the same time on one empty
   * PostgreSQL database happen once, one after the other (a session advisory lock). PGlite's folder is
   * one process's: `work` just runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type StoreOptions =
  /** A PostgreSQL server, and a streaming replica of it that reports may read. */
  | { databaseUrl: string; replicaUrl?: string | undefined }
  /** Embedded PGlite in a folder (created when missing). */
  | { dataDir: string }
  /** Embedded PGlite in memory: tests. */
  | { memory: true }

/** Opens the store and brings its schema up to date with the migrations. */
export const openStore = async (options: StoreOptions): Promise<Store> => {
  if ('databaseUrl' in options) {
    const { openPostgresStore } = await import('./postgres.js')
    return openPostgresStore(options.databaseUrl, options.replicaUrl)
  }
  const { openPgliteStore } = await import('./pglite.js')
  return openPgliteStore('dataDir' in options ? options.dataDir : undefined)
}

/**
 * A query built once per database and then only executed: Drizzle otherwise builds the SQL text
 * anew on every call, which on a query that runs on every request costs about as much as the
 * database takes to answer it. `build` ends with `.prepare(name)` and takes its values through
 * `sql.placeholder`; on PostgreSQL the name also makes it a prepared statement of each connection.
 */
export const preparedPerDatabase = <Query>(build: (db: Executor) => Query): ((db: Executor) => Query) => {
  const built = new WeakMap<Executor, Query>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}

/** The rows of a statement, whichever driver runs it (PGlite answers `{rows}`, postgres.js an array). */
export const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => rowsFrom<T>(await db.execute(query))

/** The rows of a driver's result: PGlite answers `{rows}`, postgres.js an array. */
const rowsFrom = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

const dialect = new PgDialect()

/**
 * A statement of raw SQL (one that no query builder writes: data-modifying CTEs) built once per database
 * and executed by `name` with the values of its `sql.placeholder`s; answers its rows as rowsOf does.
 * `db.execute` sends its text unnamed, and PostgreSQL plans it anew on every call: on a statement that
 * runs on every call of the API, its planning cost more than its execution. Named, each connection parses
 * it once and, once its first plans cost the same whatever the values, keeps one generic plan.
 */
export const preparedStatement = <T>(name: string, statement: SQL) => {
  const query = dialect.sqlToQuery(statement)
  const built = preparedPerDatabase((db) => db._.session.prepareQuery(query, undefined, name, false))
  return async (db: Executor, values: Record<string, unknown>): Promise<T[]> => rowsFrom<T>(await built(db).execute(values))
}
