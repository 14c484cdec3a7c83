import type { MailDelivery, OutgoingMail } from '../../server/services/mail.js'

/**
 * A mail server whose deliveries all wait until `release()` (given to startServer as `mailDelivery`):
 * an answer that still comes proves that it did not wait for its mail; `sent` then shows the mails
 * that the outbox's worker handed over after all.
 */
export const gatedMailer = () => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const sent: OutgoingMail[] = []
  const deliver: MailDelivery = async (mail) => {
    await gate
    sent.push(mail)
  }
  return { deliver, sent, release }
}

/** The answer of `call`, or 'no answer' when it has not come after `ms` (it waits for something it should not). */
export const answerWithin = <T>(call: Promise<T>, ms = 2000): Promise<T | 'no answer'> =>
  Promise.race([call, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms).unref())])
