import type { FastifyInstance } from 'fastify'
import type { AppContext } from './context.js'
import { purgeOrganizationImports } from './organizations/import.js'
import { purgeDeletedOrganizations } from './organizations/purge.js'

/**
 * Housekeeping that runs when the server is ready and then every hour: organizations deleted more than
 * 30 days ago are purged, and organization imports staged more than 7 days ago. Each job is idempotent, so several server processes may all run it.
 */

const HOUR = 60 * 60 * 1000

export const runMaintenance = async (app: AppContext): Promise<void> => {
  const purged = await purgeDeletedOrganizations(app.db, app.clock())
  if (purged > 0) app.log.info({ purged }, 'purged organizations deleted more than 30 days ago')
  const imports = await purgeOrganizationImports(app.db, app.clock())
  if (imports > 0) app.log.info({ imports }, 'purged organization imports staged more than 7 days ago')
}

export const scheduleMaintenance = (fastify: FastifyInstance, app: AppContext): void => {
  let timer: NodeJS.Timeout | undefined
  const run = () => runMaintenance(app).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'))
  fastify.addHook('onReady', async () => {
    await run()
    timer = setInterval(run, HOUR)
    timer.unref()
  })
  fastify.addHook('onClose', async () => clearInterval(timer))
}
