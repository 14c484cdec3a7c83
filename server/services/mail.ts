import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Locales } from '../../locales/i18n-types.js'
import type { Clock } from '../auth/clock.js'
import { mailOutbox } from '../db/schema.js'
import type { Database, Transaction } from '../db/store.js'
import { insertOutboxRows, outboxWorker, PermanentFailure } from './outbox.js'

/**
 * Mail behind one interface, DESIGN.md's "messages out". A mail is written to the outbox table in the
 * transaction of the change that causes it (`queue` takes that transaction, and nothing else writes a
 * mail), so a change that committed has its mails and one rolled back, or cut off by a crash, has none:
 * nobody is mailed twice and nobody is forgotten.
 * - without SMTP_URL the outbox is the delivery (read it at /dev/mail in development);
 * - with SMTP_URL (or a delivery given by a test) the outbox's worker (outbox.ts) sends the mails once
 *   their transaction has committed (`kick`), after the answer, tries again when the server fails for
 *   a while, and records sent_at or the error. `close` waits for the deliveries in flight.
 */

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  language: Locales
}

/** Hands one mail to a mail server; throws PermanentFailure for a refusal that will not pass. */
export type MailDelivery = (mail: OutgoingMail) => Promise<void>

export interface Mailer {
  /** Writes mails to the outbox in `tx`, the transaction of the change that causes them (many in a few statements). */
  queue(tx: Transaction, mails: OutgoingMail | readonly OutgoingMail[]): Promise<void>
  /** Starts delivering what is due, in the background: called once the transaction that queued mails has committed. */
  kick(): void
  /** Sends the mails due now and resolves when done (a no-op when the outbox is the delivery). */
  deliverDue(): Promise<void>
  /** Waits for the mails still being delivered. */
  close(): Promise<void>
}

const listOf = (mails: OutgoingMail | readonly OutgoingMail[]): readonly OutgoingMail[] =>
  Array.isArray(mails) ? mails : [mails as OutgoingMail]

/** Mails stay in the outbox. */
export const outboxMailer = (clock: Clock): Mailer => ({
  queue: (tx, mails) =>
    insertOutboxRows(
      tx,
      mailOutbox,
      listOf(mails).map((mail) => ({
        ...mail,
        createdAt: clock(),
        nextAttemptAt: null,
      })),
    ),
  kick: () => {},
  deliverDue: async () => {},
  close: async () => {},
})

/** Mails queued in the outbox and handed to `deliver` by its worker. */
export const deliveringMailer = (
  db: Database,
  clock: Clock,
  options: {
    deliver: MailDelivery
    log: FastifyBaseLogger
    close?: () => void
  },
): Mailer => {
  const worker = outboxWorker({
    db,
    clock,
    log: options.log,
    table: mailOutbox,
    deliver: async (row) => {
      await options.deliver({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        language: row.language as Locales,
      })
      return undefined
    },
  })
  return {
    queue: (tx, mails) => {
      const now = clock()
      return insertOutboxRows(
        tx,
        mailOutbox,
        listOf(mails).map((mail) => ({
          ...mail,
          createdAt: now,
          nextAttemptAt: now,
        })),
      )
    },
    kick: worker.kick,
    deliverDue: worker.deliverDue,
    close: async () => {
      await worker.close()
      options.close?.()
    },
  }
}

/** SMTP answers 4xx for "try again later", 5xx for a refusal that stands. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500
}

/** Mails go out through an SMTP server, queued in the outbox. */
export const smtpMailer = (db: Database, clock: Clock, options: { smtpUrl: string; from: string; log: FastifyBaseLogger }): Mailer => {
  const transport = nodemailer.createTransport(options.smtpUrl)
  return deliveringMailer(db, clock, {
    log: options.log,
    deliver: async (mail) => {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
      } catch (error) {
        throw isPermanent(error) ? new PermanentFailure(error instanceof Error ? error.message : String(error)) : error
      }
    },
    close: () => transport.close(),
  })
}
