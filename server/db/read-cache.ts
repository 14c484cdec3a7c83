import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { groups, readVersions } from './schema.js'
import { preparedPerDatabase, rowsOf, type Database, type Executor } from './store.js'

/**
 * Readings of the store kept in memory while what they read has not changed: a request's session (every
 * secured call reads it) and the answers of the big paged lists (organizations, an organization's
 * members and students, the class list) and of who may read a report.
 *
 * Freshness is per tenant, held in the store (`read_versions`, migration 0025), so that every server
 * process on it sees the same: a scope is a user (`user:<id>`: its sessions and account), an organization
 * (`organization:<id>`: its row, memberships, classes and their students, goals and invitations, and the
 * accounts of its members and class owners) or the organization list (`platform`: organizations' rows
 * only). The triggers of 0025 count a scope's row up at the commit of a transaction that changes what it
 * covers, once per transaction, each to a new value of one sequence: a change in one organization moves
 * that organization's row only, a login (a new session) moves nothing, and no row is written by every
 * write of the platform.
 *
 * A request reads, in one statement at its start (its session's, auth/authenticate.ts), the versions of the
 * scopes it may read: its user's, and the organization its path names (or its class's organization), or
 * the platform's (auth/request-scope.ts); the app's ingestion checks its kept session's version in its own
 * statement instead (auth/authenticate.ts UncheckedSession). A reading is kept under its key with the versions, at that
 * start, of the scopes it depends on, and is used again by a request that read those same versions:
 * readings made since are at least as fresh as the versions they are kept with. So a revoked session or a
 * changed member is seen by the very next request, whichever process made the change, while a request on
 * warm data costs one statement of a few rows; one organization's changes never discard another's
 * readings. A reading that depends on a scope the request did not read is answered, not kept.
 *
 * A scope without a row of its own reads the store's row (`store`), which only a TRUNCATE moves.
 */

/** How many readings are kept (a session is about a kilobyte, a page of a list some): the least recently used go first. */
export const READ_CACHE_ENTRIES = 2000

/** What a reading's freshness is counted in: a user's, an organization's, or the organization list's. */
export type Scope = `user:${number}` | `organization:${number}` | `practice:${number}` | 'platform'

export const userScope = (id: number): Scope => `user:${id}`
export const organizationScope = (id: number): Scope => `organization:${id}`
export const PLATFORM_SCOPE: Scope = 'platform'
/** An organization's practice: its rollups (daily_practice) and the pre-aggregates that follow them (migration 0030). */
export const practiceScope = (id: number): Scope => `practice:${id}`

/** What a request's readings may read besides its own user's: an organization (or a class's), or the organization list. */
export interface RequestScope {
  organization?: number
  /** A class: its organization is read (the class's organization never changes). */
  group?: number
  platform?: boolean
  /** The organization's practice too (a report's figures). */
  practice?: boolean
}

/** The versions of the scopes a request read at its start. */
export interface Versions {
  readonly of: ReadonlyMap<Scope, number>
}

const store = alias(readVersions, 'store')

/** The version of one scope: its row's, or the store's (`store`, joined) for a scope without one yet. */
const versionOf = (scope: 'user' | 'organization' | 'practice' | 'platform', id: SQL | number) =>
  sql<number>`coalesce((select scoped.version from read_versions scoped where scoped.scope = ${sql.raw(`'${scope}'`)} and scoped.id = ${id}), "store"."version")`.mapWith(
    Number,
  )

/**
 * Which of a request's scopes a versions statement reads: its organization by id, by class, or none; the
 * platform's; the practice's. A statement per shape, with no CASE on its parameters: its plan is the same
 * for any values, so that PostgreSQL keeps one generic plan for it after its first executions, instead of
 * planning it again at every request (CASEs on the parameters fold away in a plan made for the values,
 * which then always looks cheaper than the generic one: planning cost several times the execution).
 */
export interface Shape {
  organization: 'id' | 'group' | 'none'
  platform: boolean
  practice: boolean
}

export const shapeOf = (scope: RequestScope): Shape => ({
  organization: scope.organization !== undefined ? 'id' : scope.group !== undefined ? 'group' : 'none',
  platform: scope.platform ?? false,
  practice: scope.practice ?? false,
})

/** The shape's part of a statement's name: `prefix_<organization>[_platform][_practice]`. */
const shapeName = (prefix: string, shape: Shape) =>
  `${prefix}_${shape.organization}${shape.platform ? '_platform' : ''}${shape.practice ? '_practice' : ''}`

/**
 * The statement `build` makes for each shape, built and named once per shape and database (`prefix` and
 * the shape name it): what a request of `scope` executes.
 */
export const perShape = <Query>(prefix: string, build: (db: Executor, shape: Shape, name: string) => Query) => {
  const queries = new Map<string, (db: Executor) => Query>()
  return (db: Executor, shape: Shape): Query => {
    const name = shapeName(prefix, shape)
    let query = queries.get(name)
    if (!query) {
      query = preparedPerDatabase((of) => build(of, shape, name))
      queries.set(name, query)
    }
    return query(db)
  }
}

/**
 * The columns of the versions of `user`'s scope and of a request's of `shape` (placeholders
 * `organization` or `group`: versionValues), to select from `store` joined (`joinStore`): one statement,
 * with the session (auth/sessions.ts) or alone.
 */
export const versionColumns = (user: SQL, shape: Shape) => {
  const organization =
    shape.organization === 'id'
      ? sql`${sql.placeholder('organization')}::int`
      : sql`(select ${groups.organizationId} from ${groups} where ${groups.id} = ${sql.placeholder('group')}::int)`
  const named = shape.organization !== 'none'
  return {
    userVersion: versionOf('user', user),
    organizationId: named ? sql<number | null>`${organization}` : sql<number | null>`null::int`,
    organizationVersion: named ? sql<number | null>`${versionOf('organization', organization)}` : sql<number | null>`null::bigint`,
    platformVersion: shape.platform ? sql<number | null>`${versionOf('platform', 0)}` : sql<number | null>`null::bigint`,
    practiceVersion: named && shape.practice ? sql<number | null>`${versionOf('practice', organization)}` : sql<number | null>`null::bigint`,
  }
}

/**
 * The version of `scope` of the organization (or user) `id`, as a scalar of its own (no join): a statement that
 * selects it beside what it reads gives the version its snapshot saw, the version to keep its answer with.
 */
export const versionInStatement = (scope: 'user' | 'organization' | 'practice', id: SQL | Placeholder) =>
  sql<number>`coalesce((select v.version from read_versions v where v.scope = ${sql.raw(`'${scope}'`)} and v.id = ${id}),
    (select v.version from read_versions v where v.scope = 'store' and v.id = 0))`.mapWith(Number)

/** The store's row, that `versionColumns` read from. */
export const joinStore = { table: store, on: and(eq(store.scope, 'store'), eq(store.id, 0))! }

/** What to give the versions' placeholders of `scope` (of its shape). */
export const versionValues = (scope: RequestScope): Record<string, unknown> =>
  scope.organization !== undefined ? { organization: scope.organization } : scope.group !== undefined ? { group: scope.group } : {}

export interface VersionRow {
  userVersion: number
  organizationId: number | null
  organizationVersion: number | null
  platformVersion: number | null
  practiceVersion: number | null
}

/** The versions of a request of `user` from what `versionColumns` read. */
export const versionsFrom = (user: number, row: VersionRow): Versions => {
  const of = new Map<Scope, number>([[userScope(user), Number(row.userVersion)]])
  if (row.organizationId !== null && row.organizationVersion !== null) of.set(organizationScope(row.organizationId), Number(row.organizationVersion))
  if (row.platformVersion !== null) of.set(PLATFORM_SCOPE, Number(row.platformVersion))
  if (row.organizationId !== null && row.practiceVersion !== null) of.set(practiceScope(row.organizationId), Number(row.practiceVersion))
  return { of }
}

const versionsQuery = perShape('read_versions', (db, shape, name) =>
  db.select(versionColumns(sql`${sql.placeholder('user')}::int`, shape)).from(store).where(joinStore.on).prepare(name),
)

/** The versions of `user`'s scope and `scope`'s, now, in one statement. */
export const readVersionsOf = async (db: Executor, user: number, scope: RequestScope = {}): Promise<Versions> => {
  const [row] = await versionsQuery(db, shapeOf(scope)).execute({ user, ...versionValues(scope) })
  if (!row) throw new Error('the store has no read_versions row of its own (migration 0025)')
  return versionsFrom(user, row)
}

/**
 * How often each table that counts no scope up (no read_version trigger, migration 0025) has been
 * scanned, from the server's statistics not yet reported: read twice in one transaction (the server
 * reports them only between transactions), the difference is what it read.
 */
const uncountedScans = async (tx: Executor): Promise<Map<string, number>> => {
  const rows = await rowsOf<{ name: string; scans: number }>(tx, sql`
    select s.relname as name, (coalesce(s.seq_scan, 0) + coalesce(s.idx_scan, 0))::int as scans from pg_stat_xact_user_tables s
    where s.relname <> 'read_versions' and not exists (select from pg_trigger g where g.tgrelid = s.relid and g.tgname like '%read_version%')`)
  return new Map(rows.map((row) => [row.name, Number(row.scans)]))
}

/** The scopes a reading depends on: given, or from its answer (a class's organization). */
export type Depends<T> = readonly Scope[] | ((answer: T) => readonly Scope[])

export interface ReadCache {
  /** The versions of `user`'s scope and `scope`'s now (one statement). */
  versions(user: number, scope?: RequestScope): Promise<Versions>
  /**
   * The reading kept for `key` and the versions it was made at, whatever the versions now (whose session a
   * token's is, to know whose versions to read; or a session a call's own statement checks: authenticate.ts).
   */
  peek<T>(key: string): { value: T; made: ReadonlyMap<Scope, number> } | undefined
  /** The reading kept for `key` when it was made at the versions `versions` has of its scopes. */
  get<T>(versions: Versions, key: string): T | undefined
  /** Keeps `value` made at `made` (its scopes' versions; not over a reading made at a newer version). */
  keep(made: ReadonlyMap<Scope, number>, key: string, value: unknown): void
  /**
   * The answer to `key` (every input of the answer after authorization: who may see what is part of
   * it) for a request that read `versions` at its start: kept, or computed by `compute` on one snapshot
   * and kept with the versions of the scopes it `depends` on.
   */
  read<T>(versions: Versions, key: string, depends: Depends<T>, compute: (db: Executor) => Promise<T>): Promise<T>
}

export interface ReadCacheOptions {
  /** How many readings are kept. */
  entries?: number
  /**
   * Refuse to keep a reading that read a table which counts no scope up (a programming error: it would
   * be served stale); two statements more per reading made, so on in tests (config `checkKeptReadings`).
   */
  checkTables?: boolean
}

interface Entry {
  value: unknown
  made: ReadonlyMap<Scope, number>
}

/** Whether a reading made at `made` is current for a request that read `versions`. */
const current = (made: ReadonlyMap<Scope, number>, versions: Versions) => {
  for (const [scope, version] of made) if (versions.of.get(scope) !== version) return false
  return true
}

export const createReadCache = (db: Database, { entries = READ_CACHE_ENTRIES, checkTables = false }: ReadCacheOptions = {}): ReadCache => {
  const kept = new Map<string, Entry>()
  const cache: ReadCache = {
    versions: (user, scope) => readVersionsOf(db, user, scope),
    peek: <T>(key: string) => kept.get(key) as { value: T; made: ReadonlyMap<Scope, number> } | undefined,
    get<T>(versions: Versions, key: string) {
      const entry = kept.get(key)
      if (!entry || !current(entry.made, versions)) return undefined
      kept.delete(key) // to the end: the most recently used
      kept.set(key, entry)
      return entry.value as T
    },
    keep(made, key, value) {
      const old = kept.get(key)
      if (old) {
        for (const [scope, version] of old.made) if ((made.get(scope) ?? Infinity) < version) return
        kept.delete(key)
      }
      kept.set(key, { value, made })
      if (kept.size > entries) kept.delete(kept.keys().next().value!)
    },
    async read<T>(versions: Versions, key: string, depends: Depends<T>, compute: (db: Executor) => Promise<T>): Promise<T> {
      const found = cache.get<T>(versions, key)
      if (found !== undefined) return found
      // one snapshot for all the reading's statements; it is no older than the versions the request read
      const answer = await db.transaction(
        async (tx) => {
          const before = checkTables ? await uncountedScans(tx) : undefined
          const answer = await compute(tx)
          if (before) {
            const after = await uncountedScans(tx)
            const read = [...after].filter(([name, scans]) => scans > (before.get(name) ?? 0)).map(([name]) => name)
            if (read.length) throw new Error(`the kept reading ${key} read ${read.sort().join(', ')}, which count no scope up`)
          }
          return answer
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
      const made = new Map<Scope, number>()
      for (const scope of typeof depends === 'function' ? depends(answer) : depends) {
        const version = versions.of.get(scope)
        if (version === undefined) return answer // a scope the request did not read: not kept
        made.set(scope, version)
      }
      cache.keep(made, key, answer)
      return answer
    },
  }
  return cache
}
