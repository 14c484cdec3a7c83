import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.js'
import { replicaFences } from './schema.js'
import { preparedPerDatabase, rowsOf, type Database, type Executor } from './store.js'

/**
 * Reads that may lag a little (reports, exports, dashboards) on a PostgreSQL streaming replica, when
 * DATABASE_REPLICA_URL names one; every other read and every write stays on the primary.
 *
 * Read-your-writes, in the store: when a signed-in person's write request succeeds, before its answer
 * leaves, the server notes where the primary's write-ahead log stands (`pg_current_wal_insert_lsn()`, at
 * or past the end of that request's commits) in `replica_fences`, one row per person on the primary
 * (UNLOGGED: no log and no disk flush of its own, not copied to the replica). A report read of that person
 * first reads their fence (one primary-key lookup on the primary) and goes to the replica only when the
 * replica's replay position (`pg_last_wal_replay_lsn()`) has passed it. In the store rather than in a
 * cookie or in the process: it holds with several server processes, for clients that keep no cookies (the
 * API is Bearer), and from one device to the next. The replay position is remembered in memory and asked
 * again only when a fence is past it: a remembered position is never ahead of the true one, so it can
 * only send a read to the primary, never a stale one to the replica.
 *
 * Who may read what is always read on the primary (the handlers' access checks): only the figures lag.
 *
 * A replica that does not answer (refused, gone, timed out, not a standby, a query cancelled by a
 * recovery conflict) is not an error: the read is made again on the primary, a warning is logged, and the
 * replica is left alone for RETRY_AFTER_MS before a read tries it again. Without DATABASE_REPLICA_URL (and
 * on PGlite, which has no replica) everything reads the primary and nothing is noted.
 */

/** How long reads stay on the primary after the replica failed to answer. */
export const RETRY_AFTER_MS = 5000

export interface Warn {
  warn(details: object, message: string): void
}

export interface ReadReplica {
  /** The replica: each query it cannot answer is answered by the primary (and the replica left alone a while). */
  readonly db: Database
  /** Where the replica's replay stands ('0/3000148'), or undefined when it cannot be asked or is no standby. */
  replayed(): Promise<string | undefined>
  /** Where the read replica is, for the start-up log (no password). */
  readonly location: string
}

export interface ReadRouting {
  /** The replica, when DATABASE_REPLICA_URL names one. */
  readonly replica: ReadReplica | undefined
  /** Where a read that may lag of `userId` goes: the replica when it has replayed that person's last write, else the primary. */
  forReports(userId: number): Promise<Executor>
  /** Notes where the primary's log stands after a write of `userId` (no-op without a replica). */
  wrote(userId: number): Promise<void>
  /** Where warnings go (the server's log); console until then. */
  useLog(log: Warn): void
  close(): Promise<void>
}

/** Every read on the primary: no replica (PGlite, or PostgreSQL without DATABASE_REPLICA_URL). */
export const primaryOnly = (primary: Database): ReadRouting => ({
  replica: undefined,
  forReports: async () => primary,
  wrote: async () => {},
  useLog: () => {},
  close: async () => {},
})

/** A log position as a number: 'X/Y' is two 32-bit hexadecimal halves. */
export const lsnValue = (lsn: string): bigint => {
  const [high, low] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/**
 * Whether a replica that has replayed up to `replayed` has everything written before `position`. A position
 * read with pg_current_wal_insert_lsn() that falls at the start of a page points past the page's header
 * (24 bytes, 40 at a segment's start), while the replay of the record that ended at the page's start stops
 * before it: nothing lies between them.
 */
export const hasReached = (replayed: bigint, position: bigint): boolean =>
  replayed >= position || (replayed % 8192n === 0n && position - replayed <= 40n)

/**
 * Errors of the replica that the primary may not have: no connection (no SQLSTATE: refused, reset, timed
 * out), connection and authentication failures (08, 28), a database not there (yet) (3D), too many
 * connections or out of resources (53), shut down or starting (57), system errors (58), and queries
 * cancelled by a recovery conflict (40001). Any other error is the query's own and would be the primary's too.
 */
const isReplicaTrouble = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true
  return ['08', '28', '3D', '53', '57', '58'].includes(code.slice(0, 2)) || code === '40001'
}

type QueryArgs = Parameters<pg.Pool['query']>

/**
 * The replica's pool: each query that the replica cannot answer (isReplicaTrouble) is sent to the primary's
 * pool, and the replica is marked down for a while. A subclass of pg.Pool so that Drizzle drives it as one.
 */
class ReplicaPool extends pg.Pool {
  constructor(
    connectionString: string,
    private readonly primary: pg.Pool,
    private readonly health: { isDown(): boolean; fail(error: unknown): void },
  ) {
    // an unreachable replica must not hold a report up for long: the primary answers instead
    super({ connectionString, max: 10, connectionTimeoutMillis: 2000, keepAlive: true })
  }

  /** A query on the replica itself, never answered by the primary. */
  direct<Row extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<Row>> {
    return super.query<Row>(text)
  }

  override query(...args: unknown[]): any {
    const [config, values] = args as [QueryArgs[0], unknown[] | undefined]
    if (this.health.isDown()) return this.primary.query(config, values)
    return (super.query as (...a: unknown[]) => Promise<unknown>)(config, values).catch((error: unknown) => {
      if (!isReplicaTrouble(error)) throw error
      this.health.fail(error)
      return this.primary.query(config, values)
    })
  }
}

const fenceWrite = preparedPerDatabase((db) =>
  db
    .insert(replicaFences)
    .values({ userId: sql.placeholder('user') as unknown as number, lsn: sql`pg_current_wal_insert_lsn()` })
    .onConflictDoUpdate({ target: replicaFences.userId, set: { lsn: sql`greatest(${replicaFences.lsn}, excluded.lsn)` } })
    .prepare('replica_fence_write'),
)

const fenceRead = preparedPerDatabase((db) =>
  db
    .select({ lsn: sql<string>`${replicaFences.lsn}::text` })
    .from(replicaFences)
    .where(sql`${replicaFences.userId} = ${sql.placeholder('user')}`)
    .prepare('replica_fence_read'),
)

/** Reads that may lag on the replica of `replicaUrl`, the rest on `primary` (whose pool is `primaryPool`). */
export const withReplica = (primary: Database, primaryPool: pg.Pool, replicaUrl: string): ReadRouting => {
  let log: Warn = { warn: (details, message) => console.warn(message, details) }
  let downUntil = 0
  /** The replay position last seen: never ahead of the replica's. */
  let known = -1n
  let notStandbyTold = false

  const health = {
    isDown: () => Date.now() < downUntil,
    fail(error: unknown) {
      const wasUp = !health.isDown()
      downUntil = Date.now() + RETRY_AFTER_MS
      if (wasUp) {
        log.warn(
          { err: error instanceof Error ? { message: error.message, code: (error as { code?: string }).code } : error },
          `the read replica does not answer: reports read the primary for ${RETRY_AFTER_MS / 1000} s, then try it again`,
        )
      }
    },
  }
  const pool = new ReplicaPool(replicaUrl, primaryPool, health)
  // an idle connection to a replica that goes away must not crash the process; the next query finds out
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema }) as unknown as Database
  const url = new URL(replicaUrl)

  const replayed = async (): Promise<string | undefined> => {
    if (health.isDown()) return undefined
    let row: { lsn: string | null } | undefined
    try {
      // straight to the replica's pool, not its fallback: the primary's answer would be no replay position
      const result = await pool.direct<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
      row = result.rows[0]
    } catch (error) {
      health.fail(error)
      return undefined
    }
    if (!row?.lsn) {
      if (!notStandbyTold) log.warn({ replica: replicaUrl.replace(/\/\/[^@]*@/, '//') }, 'DATABASE_REPLICA_URL is not a standby (not in recovery): reports read the primary')
      notStandbyTold = true
      downUntil = Date.now() + RETRY_AFTER_MS
      return undefined
    }
    const value = lsnValue(row.lsn)
    if (value > known) known = value
    return row.lsn
  }

  return {
    replica: { db, replayed, location: `${url.hostname}:${url.port || 5432}${url.pathname}` },
    async forReports(userId) {
      if (health.isDown()) return primary
      const [fence] = await fenceRead(primary).execute({ user: userId })
      if (fence === undefined) return db
      const needed = lsnValue(fence.lsn)
      if (hasReached(known, needed)) return db
      await replayed()
      return hasReached(known, needed) ? db : primary
    },
    async wrote(userId) {
      await fenceWrite(primary).execute({ user: userId })
    },
    useLog(next) {
      log = next
    },
    close: () => pool.end(),
  }
}

/** The primary's log position now (tests wait for the replica to replay it). */
export const primaryPosition = async (primary: Executor): Promise<string> =>
  (await rowsOf<{ lsn: string }>(primary, sql`select pg_current_wal_insert_lsn()::text as lsn`))[0]!.lsn
