import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Locales } from '../../locales/i18n-types.js'
import type { Clock } from '../auth/clock.js'
import { mailOutbox } from '../db/schema.js'
import type { Database } from '../db/store.js'
import { outboxWorker, PermanentFailure } from './outbox.js'

/**
 * Mail delivery behind one interface. Every mail is written to the outbox table first, in the request:
 * - without SMTP_URL that is the delivery (read it at /dev/mail in development);
 * - with SMTP_URL the outbox's worker (outbox.ts) then sends it through nodemailer, after the answer
 *   (a slow mail server slows no request down, and the time of an answer does not tell whether an
 *   address has an account), tries again when the server fails for a while, and records sent_at or
 *   the error. `close` waits for the deliveries in flight.
 */

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  language: Locales
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  /** Sends the mails due now and resolves when done (a no-op when the outbox is the delivery). */
  deliverDue(): Promise<void>
  /** Waits for the mails still being delivered. */
  close(): Promise<void>
}

const record = async (db: Database, mail: OutgoingMail, now: Date, nextAttemptAt: Date | null) => {
  await db.insert(mailOutbox).values({ ...mail, createdAt: now, nextAttemptAt })
}

/** Mails stay in the outbox. */
export const outboxMailer = (db: Database, clock: Clock): Mailer => ({
  send: (mail) => record(db, mail, clock(), null),
  deliverDue: async () => {},
  close: async () => {},
})

/** SMTP answers 4xx for "try again later", 5xx for a refusal that stands. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500
}

/** Mails go out through an SMTP server, queued in the outbox. */
export const smtpMailer = (
  db: Database,
  clock: Clock,
  options: { smtpUrl: string; from: string; log: FastifyBaseLogger },
): Mailer => {
  const transport = nodemailer.createTransport(options.smtpUrl)
  const worker = outboxWorker({
    db,
    clock,
    log: options.log,
    table: mailOutbox,
    deliver: async (mail) => {
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      } catch (error) {
        throw isPermanent(error) ? new PermanentFailure(error instanceof Error ? error.message : String(error)) : error
      }
      return undefined
    },
  })
  return {
    send: async (mail) => {
      const now = clock()
      await record(db, mail, now, now)
      worker.kick()
    },
    deliverDue: worker.deliverDue,
    close: async () => {
      await worker.close()
      transport.close()
    },
  }
}
