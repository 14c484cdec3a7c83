import { cacheVersion } from './schema.js'
import { preparedPerDatabase, type Database, type Executor } from './store.js'

/**
 * Readings of the store kept in memory while what they read has not changed: a request's session (every
 * secured call reads it) and the answers of the big paged lists (organizations, an organization's
 * members, the class list). The store counts a version up at the commit of every transaction that
 * changes sessions, users, organizations, memberships, groups, group_members, assignments, invitations
 * or invitation_groups (migration 0021): the tables a kept reading may read (a reading of any other
 * table must not be kept). A reading is kept with the version of the snapshot it was made in, and used
 * again only by a request that began at that same version. So a revoked session or a changed member is
 * seen by the very next request, whichever process on the store made the change, while a request on
 * warm data costs one statement of one row.
 */

/** How many readings are kept (a session is about a kilobyte, a page of a list some): the least recently used go first. */
export const READ_CACHE_ENTRIES = 2000

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

export const createReadCache = (db: Database, entries = READ_CACHE_ENTRIES): ReadCache => {
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
      const fresh = await db.transaction(async (tx) => ({ version: await readCacheVersion(tx), answer: await compute(tx) }), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      })
      cache.keep(fresh.version, key, fresh.answer)
      return fresh.answer
    },
  }
  return cache
}
