/**
 * The server's settings, all from the environment, read in this one place.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | PORT | 3000 | port to listen on |
 * | HOST | 127.0.0.1 | address to listen on (0.0.0.0 in a container) |
 * | PUBLIC_URL | http://localhost:PORT | the address people open; used in mailed links and the OIDC callback |
 * | DATA_DIR | ./data | where embedded PGlite keeps its files when DATABASE_URL is unset |
 * | DATABASE_URL | (unset) | postgres://user:password@host:5432/database; unset = embedded PGlite |
 * | DATABASE_REPLICA_URL | (unset) | a PostgreSQL streaming replica (hot standby) of DATABASE_URL's server: reports, exports and dashboards read it, except a person's reads right after their own write (server/db/replica.ts); unset = every read on the primary. Refused without DATABASE_URL (PGlite has no replica) |
 * | SMTP_URL | (unset) | smtp(s)://user:password@host:port; unset = mails stay in the outbox (see /dev/mail) |
 * | MAIL_FROM | Pronunciation Portal <no-reply@localhost> | sender of mails |
 * | SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM | (unset) | text messages through Twilio's REST API (SMS_FROM: the sending number); all three or none; unset = they stay in the outbox (see /dev/mail) |
 * | SMS_API_URL | https://api.twilio.com | the provider's address (another Twilio-compatible API, or a test server) |
 * | APP_LINK_IOS, APP_LINK_ANDROID | the app's App Store and Google Play pages | the download links mailed and texted from the start-learning screen |
 * | OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET | (unset) | the social login provider; all three or none |
 * | OIDC_NAME | the issuer's host | the provider's name on the login button |
 * | ADMIN_EMAIL, ADMIN_PASSWORD | admin@example.com, generated | the platform admin created on an empty store |
 * | SESSION_TTL | 1209600 (14 days) | seconds a session lasts |
 * | NODE_ENV | (unset) | `development` serves the /dev pages (to loopback clients only); `production` for a deployment |
 * | DEMO | true (never in production) | `false`: no demo school and company on the first start of an empty store (server/dev/demo.ts) |
 * | RATE_LIMIT_WINDOW | 900 | seconds of the rate-limit window |
 * | RATE_LIMIT_PER_ADDRESS | 30 | per client address and window: failed logins; attempts of sign-up, reset, resend (each its own) |
 * | RATE_LIMIT_PER_EMAIL | 5 | per e-mail and window: failed logins from one client address; attempts of sign-up, reset, resend |
 * | RATE_LIMIT_PER_EMAIL_ALL_ADDRESSES | 50 | failed logins per e-mail and window from all addresses together |
 * | INVITATION_TTL | 1209600 (14 days) | seconds an invitation link works after it was (re)sent |
 * | RATE_LIMIT_RESEND_PER_INVITATION | 3 | resends of one invitation per rate-limit window (its invitee's inbox is not flooded) |
 * | INVITATIONS_PER_DAY | 2000 | new invitations (and invitations mailed again) one verified organization may send a day; a platform admin may set another number for one organization |
 * | INVITATIONS_PER_DAY_UNVERIFIED | 200 | the same for an organization not verified yet (one made at onboarding, until a platform admin verifies it) |
 * | PRACTICE_EVENTS_PER_HOUR | 1000 | practice events one learner may record an hour (the mobile app's ingestion; a lesson takes minutes) |
 * | PRACTICE_EVENTS_PER_DAY | 5000 | practice events one learner may record a day (a year offline of daily practice still uploads in one day) |
 * | TRUST_PROXY | (unset) | `true`, a hop count or addresses: read the client address from X-Forwarded-For |
 * | LOG_LEVEL | info | fatal, error, warn, info, debug, trace or silent |
 * | FILES_DIR | DATA_DIR/files | where uploaded files (logos, ...) are kept when S3 is not configured |
 * | S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY | (unset) | keep files in this S3-compatible bucket instead; all three or none |
 * | S3_ENDPOINT | (AWS) | the S3-compatible server's URL (MinIO, R2, ...); path-style addressing is used with it |
 * | S3_REGION | us-east-1 | the bucket's region |
 * | REQUEST_TIMEOUT | 30 | seconds a client has to send a whole request (headers and body); a slower one is cut off |
 * | CHECK_KEPT_READINGS | false (true under NODE_ENV=test) | `true`: every reading kept in memory is checked to read only tables whose changes count its freshness up (server/db/read-cache.ts); two statements more per reading made, for tests |
 * | KEEP_ALIVE_TIMEOUT | 5 | seconds an idle keep-alive connection stays open (behind a load balancer: more than its idle timeout) |
 * | WEB_CONCURRENCY | the number of cores | server processes on the one port (node:cluster), on PostgreSQL; PGlite, embedded in one process, always runs one |
 */
import { availableParallelism } from 'node:os'


export interface RateLimitConfig {
  /** Window length in seconds. */
  windowSeconds: number
  /** Failed logins, or attempts of a call that sends mail, per client address. */
  perAddress: number
  /** Failed logins per e-mail from one client address, or attempts of a call that sends mail per e-mail. */
  perEmail: number
  /** Failed logins per e-mail from every address together: slows guessing spread over many addresses. */
  perEmailAllAddresses: number
  /** Resends of one invitation (each mails its invitee). */
  resendPerInvitation: number
  /** Practice events one learner may record in an hour, and in a day (server/practice/quota.ts). */
  practiceEventsPerHour: number
  practiceEventsPerDay: number
  /**
   * Invitation mails one organization may send a day (server/invitations/quota.ts): verified, and not
   * verified yet; an organization's own number (set by a platform admin) comes before both.
   */
  invitationsPerDay: number
  invitationsPerDayUnverified: number
}

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
  name: string
}

export interface SmsConfig {
  accountSid: string
  authToken: string
  /** The sending number (E.164) or sender id. */
  from: string
  apiUrl: string
}

export interface S3Config {
  bucket: string
  region: string
  endpoint: string | undefined
  forcePathStyle: boolean
  accessKeyId: string
  secretAccessKey: string
}

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  /** A streaming replica of databaseUrl's server for the reads that may lag; only with databaseUrl. */
  databaseReplicaUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  sms: SmsConfig | undefined
  /** Where the mobile app is downloaded, per platform. */
  appLinks: { ios: string; android: string }
  oidc: OidcConfig | undefined
  adminEmail: string
  adminPassword: string | undefined
  /** Seconds. */
  sessionTtl: number
  /** Seconds an invitation link works after it was (re)sent. */
  invitationTtl: number
  production: boolean
  /** NODE_ENV=development, said explicitly: the /dev pages are served (to loopback clients). */
  development: boolean
  /** The demo school and company are made on the first start of an empty store; never in production. */
  demo: boolean
  rateLimit: RateLimitConfig
  trustProxy: boolean | number | string
  logLevel: string
  filesDir: string
  s3: S3Config | undefined
  /** Seconds to receive a whole request. */
  requestTimeout: number
  /** Seconds an idle keep-alive connection is kept. */
  keepAliveTimeout: number
  /**
   * Server processes on the one port (main.ts forks them with node:cluster). On PostgreSQL,
   * WEB_CONCURRENCY or the number of cores; on PGlite always 1: its store lives inside one process.
   */
  webConcurrency: number
  /** Check that each kept reading reads only tables that count its freshness up (db/read-cache.ts): for tests. */
  checkKeptReadings: boolean
}

type Env = Record<string, string | undefined>

const DAY = 24 * 60 * 60

const integer = (env: Env, name: string, fallback: number, min = 0): number => {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`)
  }
  return value
}

const text = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim()
  return value ? value : undefined
}

const url = (env: Env, name: string): string | undefined => {
  const value = text(env, name)
  if (value === undefined) return undefined
  try {
    new URL(value)
  } catch {
    throw new Error(`${name} is not a URL: "${value}"`)
  }
  return value
}

const oidcFrom = (env: Env): OidcConfig | undefined => {
  const issuer = url(env, 'OIDC_ISSUER')
  const clientId = text(env, 'OIDC_CLIENT_ID')
  const clientSecret = text(env, 'OIDC_CLIENT_SECRET')
  if (!issuer && !clientId && !clientSecret) return undefined
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('Social login needs all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or none of them)')
  }
  return { issuer, clientId, clientSecret, name: text(env, 'OIDC_NAME') ?? new URL(issuer).host }
}

const checkKeptReadingsFrom = (env: Env): boolean => {
  const value = text(env, 'CHECK_KEPT_READINGS')
  if (value === undefined) return env.NODE_ENV === 'test'
  if (value !== 'true' && value !== 'false') throw new Error(`CHECK_KEPT_READINGS must be true or false, not "${value}"`)
  return value === 'true'
}

const trustProxyFrom = (env: Env): boolean | number | string => {
  const value = text(env, 'TRUST_PROXY')
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  return /^\d+$/.test(value) ? Number(value) : value
}

const s3From = (env: Env): S3Config | undefined => {
  const bucket = text(env, 'S3_BUCKET')
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY')
  if (!bucket && !accessKeyId && !secretAccessKey) return undefined
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('S3 storage needs all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or none of them)')
  }
  const endpoint = url(env, 'S3_ENDPOINT')
  return { bucket, accessKeyId, secretAccessKey, endpoint, forcePathStyle: endpoint !== undefined, region: text(env, 'S3_REGION') ?? 'us-east-1' }
}

const smsFrom = (env: Env): SmsConfig | undefined => {
  const accountSid = text(env, 'SMS_ACCOUNT_SID')
  const authToken = text(env, 'SMS_AUTH_TOKEN')
  const from = text(env, 'SMS_FROM')
  if (!accountSid && !authToken && !from) return undefined
  if (!accountSid || !authToken || !from) {
    throw new Error('Text messages need all of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM (or none of them)')
  }
  return { accountSid, authToken, from, apiUrl: (url(env, 'SMS_API_URL') ?? 'https://api.twilio.com').replace(/\/+$/, '') }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

const logLevelFrom = (env: Env): string => {
  const value = text(env, 'LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`)
  return value
}

const replicaUrlFrom = (env: Env): string | undefined => {
  const replica = url(env, 'DATABASE_REPLICA_URL')
  if (replica !== undefined && url(env, 'DATABASE_URL') === undefined) {
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: a read replica copies a PostgreSQL server, and embedded PGlite (no DATABASE_URL) has none. Set DATABASE_URL to the primary, or unset DATABASE_REPLICA_URL')
  }
  return replica
}

/** Reads the configuration; throws with a plain message when a value is wrong. */
export const loadConfig = (env: Env = process.env): Config => {
  const port = integer(env, 'PORT', 3000)
  const publicUrl = (url(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const dataDir = text(env, 'DATA_DIR') ?? './data'
  const databaseUrl = url(env, 'DATABASE_URL')
  // read (and refused when wrong) on PGlite too, so that a bad value does not wait for the move to PostgreSQL
  const webConcurrency = integer(env, 'WEB_CONCURRENCY', availableParallelism(), 1)
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    publicUrl,
    dataDir,
    databaseUrl,
    databaseReplicaUrl: replicaUrlFrom(env),
    smtpUrl: url(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Pronunciation Portal <no-reply@localhost>',
    sms: smsFrom(env),
    appLinks: {
      ios: url(env, 'APP_LINK_IOS') ?? 'https://apps.apple.com/app/id1083804886',
      android: url(env, 'APP_LINK_ANDROID') ?? 'https://play.google.com/store/apps/details?id=us.nineworlds.elsa',
    },
    oidc: oidcFrom(env),
    adminEmail: text(env, 'ADMIN_EMAIL') ?? 'admin@example.com',
    adminPassword: text(env, 'ADMIN_PASSWORD'),
    sessionTtl: integer(env, 'SESSION_TTL', 14 * DAY, 1),
    invitationTtl: integer(env, 'INVITATION_TTL', 14 * DAY, 60),
    production: env.NODE_ENV === 'production',
    development: env.NODE_ENV === 'development',
    demo: env.NODE_ENV !== 'production' && text(env, 'DEMO') !== 'false',
    rateLimit: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW', 15 * 60, 1),
      perAddress: integer(env, 'RATE_LIMIT_PER_ADDRESS', 30, 1),
      perEmail: integer(env, 'RATE_LIMIT_PER_EMAIL', 5, 1),
      perEmailAllAddresses: integer(env, 'RATE_LIMIT_PER_EMAIL_ALL_ADDRESSES', 50, 1),
      resendPerInvitation: integer(env, 'RATE_LIMIT_RESEND_PER_INVITATION', 3, 1),
      practiceEventsPerHour: integer(env, 'PRACTICE_EVENTS_PER_HOUR', 1000, 1),
      practiceEventsPerDay: integer(env, 'PRACTICE_EVENTS_PER_DAY', 5000, 1),
      invitationsPerDay: integer(env, 'INVITATIONS_PER_DAY', 2000, 0),
      invitationsPerDayUnverified: integer(env, 'INVITATIONS_PER_DAY_UNVERIFIED', 200, 0),
    },
    trustProxy: trustProxyFrom(env),
    logLevel: logLevelFrom(env),
    filesDir: text(env, 'FILES_DIR') ?? `${dataDir}/files`,
    s3: s3From(env),
    requestTimeout: integer(env, 'REQUEST_TIMEOUT', 30, 1),
    keepAliveTimeout: integer(env, 'KEEP_ALIVE_TIMEOUT', 5, 1),
    webConcurrency: databaseUrl ? webConcurrency : 1,
    checkKeptReadings: checkKeptReadingsFrom(env),
  }
}
