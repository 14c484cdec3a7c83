import { eq, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from './context.js'
import { scheduledRuns } from './db/schema.js'
import type { Database } from './db/store.js'
import { purgeClassImports } from './classes/import.js'
import { purgeClassUserImports } from './classes/user-import.js'
import { purgeInvitationBatches } from './invitations/batch.js'
import { purgeOrganizationImports } from './organizations/import.js'
import { purgeDeletedOrganizations } from './organizations/purge.js'
import { partitionsAhead } from './practice/partitions.js'

/**
 * Housekeeping that runs when the server is ready and then every hour: organizations deleted more than
 * 30 days ago are purged, and organization imports and batch invitations made more than 7 days ago; the
 * practice events' monthly partitions are made for this month and the next two. Each job is idempotent,
 * but runs once an hour however many server processes share the store: a run is claimed in the store
 * first (claimScheduledRun), and a process whose claim finds this hour's run taken skips it.
 * On PGlite, every minute, the statistics of the tables that changed (store.ts analyzeChanged).
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

/**
 * Claims the run of `job` until `seconds` from now: true for the one process whose claim finds the last
 * one over, false for every other until then. One atomic upsert on `scheduled_runs`: of processes
 * claiming at once, one moves `claimed_until` and gets its row back, the others' condition fails on the
 * row it left and they get none. Real time, as the timers that call it run in real time.
 */
export const claimScheduledRun = async (db: Database, job: string, seconds: number, now = new Date()): Promise<boolean> => {
  const until = new Date(now.getTime() + seconds * 1000)
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job, claimedUntil: until })
    .onConflictDoUpdate({ target: scheduledRuns.job, set: { claimedUntil: until }, setWhere: lte(scheduledRuns.claimedUntil, now) })
    .returning({ job: scheduledRuns.job })
  return claimed.length === 1
}

/** Gives a claimed run back (it failed): the next process to try runs it. */
export const releaseScheduledRun = async (db: Database, job: string): Promise<void> => {
  await db.delete(scheduledRuns).where(eq(scheduledRuns.job, job))
}

/** A claim lasts a little less than the hour between runs: a timer that fires a moment early still finds it over. */
const CLAIM_SECONDS = (HOUR - MINUTE) / 1000

export const runMaintenance = async (app: AppContext): Promise<void> => {
  const purged = await purgeDeletedOrganizations(app.db, app.clock())
  if (purged > 0) app.log.info({ purged }, 'purged organizations deleted more than 30 days ago')
  const imports = await purgeOrganizationImports(app.db, app.clock())
  if (imports > 0) app.log.info({ imports }, 'purged organization imports staged more than 7 days ago')
  const batches = await purgeInvitationBatches(app, app.clock())
  if (batches > 0) app.log.info({ batches }, 'purged batch invitations made more than 7 days ago')
  const classImports = await purgeClassImports(app, app.clock())
  if (classImports > 0) app.log.info({ classImports }, 'purged class imports made more than 7 days ago')
  const userImports = await purgeClassUserImports(app, app.clock())
  if (userImports > 0) app.log.info({ userImports }, 'purged user imports into classes made more than 7 days ago')
  const partitions = await partitionsAhead(app.db, app.clock())
  if (partitions.length > 0) app.log.info({ partitions }, 'made the monthly partitions of practice events')
}

/** The store's statistics after changes (PGlite; autovacuum on PostgreSQL), checked every minute like autovacuum. */
export const analyzeStore = async (app: AppContext): Promise<void> => {
  const analyzed = (await app.store.analyzeChanged?.()) ?? []
  if (analyzed.length > 0) app.log.debug({ analyzed }, 'refreshed the statistics of changed tables')
}

export const scheduleMaintenance = (fastify: FastifyInstance, app: AppContext): void => {
  let timer: NodeJS.Timeout | undefined
  let analyzer: NodeJS.Timeout | undefined
  const run = async () => {
    try {
      if (!(await claimScheduledRun(app.db, 'maintenance', CLAIM_SECONDS))) return
    } catch (error) {
      app.log.error({ err: error }, 'maintenance could not be claimed')
      return
    }
    await runMaintenance(app).catch(async (error: unknown) => {
      app.log.error({ err: error }, 'maintenance failed')
      await releaseScheduledRun(app.db, 'maintenance').catch(() => {})
    })
  }
  const analyze = () => analyzeStore(app).catch((error: unknown) => app.log.error({ err: error }, 'analyze failed'))
  fastify.addHook('onReady', async () => {
    await run()
    await analyze()
    timer = setInterval(run, HOUR)
    timer.unref()
    if (app.store.analyzeChanged) {
      analyzer = setInterval(analyze, MINUTE)
      analyzer.unref()
    }
  })
  fastify.addHook('onClose', async () => {
    clearInterval(timer)
    clearInterval(analyzer)
  })
}
