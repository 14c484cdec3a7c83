import type { Locales } from '../../locales/i18n-types.js'
import { isLocale } from '../../locales/languages.js'
import { translatorFor, type Translator } from '../../locales/server.js'
import { inUtc } from '../auth/clock.js'
import type { IssuedToken } from '../auth/one-time-tokens.js'
import type { AppContext } from '../context.js'
import type { UserRow } from '../db/schema.js'
import type { Transaction } from '../db/store.js'
import { composeMail, type MailContent } from '../services/mail-layout.js'

/**
 * The mails of the accounts area, each in the recipient's stored language. A mail with a one-time link
 * takes the issued token and says until when its link works. Each is written to the outbox in `tx`, the
 * transaction of the change that causes it (the token's issue, the password's change, ...), which the
 * caller runs through `commitThenSend` so that the worker sends it once that has committed.
 */

const languageOf = (user: UserRow): Locales => (isLocale(user.language) ? user.language : 'en')

const link = (app: AppContext, path: string, token: string) =>
  `${app.config.publicUrl}${path}?token=${encodeURIComponent(token)}`

/** With `next` (the sign-up's page to come back to, e.g. a join link): the login after confirming goes there. */
export const confirmAccountLink = (app: AppContext, token: string, next?: string) =>
  `${link(app, '/confirm-account', token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`
export const resetPasswordLink = (app: AppContext, token: string) => link(app, '/reset-password', token)
export const undoEmailChangeLink = (app: AppContext, token: string) => link(app, '/undo-email-change', token)

/** A mail to `user`, at `to` (their address by default), in their language and the one layout, written in `tx`. */
const sendToUser = async (
  app: AppContext,
  tx: Transaction,
  user: UserRow,
  write: (t: Translator) => Omit<MailContent, 'to' | 'language' | 't'>,
  to = user.email,
) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  await app.mailer.queue(tx, composeMail({ to, language, t, ...write(t) }))
}

export const sendConfirmAccountMail = (app: AppContext, tx: Transaction, user: UserRow, { token, expiresAt }: IssuedToken, next?: string) =>
  sendToUser(app, tx, user, ({ mail: { confirmAccount: m } }) => ({
    subject: m.subject(),
    greeting: m.greeting({ name: user.firstName }),
    body: m.body(),
    action: m.action(),
    link: confirmAccountLink(app, token, next),
    expires: inUtc(expiresAt),
    footer: m.footer(),
  }))

/** To the new address of an e-mail change. */
export const sendConfirmNewEmailMail = (app: AppContext, tx: Transaction, user: UserRow, newEmail: string, { token, expiresAt }: IssuedToken) =>
  sendToUser(
    app,
    tx,
    user,
    ({ mail: { confirmNewEmail: m } }) => ({
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: newEmail }),
      action: m.action(),
      link: confirmAccountLink(app, token),
      expires: inUtc(expiresAt),
      footer: m.footer(),
    }),
    newEmail,
  )

/** To the current (old) address when a change to `newEmail` is asked for, with the undo link. */
export const sendEmailChangeRequestedMail = (
  app: AppContext,
  tx: Transaction,
  user: UserRow,
  newEmail: string,
  { token, expiresAt }: IssuedToken,
) =>
  sendToUser(app, tx, user, ({ mail: { emailChangeRequested: m } }) => ({
    subject: m.subject(),
    greeting: m.greeting({ name: user.firstName }),
    body: m.body({ email: newEmail }),
    action: m.action(),
    link: undoEmailChangeLink(app, token),
    expires: inUtc(expiresAt),
    footer: m.footer(),
  }))

/** To the old address once an e-mail change is confirmed. */
export const sendEmailChangedMail = (app: AppContext, tx: Transaction, user: UserRow, oldEmail: string, newEmail: string) =>
  sendToUser(
    app,
    tx,
    user,
    ({ mail: { emailChanged: m } }) => ({
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: newEmail }),
      action: m.action(),
      link: `${app.config.publicUrl}/profile`,
      footer: m.footer(),
    }),
    oldEmail,
  )

export const sendResetPasswordMail = (app: AppContext, tx: Transaction, user: UserRow, { token, expiresAt }: IssuedToken) =>
  sendToUser(app, tx, user, ({ mail: { resetPassword: m } }) => ({
    subject: m.subject(),
    greeting: m.greeting({ name: user.firstName }),
    body: m.body(),
    action: m.action(),
    link: resetPasswordLink(app, token),
    expires: inUtc(expiresAt),
    footer: m.footer(),
  }))

/**
 * To the owner of an address someone tried to sign up with: the sign-up answered as for a new account,
 * so the owner learns of it here, with the way to log in and a reset link in case the password is lost.
 */
export const sendSignUpAttemptMail = (app: AppContext, tx: Transaction, user: UserRow, { token, expiresAt }: IssuedToken) =>
  sendToUser(app, tx, user, ({ mail: { signUpAttempt: m } }) => ({
    subject: m.subject(),
    greeting: m.greeting({ name: user.firstName }),
    body: m.body({ email: user.email }),
    action: m.action(),
    link: resetPasswordLink(app, token),
    expires: inUtc(expiresAt),
    also: { action: m.login(), link: `${app.config.publicUrl}/login` },
    footer: m.footer(),
  }))

export const sendPasswordChangedMail = (app: AppContext, tx: Transaction, user: UserRow) =>
  sendToUser(app, tx, user, ({ mail: { passwordChanged: m } }) => ({
    subject: m.subject(),
    greeting: m.greeting({ name: user.firstName }),
    body: m.body(),
    action: m.action(),
    link: `${app.config.publicUrl}/login`,
    footer: m.footer(),
  }))
