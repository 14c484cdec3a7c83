import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Locales } from '../../locales/i18n-types.js'
import type { Clock } from '../auth/clock.js'
import { mailOutbox } from '../db/schema.js'
import type { Database } from '../db/store.js'

/**
 * Mail delivery behind one interface. Every mail is written to the outbox table first:
 * - without SMTP_URL that is the delivery (read it at /dev/mail in development);
 * - with SMTP_URL it is then sent by nodemailer, and the row records sent_at or the error.
 * SMTP sending happens after the answer so that a slow mail server slows no request down
 * (and the time of an answer does not tell whether an address has an account); `close` waits for it.
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
  /** Waits for the mails still being delivered. */
  close(): Promise<void>
}

const record = async (db: Database, mail: OutgoingMail, now: Date): Promise<number> => {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, language: mail.language, createdAt: now })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('The outbox did not store the mail')
  return row.id
}

/** Mails stay in the outbox. */
export const outboxMailer = (db: Database, clock: Clock): Mailer => ({
  send: async (mail) => {
    await record(db, mail, clock())
  },
  close: async () => {},
})

/** Mails go out through an SMTP server and are recorded in the outbox. */
export const smtpMailer = (
  db: Database,
  clock: Clock,
  options: { smtpUrl: string; from: string; log: FastifyBaseLogger },
): Mailer => {
  const transport = nodemailer.createTransport(options.smtpUrl)
  const pending = new Set<Promise<void>>()
  const deliver = async (id: number, mail: OutgoingMail) => {
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      await db.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, id))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      options.log.error({ mailId: id, err: error }, 'mail delivery failed')
      await db
        .update(mailOutbox)
        .set({ error: message.slice(0, 2000) })
        .where(eq(mailOutbox.id, id))
        .catch(() => {})
    }
  }
  return {
    send: async (mail) => {
      const id = await record(db, mail, clock())
      const delivery = deliver(id, mail).finally(() => pending.delete(delivery))
      pending.add(delivery)
    },
    close: async () => {
      await Promise.allSettled([...pending])
      transport.close()
    },
  }
}
