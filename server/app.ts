import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Server } from 'node:http'
import { systemClock, type Clock } from './auth/clock.js'
import { loadConfig, type Config } from './config.js'
import type { AppContext } from './context.js'
import { DEFAULT_BODY_LIMIT, loadContract } from './contract/load.js'
import { registerOperations } from './contract/register.js'
import { validatorCompiler } from './contract/validators.js'
import { createReadCache } from './db/read-cache.js'
import { FIGURES_KEPT } from './reports/kept.js'
import { openStore, type Store } from './db/store.js'
import { registerDevMailPages } from './dev/mail-pages.js'
import { handlers } from './handlers.js'
import { scheduleMaintenance } from './maintenance.js'
import { configureBodies } from './http/body-parsing.js'
import { frameworkErrors, installErrorHandler } from './http/error-handler.js'
import { registerReadYourWrites } from './http/read-your-writes.js'
import { decorateRequests } from './http/request-context.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { serveWebApp } from './http/web-app.js'
import { backgroundWork } from './services/background.js'
import { rollupWorker } from './practice/rollup-worker.js'
import { deliveringMailer, outboxMailer, smtpMailer, type MailDelivery } from './services/mail.js'
import { outboxSms, providerSms } from './services/sms.js'
import { RateLimiter } from './services/rate-limit.js'
import { openStorage, type Storage } from './services/storage.js'
import { createSocialLogin, type SocialLogin } from './social/oidc-client.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's context (store, config, mailer, clock, ...): tests reach the store through it. */
    portal: AppContext
  }
}

export interface BuildAppOptions {
  /** Default: from the environment. */
  config?: Config
  /** Default: opened from the config (PGlite in DATA_DIR, or DATABASE_URL) and closed with the app. */
  store?: Store
  /**
   * Hands the outbox's mails to a mail server (tests: one that waits, or fails). Default: SMTP when
   * SMTP_URL is set, else none (the outbox table is the delivery).
   */
  mailDelivery?: MailDelivery
  clock?: Clock
  /** Default: S3 when S3_* is set, else the disk under FILES_DIR. */
  storage?: Storage
  /** Default: the provider of OIDC_*, if any; null turns social login off. */
  social?: SocialLogin | null
  logger?: FastifyServerOptions['logger']
  /** The built browser app to serve (dist/); unset serves none. */
  webRoot?: string
  /** How often the roll-up worker looks for queued practice events (server/practice/rollup-worker.ts); 0: only when kicked (tests). */
  rollupPollMs?: number
  /**
   * Where the app's practice events are rolled up: queued for the roll-up worker (default on PostgreSQL,
   * where learners of one organization must not wait on each other's rollups), or in the append's own
   * statement (default on PGlite: one connection, nothing to wait on). Tests of the worker ask for it.
   */
  practiceRollUp?: 'worker' | 'inline'
}

/**
 * The API server: the routes of openapi/openapi.yaml with their handlers, the dev mail pages in
 * development, and the browser app, all with the security headers. Not listening yet: main.ts listens, tests inject.
 */
export const buildApp = async (options: BuildAppOptions = {}): Promise<FastifyInstance> => {
  const config = options.config ?? loadConfig()
  const ownStore = options.store === undefined
  const store =
    options.store ??
    (await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl, replicaUrl: config.databaseReplicaUrl } : { dataDir: config.dataDir }))
  const clock = options.clock ?? systemClock

  const fastifyOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? false,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // an idle keep-alive connection does not hold a shutdown up; requests in flight finish
    forceCloseConnections: 'idle',
    // bodies of the contract's calls have their own limits (register.ts); this is for any other address
    bodyLimit: DEFAULT_BODY_LIMIT,
    // a client that sends its request slowly (a body trickled a byte at a time) is cut off after
    // REQUEST_TIMEOUT, checked every second (Node checks every 30 s by default, and takes a headers
    // timeout longer than the request timeout for the request timeout); a connection with nothing
    // arriving is closed too
    requestTimeout: config.requestTimeout * 1000,
    connectionTimeout: Math.max(config.requestTimeout, config.keepAliveTimeout) * 1000,
    keepAliveTimeout: config.keepAliveTimeout * 1000,
    http: { connectionsCheckingInterval: 1000, headersTimeout: config.requestTimeout * 1000, requestTimeout: config.requestTimeout * 1000 },
  }
  const app: FastifyInstance = Fastify(fastifyOptions)

  const mailer = options.mailDelivery
    ? deliveringMailer(store.db, clock, { deliver: options.mailDelivery, log: app.log })
    : config.smtpUrl
      ? smtpMailer(store.db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log })
      : outboxMailer(clock)
  const sms = config.sms ? providerSms(store.db, clock, { config: config.sms, log: app.log }) : outboxSms(clock)
  const social =
    options.social === null ? undefined : (options.social ?? (config.oidc ? createSocialLogin(config.oidc, config.publicUrl) : undefined))

  const context: AppContext = {
    store,
    db: store.db,
    config,
    mailer,
    sms,
    background: backgroundWork(app.log),
    clock,
    readings: createReadCache(store.db, { checkTables: config.checkKeptReadings }),
    figures: createReadCache(store.db, { entries: FIGURES_KEPT }),
    limiter: new RateLimiter(store.db, config.rateLimit, clock),
    rollups: rollupWorker({
      db: store.db,
      log: app.log,
      pollMs: options.rollupPollMs,
      inline: (options.practiceRollUp ?? (store.driver === 'pglite' ? 'inline' : 'worker')) === 'inline',
    }),
    storage: options.storage ?? openStorage(config),
    social,
    log: app.log,
  }
  app.decorate('portal', context)
  store.reads.useLog(app.log)
  if (store.reads.replica) app.log.info(`reports, exports and dashboards read the replica ${store.reads.replica.location} (a person's reads right after their own write: the primary)`)
  registerReadYourWrites(app, context)

  app.setValidatorCompiler(validatorCompiler)
  decorateRequests(app)
  configureBodies(app)
  installErrorHandler(app)
  registerSecurityHeaders(app, config.publicUrl)
  registerOperations(app, loadContract(), handlers, context)
  if (config.development) registerDevMailPages(app, store.db, { mail: !config.smtpUrl, sms: !config.sms })
  await serveWebApp(app, options.webRoot, { production: config.production })
  scheduleMaintenance(app, context)

  // On close, the answers still in flight tell their keep-alive connections to close, so that the
  // server is not held open by them until their idle timeout.
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })
  // runs after the server has stopped taking requests and the ones in flight have finished
  app.addHook('onClose', async () => {
    await context.background.settled()
    await mailer.close()
    await sms.close()
    await context.rollups.close()
    if (ownStore) await store.close()
  })
  return app
}

export { ensurePlatformAdmin } from './accounts/bootstrap-admin.js'
export { hashPassword } from './accounts/passwords.js'
export { createOrganization, addMembership } from './organizations/memberships.js'
export { openStore } from './db/store.js'
export { loadConfig } from './config.js'
