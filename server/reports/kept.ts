import type { FastifyReply } from 'fastify'
import { Serialized } from '../contract/handler.js'
import { organizationScope, practiceScope, type Scope } from '../db/read-cache.js'
import type { ReportReader } from './access.js'
import type { FiguresVersions } from './prepared.js'
import type { ReportRange } from './range.js'

/**
 * A report's figures kept in memory while neither its organization (who is counted: members, classes and
 * their students, names) nor the organization's practice (its rollups and pre-aggregates, migration 0030)
 * has changed: the same class, teacher or organization over the same range is answered again without a
 * statement, by any request that began at those versions (its session's statement read them,
 * auth/request-scope.ts: `practice`). A lesson rolled up, late events of a past day included, moves the
 * practice version, and the next request computes the figures again: a kept report is never stale, and is
 * at most as old as the roll-up (server/practice/freshness.ts).
 *
 * The figures' statement reads the two versions beside its figures, in its own snapshot (prepared.ts):
 * the answer is kept with exactly what it saw, whether it was read on the primary or on a read replica
 * that lags (server/db/replica.ts); a request that began at newer versions computes them again. The
 * figures do not depend on who asks (access.ts decided that before), nor on the clock (the range is part
 * of the key): one kept answer serves everyone who may read it. It is kept as the JSON the route writes
 * (`Serialized`): a report read again is sent as it is, without being written out once more.
 */

/** How many reports' figures a process keeps (a class's 90 days by day with its students: some tens of kilobytes). */
export const FIGURES_KEPT = 1000

/** What a computation of figures answers: the report, and the versions its statement saw. */
export interface Computed<T> {
  answer: T
  versions: FiguresVersions
}

/**
 * The report `kind` of `id` over `range` in `organization`, as the JSON `reply` sends: kept at the
 * versions the request began at, or computed by `compute` and kept with the versions its statement saw.
 */
export const keptFigures = async <T>(
  { app, cacheVersion }: ReportReader,
  reply: FastifyReply,
  organization: number,
  kind: 'class' | 'class-summary' | 'teacher' | 'organization',
  id: number,
  range: ReportRange,
  compute: () => Promise<Computed<T>>,
): Promise<Serialized<T>> => {
  const key = JSON.stringify(['figures', organization, kind, id, range.from, range.to, range.scope])
  const found = app.figures.get<Serialized<T>>(cacheVersion, key)
  if (found !== undefined) return found
  const { answer, versions } = await compute()
  const made = new Map<Scope, number>([
    [organizationScope(organization), versions.organizationVersion],
    [practiceScope(organization), versions.practiceVersion],
  ])
  const serialized = Serialized.by(reply, answer)
  app.figures.keep(made, key, serialized)
  return serialized
}
