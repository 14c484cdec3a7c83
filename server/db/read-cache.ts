import { sql } from 'drizzle-orm'
import { cacheVersion } from './schema.js'
import { preparedPerDatabase, rowsOf, type Database, type Executor } from './store.js'

/**
 * Readings of the store kept in memory while what they read has not changed: a request's session (every
 * secured call reads it) and the answers of the big paged lists (organizations, an organization's
 * members, the class list). The store counts a version up at the commit of every transaction that
 * changes sessions, users, organizations, memberships, groups, group_members, assignments, invitations
 * or invitation_groups (migration 0021): the tables a kept reading may read. A reading of any other
 * table must not be kept: outside production every reading made to be kept is checked (`checkTables`). A reading is kept with the version of the snapshot it was made in, and used
 * again only by a request that began at that same version. So a revoked session or a changed member is
 * seen by the very next request, whichever process on the store made the change, while a request on
 * warm data costs one statement of one row.
 */

/** How many readings are kept (a session is about a kilobyte, a page of a list some): the least recently used go first. */
export const READ_CACHE_ENTRIES = 2000

/**
 * How often each table that does not count the cache version up (no bump_cache_version trigger,
 * migration 0021) has been scanned, from the server's statistics not yet reported: read twice in one
 * transaction (the server reports them only between transactions), the difference is what it read.
 */
const uncountedScans = async (tx: Executor): Promise<Map<string, number>> => {
  const rows = await rowsOf<{ name: string; scans: number }>(tx, sql`
    select s.relname as name, (coalesce(s.seq_scan, 0) + coalesce(s.idx_scan, 0))::int as scans from pg_stat_xact_user_tables s
    where s.relname <> 'cache_version' and not exists (select from pg_trigger g where g.tgrelid = s.relid and g.tgname like '%cache_version%')`)
  return new Map(rows.map((row) => [row.name, Number(row.scans)]))
}

const versionQuery = preparedPerDatabase((db) => db.select({ version: cacheVersion.version }).from(cacheVersion).prepare('cache_version'))

/** The store's cache version in `db`'s snapshot. */
export const readCacheVersion = async (db: Executor): Promise<number> => (await versionQuery(db).execute())[0]?.version ?? 0

export interface ReadCache {
  /** The store's cache version now: what a request began at. */
  version(): Promise<number>
  /** The reading kept for `key` when it was made at `version`. */
  get<T>(version: number, key: string): T | undefined
  /** Keeps `value`, read from the snapshot of `version` (nothing is kept of a version older than the latest seen). */
  keep(version: number, key: string, value: unknown): void
  /**
   * The answer to `key` (every input of the answer after authorization: who may see what is part of
   * it) for a request that began at `version`: kept, or computed by `compute` on one snapshot together
   * with that snapshot's version, and kept.
   */
  read<T>(version: number, key: string, compute: (db: Executor) => Promise<T>): Promise<T>
}

export interface ReadCacheOptions {
  /** How many readings are kept. */
  entries?: number
  /**
   * Refuse to keep a reading that read a table which does not count the version (a programming error:
   * it would be served stale); a check costing one statement per reading, made outside production.
   */
  checkTables?: boolean
}

export const createReadCache = (db: Database, { entries = READ_CACHE_ENTRIES, checkTables = false }: ReadCacheOptions = {}): ReadCache => {
  /** The version of the kept readings: a newer one empties the cache. */
  let current = -1
  let kept = new Map<string, unknown>()
  const cache: ReadCache = {
    version: () => readCacheVersion(db),
    get<T>(version: number, key: string) {
      if (version !== current || !kept.has(key)) return undefined
      const value = kept.get(key) as T
      kept.delete(key) // to the end: the most recently used
      kept.set(key, value)
      return value
    },
    keep(version, key, value) {
      if (version > current) {
        current = version
        kept = new Map()
      }
      if (version !== current) return
      kept.set(key, value)
      if (kept.size > entries) kept.delete(kept.keys().next().value!)
    },
    async read<T>(version: number, key: string, compute: (db: Executor) => Promise<T>): Promise<T> {
      const found = cache.get<T>(version, key)
      if (found !== undefined) return found
      // the answer and its version from one snapshot, so that neither is older than the other
      const fresh = await db.transaction(
        async (tx) => {
          const before = checkTables ? await uncountedScans(tx) : undefined
          const reading = { version: await readCacheVersion(tx), answer: await compute(tx) }
          if (before) {
            const after = await uncountedScans(tx)
            const read = [...after].filter(([name, scans]) => scans > (before.get(name) ?? 0)).map(([name]) => name)
            if (read.length) throw new Error(`the kept reading ${key} read ${read.sort().join(', ')}, which do not count the cache version`)
          }
          return reading
        },
        {
          isolationLevel: 'repeatable read',
          accessMode: 'read only',
        },
      )
      cache.keep(fresh.version, key, fresh.answer)
      return fresh.answer
    },
  }
  return cache
}
