import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from './auth/clock.js'
import type { Config } from './config.js'
import type { ReadCache } from './db/read-cache.js'
import type { Database, Store } from './db/store.js'
import type { BackgroundWork } from './services/background.js'
import type { Mailer } from './services/mail.js'
import type { SmsSender } from './services/sms.js'
import type { RateLimiter } from './services/rate-limit.js'
import type { Storage } from './services/storage.js'
import type { RollupWorker } from './practice/rollup-worker.js'
import type { SocialLogin } from './social/oidc-client.js'

/** What every handler may use; built once by buildApp. */
export interface AppContext {
  readonly store: Store
  readonly db: Database
  readonly config: Config
  readonly mailer: Mailer
  /** Text messages: the SMS provider when SMS_* is configured, else the outbox table. */
  readonly sms: SmsSender
  /** Work after the answer (mails whose sending must not show in the answer's time). */
  readonly background: BackgroundWork
  readonly clock: Clock
  /** Sessions and the answers of the big lists, kept while the versions of their scopes (a user, an organization) hold. */
  readonly readings: ReadCache
  /** Reports' figures, kept while their organization and its practice keep their versions (reports/kept.ts); apart, so that they never push sessions out. */
  readonly figures: ReadCache
  readonly limiter: RateLimiter
  /** Brings daily_practice up to date with the events the API appended (server/practice/rollup-worker.ts). */
  readonly rollups: RollupWorker
  /** Uploaded files: the disk under FILES_DIR, or S3. */
  readonly storage: Storage
  /** The OpenID Connect provider, when OIDC_* is configured. */
  readonly social: SocialLogin | undefined
  readonly log: FastifyBaseLogger
}
