import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp, ensurePlatformAdmin } from './app.js'
import { loadConfig, type Config } from './config.js'
import { openStore, type Database } from './db/store.js'
import { createDemo, DEMO_PASSWORD } from './dev/demo.js'
import { webAppIsBuilt } from './http/web-app.js'

/**
 * Starts the server: `tsx server/main.ts` (npm start). Serves the API under /v1, the built browser
 * app from dist/, and, in development without SMTP, the outbox at /dev/mail (for loopback clients).
 *
 * One process (PGlite, or WEB_CONCURRENCY=1): it does the first-start work (migrations, the platform
 * admin, the demo) and serves. Several (PostgreSQL; WEB_CONCURRENCY, default the number of cores): this
 * process, the primary, does the first-start work once, then forks that many workers with node:cluster,
 * which share its port and serve; it serves nothing itself, forks again a worker that dies, and stops
 * when one cannot start at all (a port taken, a store unreachable). Nothing a request relies on lives
 * in a process: sessions, rate limits, the outbox, kept readings' freshness and scheduled work are in
 * the store (README, "Many processes").
 * SIGINT/SIGTERM: stop taking requests, let those in flight finish, then close the store; the primary
 * passes the signal to its workers and ends when they have.
 */

const webRoot = path.resolve(fileURLToPath(new URL('../dist', import.meta.url)))

interface Log {
  info(message: string): void
  error(message: string, error?: unknown): void
}

/** The demo on the first start of an empty store (DEMO=false: none); a failure is logged, the server starts. */
const makeDemo = async (db: Database, log: Log) => {
  const started = Date.now()
  try {
    const demo = await createDemo(db, new Date())
    log.info(`demo: ${demo.events} practice events recorded in ${Date.now() - started} ms; the password of every demo account is: ${DEMO_PASSWORD}`)
    for (const login of demo.logins) log.info(`demo:   ${login.email} (${login.role}, ${login.organization})`)
  } catch (error) {
    log.error('the demo could not be made', error)
  }
}

/** The platform admin and the demo, on an empty store; once, before any process serves. */
const firstStart = async (db: Database, config: Config, log: Log) => {
  const created = await ensurePlatformAdmin(db, config, new Date())
  if (created && config.demo) await makeDemo(db, log)
}

/** Serves on the port: the only process, or one worker of several (`firstStartDone`: the primary did that work). */
const serve = async (config: Config, firstStartDone: boolean) => {
  const app = await buildApp({
    config,
    webRoot,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  })
  const { store } = app.portal
  if (!firstStartDone) {
    await store.exclusively(() =>
      firstStart(store.db, config, {
        info: (message) => app.log.info(message),
        error: (message, error) => app.log.error({ err: error }, message),
      }),
    )
  }

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
  if (cluster.isWorker) return // the primary says the rest, once
  app.log.info(`store: ${store.driver} (${store.location})`)
  if (!webAppIsBuilt(webRoot)) app.log.warn(`the web app is not built (no ${webRoot}/index.html): run npm run build`)
  if (config.development && !config.smtpUrl) app.log.info(`mails stay in the outbox: ${config.publicUrl}/dev/mail (from this machine)`)
  app.log.info(`open ${config.publicUrl}`)
}

/** The primary's lines, on the console as the workers' logger writes them (JSON lines), at LOG_LEVEL. */
const primaryLog = (config: Config): Log => {
  const quiet = ['fatal', 'error', 'warn', 'silent'].includes(config.logLevel)
  const line = (level: number, msg: string, extra: object = {}) =>
    console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', msg, ...extra }))
  return {
    info: (message) => {
      if (!quiet) line(30, message)
    },
    error: (message, error) => {
      if (config.logLevel !== 'silent') line(50, message, error === undefined ? {} : { err: String(error instanceof Error ? error.stack : error) })
    },
  }
}

/** A worker that dies within this time of its start is forked again only after RESTART_DELAY_MS (no busy loop). */
const SHORT_LIFE_MS = 10_000
const RESTART_DELAY_MS = 1_000

/** The primary of several processes: first-start work, then `config.webConcurrency` workers kept running. */
const runPrimary = async (config: Config) => {
  const log = primaryLog(config)
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir })
  try {
    await store.exclusively(() => firstStart(store.db, config, log))
  } finally {
    await store.close()
  }

  let stopping = false
  const started = new Map<Worker, number>()
  const listening = new Set<Worker>()
  const fork = () => started.set(cluster.fork(), Date.now())

  cluster.on('listening', (worker, address) => {
    listening.add(worker)
    log.info(`worker ${worker.process.pid} serves port ${address.port}`)
    if (listening.size === config.webConcurrency) {
      log.info(`${config.webConcurrency} processes on one port, store: PostgreSQL`)
      if (!webAppIsBuilt(webRoot)) log.info(`the web app is not built (no ${webRoot}/index.html): run npm run build`)
      log.info(`open ${config.publicUrl}`)
    }
  })
  cluster.on('exit', (worker, code, signal) => {
    const startedAt = started.get(worker) ?? 0
    const served = listening.has(worker)
    started.delete(worker)
    listening.delete(worker)
    if (stopping) {
      if (started.size === 0) process.exit()
      return
    }
    if (!served) {
      // it never served: another one would fail the same way (a port taken, a store unreachable)
      log.error(`worker ${worker.process.pid} stopped before it served (${signal ?? code}); stopping`)
      stopping = true
      for (const other of started.keys()) other.process.kill('SIGTERM')
      process.exitCode = 1
      if (started.size === 0) process.exit()
      return
    }
    log.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another`)
    if (Date.now() - startedAt < SHORT_LIFE_MS) setTimeout(() => !stopping && fork(), RESTART_DELAY_MS)
    else fork()
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log.info(`${signal}: the workers finish the requests in flight, then stop`)
    for (const worker of started.keys()) worker.process.kill('SIGTERM')
    if (started.size === 0) process.exit()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  for (let index = 0; index < config.webConcurrency; index++) fork()
}

const start = async () => {
  const config = loadConfig()
  if (cluster.isWorker) return serve(config, true)
  if (config.webConcurrency > 1) return runPrimary(config)
  return serve(config, false)
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
