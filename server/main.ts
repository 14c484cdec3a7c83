import type { FastifyBaseLogger } from 'fastify'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp, ensurePlatformAdmin } from './app.js'
import { loadConfig } from './config.js'
import type { Database } from './db/store.js'
import { createDemo, DEMO_PASSWORD } from './dev/demo.js'
import { webAppIsBuilt } from './http/web-app.js'

/**
 * Starts the server: `tsx server/main.ts` (npm start). Serves the API under /v1, the built browser
 * app from dist/, and, in development without SMTP, the outbox at /dev/mail (for loopback clients).
 * SIGINT/SIGTERM: stop taking requests, let those in flight finish, then close the store.
 */

const webRoot = path.resolve(fileURLToPath(new URL('../dist', import.meta.url)))

/** The demo on the first start of an empty store (DEMO=false: none); a failure is logged, the server starts. */
const makeDemo = async (db: Database, log: FastifyBaseLogger) => {
  const started = Date.now()
  try {
    const demo = await createDemo(db, new Date())
    log.info(`demo: ${demo.events} practice events recorded in ${Date.now() - started} ms; the password of every demo account is: ${DEMO_PASSWORD}`)
    for (const login of demo.logins) log.info(`demo:   ${login.email} (${login.role}, ${login.organization})`)
  } catch (error) {
    log.error({ err: error }, 'the demo could not be made')
  }
}

const start = async () => {
  const config = loadConfig()
  const app = await buildApp({
    config,
    webRoot,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  })
  const { store } = app.portal
  const firstStart = await ensurePlatformAdmin(store.db, config, new Date())
  if (firstStart && config.demo) await makeDemo(store.db, app.log)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    app.log.info(`${signal}: finishing the requests in flight, then stopping`)
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`store: ${store.driver} (${store.location})`)
  if (!webAppIsBuilt(webRoot)) app.log.warn(`the web app is not built (no ${webRoot}/index.html): run npm run build`)
  if (config.development && !config.smtpUrl) app.log.info(`mails stay in the outbox: ${config.publicUrl}/dev/mail (from this machine)`)
  app.log.info(`open ${config.publicUrl}`)
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
