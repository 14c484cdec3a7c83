import type { Mailer, OutgoingMail } from '../../server/services/mail.js'

/**
 * A mailer whose deliveries all wait until `release()`: an answer that still comes proves that it did not
 * wait for its mail; `sent` then shows the mails that went out after all.
 */
export const gatedMailer = () => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const sent: OutgoingMail[] = []
  const mailer: Mailer = {
    send: async (mail) => {
      await gate
      sent.push(mail)
    },
    deliverDue: async () => {},
    close: async () => {},
  }
  return { mailer, sent, release }
}

/** The answer of `call`, or 'no answer' when it has not come after `ms` (it waits for something it should not). */
export const answerWithin = <T>(call: Promise<T>, ms = 2000): Promise<T | 'no answer'> =>
  Promise.race([call, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms).unref())])
