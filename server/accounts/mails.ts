import type { Locales } from '../../locales/i18n-types.js'
import { isLocale } from '../../locales/languages.js'
import { translatorFor } from '../../locales/server.js'
import { inUtc } from '../auth/clock.js'
import type { IssuedToken } from '../auth/one-time-tokens.js'
import type { AppContext } from '../context.js'
import type { UserRow } from '../db/schema.js'
import { composeMail } from '../services/mail-layout.js'

/**
 * The mails of the accounts area, each in the recipient's stored language. A mail with a one-time link
 * takes the issued token and says until when its link works.
 */

const languageOf = (user: UserRow): Locales => (isLocale(user.language) ? user.language : 'en')

const link = (app: AppContext, path: string, token: string) =>
  `${app.config.publicUrl}${path}?token=${encodeURIComponent(token)}`

export const confirmAccountLink = (app: AppContext, token: string) => link(app, '/confirm-account', token)
export const resetPasswordLink = (app: AppContext, token: string) => link(app, '/reset-password', token)
export const undoEmailChangeLink = (app: AppContext, token: string) => link(app, '/undo-email-change', token)

export const sendConfirmAccountMail = async (app: AppContext, user: UserRow, { token, expiresAt }: IssuedToken) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.confirmAccount
  await app.mailer.send(
    composeMail({
      to: user.email,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body(),
      action: m.action(),
      link: confirmAccountLink(app, token),
      expires: inUtc(expiresAt),
      footer: m.footer(),
    }),
  )
}

/** To the new address of an e-mail change. */
export const sendConfirmNewEmailMail = async (
  app: AppContext,
  user: UserRow,
  newEmail: string,
  { token, expiresAt }: IssuedToken,
) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.confirmNewEmail
  await app.mailer.send(
    composeMail({
      to: newEmail,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: newEmail }),
      action: m.action(),
      link: confirmAccountLink(app, token),
      expires: inUtc(expiresAt),
      footer: m.footer(),
    }),
  )
}

/** To the current (old) address when a change to `newEmail` is asked for, with the undo link. */
export const sendEmailChangeRequestedMail = async (
  app: AppContext,
  user: UserRow,
  newEmail: string,
  { token, expiresAt }: IssuedToken,
) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.emailChangeRequested
  await app.mailer.send(
    composeMail({
      to: user.email,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: newEmail }),
      action: m.action(),
      link: undoEmailChangeLink(app, token),
      expires: inUtc(expiresAt),
      footer: m.footer(),
    }),
  )
}

/** To the old address once an e-mail change is confirmed. */
export const sendEmailChangedMail = async (app: AppContext, user: UserRow, oldEmail: string, newEmail: string) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.emailChanged
  await app.mailer.send(
    composeMail({
      to: oldEmail,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: newEmail }),
      action: m.action(),
      link: `${app.config.publicUrl}/profile`,
      footer: m.footer(),
    }),
  )
}

export const sendResetPasswordMail = async (app: AppContext, user: UserRow, { token, expiresAt }: IssuedToken) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.resetPassword
  await app.mailer.send(
    composeMail({
      to: user.email,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body(),
      action: m.action(),
      link: resetPasswordLink(app, token),
      expires: inUtc(expiresAt),
      footer: m.footer(),
    }),
  )
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up answered as for a new account,
 * so the owner learns of it here, with the way to log in and a reset link in case the password is lost.
 */
export const sendSignUpAttemptMail = async (app: AppContext, user: UserRow, { token, expiresAt }: IssuedToken) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.signUpAttempt
  await app.mailer.send(
    composeMail({
      to: user.email,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body({ email: user.email }),
      action: m.action(),
      link: resetPasswordLink(app, token),
      expires: inUtc(expiresAt),
      also: { action: m.login(), link: `${app.config.publicUrl}/login` },
      footer: m.footer(),
    }),
  )
}

export const sendPasswordChangedMail = async (app: AppContext, user: UserRow) => {
  const language = languageOf(user)
  const t = translatorFor(language)
  const m = t.mail.passwordChanged
  await app.mailer.send(
    composeMail({
      to: user.email,
      language,
      t,
      subject: m.subject(),
      greeting: m.greeting({ name: user.firstName }),
      body: m.body(),
      action: m.action(),
      link: `${app.config.publicUrl}/login`,
      footer: m.footer(),
    }),
  )
}
