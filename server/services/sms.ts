import type { FastifyBaseLogger } from 'fastify'
import type { Locales } from '../../locales/i18n-types.js'
import type { Clock } from '../auth/clock.js'
import type { SmsConfig } from '../config.js'
import { smsOutbox } from '../db/schema.js'
import type { Database, Transaction } from '../db/store.js'
import { insertOutboxRows, outboxWorker, PermanentFailure } from './outbox.js'

/**
 * Text messages behind one interface, the same shape as mail (mail.ts). Every message is written to
 * the sms_outbox table in the transaction of the change that causes it (`queue` takes it):
 * - without SMS_* that is the delivery (read it at /dev/mail in development);
 * - with SMS_* the outbox's worker (outbox.ts) sends it through the provider's REST API (Twilio's:
 *   POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body, basic
 *   authentication with the account SID and auth token), after the answer, and tries again while the
 *   provider fails for a while; the row records the provider's message id or the error. `kick` starts
 *   the worker once the transaction that queued messages has committed.
 */

export interface OutgoingSms {
  /** E.164: +, country code, number. */
  to: string
  text: string
  language: Locales
}

export interface SmsSender {
  /** Writes a message to the outbox in `tx`, the transaction of the change that causes it. */
  queue(tx: Transaction, sms: OutgoingSms): Promise<void>
  /** Starts delivering what is due, in the background: called once the transaction that queued messages has committed. */
  kick(): void
  /** Sends the messages due now and resolves when done (a no-op when the outbox is the delivery). */
  deliverDue(): Promise<void>
  /** Waits for the messages still being delivered. */
  close(): Promise<void>
}

/** Messages stay in the outbox. */
export const outboxSms = (clock: Clock): SmsSender => ({
  queue: (tx, sms) => insertOutboxRows(tx, smsOutbox, [{ ...sms, createdAt: clock() }]),
  kick: () => {},
  deliverDue: async () => {},
  close: async () => {},
})

/** The provider's answer is awaited this long; a slower one counts as a failure to try again. */
const PROVIDER_TIMEOUT_MS = 10_000

/** Sends one message through Twilio's REST API; answers its message SID. */
const sendThroughTwilio = async (config: SmsConfig, sms: { to: string; text: string }): Promise<string> => {
  const address = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const response = await fetch(address, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ To: sms.to, From: config.from, Body: sms.text }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown; code?: unknown }
  if (response.ok && typeof answer.sid === 'string') return answer.sid
  const reason = `${response.status} ${typeof answer.message === 'string' ? answer.message : response.statusText}`
  // 429 and 5xx pass; any other refusal (a number it cannot reach, wrong credentials) stands
  if (response.status === 429 || response.status >= 500) throw new Error(reason)
  throw new PermanentFailure(reason)
}

/** Messages go out through the provider, queued in the outbox. */
export const providerSms = (db: Database, clock: Clock, options: { config: SmsConfig; log: FastifyBaseLogger }): SmsSender => {
  const worker = outboxWorker({
    db,
    clock,
    log: options.log,
    table: smsOutbox,
    deliver: (sms) => sendThroughTwilio(options.config, sms),
  })
  return {
    queue: (tx, sms) => {
      const now = clock()
      return insertOutboxRows(tx, smsOutbox, [{ ...sms, createdAt: now, nextAttemptAt: now }])
    },
    kick: worker.kick,
    deliverDue: worker.deliverDue,
    close: worker.close,
  }
}
