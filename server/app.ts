import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { systemClock, type Clock } from './auth/clock.js'
import { loadConfig, type Config } from './config.js'
import type { AppContext } from './context.js'
import { loadContract } from './contract/load.js'
import { registerOperations } from './contract/register.js'
import { validatorCompiler } from './contract/validators.js'
import { openStore, type Store } from './db/store.js'
import { registerDevMailPages } from './dev/mail-pages.js'
import { handlers } from './handlers.js'
import { configureBodies } from './http/body-parsing.js'
import { installErrorHandler } from './http/error-handler.js'
import { decorateRequests } from './http/request-context.js'
import { serveWebApp } from './http/web-app.js'
import { outboxMailer, smtpMailer, type Mailer } from './services/mail.js'
import { RateLimiter } from './services/rate-limit.js'
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
  /** Default: SMTP when SMTP_URL is set, else the outbox table. */
  mailer?: Mailer
  clock?: Clock
  /** Default: the provider of OIDC_*, if any; null turns social login off. */
  social?: SocialLogin | null
  logger?: FastifyServerOptions['logger']
  /** The built browser app to serve (dist/); unset serves none. */
  webRoot?: string
}

/**
 * The API server: the routes of openapi/openapi.yaml with their handlers, the dev mail pages outside
 * production, and the browser app. Not listening yet: main.ts listens, tests inject.
 */
export const buildApp = async (options: BuildAppOptions = {}): Promise<FastifyInstance> => {
  const config = options.config ?? loadConfig()
  const ownStore = options.store === undefined
  const store =
    options.store ?? (await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }))
  const clock = options.clock ?? systemClock

  const fastifyOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    routerOptions: { ignoreTrailingSlash: true },
    // an idle keep-alive connection does not hold a shutdown up; requests in flight finish
    forceCloseConnections: 'idle',
  }
  const app: FastifyInstance = Fastify(fastifyOptions)

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(store.db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log })
      : outboxMailer(store.db, clock))
  const social =
    options.social === null ? undefined : (options.social ?? (config.oidc ? createSocialLogin(config.oidc, config.publicUrl) : undefined))

  const context: AppContext = {
    store,
    db: store.db,
    config,
    mailer,
    clock,
    limiter: new RateLimiter(config.rateLimit, clock),
    social,
    log: app.log,
  }
  app.decorate('portal', context)

  app.setValidatorCompiler(validatorCompiler)
  decorateRequests(app)
  configureBodies(app)
  installErrorHandler(app)
  registerOperations(app, loadContract(), handlers, context)
  if (!config.production && !config.smtpUrl) registerDevMailPages(app, store.db)
  await serveWebApp(app, options.webRoot, { production: config.production })

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
    await mailer.close()
    if (ownStore) await store.close()
  })
  return app
}

export { ensurePlatformAdmin } from './accounts/bootstrap-admin.js'
export { hashPassword } from './accounts/passwords.js'
export { createOrganization, addMembership } from './organizations/memberships.js'
export { openStore } from './db/store.js'
export { loadConfig } from './config.js'
