import type { FastifyInstance } from 'fastify'
import type { AppContext } from './context.js'
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
 * so several server processes may all run it.
 * On PGlite, every minute, the statistics of the tables that changed (store.ts analyzeChanged).
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

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
  const run = () => runMaintenance(app).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'))
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
