import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { requireAuth } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import type { Call, Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'
import { composeMail } from '../services/mail-layout.js'
import { commitThenSend } from '../services/outbox.js'
import { limitAppLink } from '../services/rate-limit.js'

/**
 * The start-learning screen's "send me the app": the app store link of the chosen platform, by mail
 * (POST /v1/invitations/email) or by text message (POST /v1/invitations/sms), in the requester's
 * language. Written to the outbox in a transaction of its own (no other row changes) and delivered by
 * its worker once that has committed; counted per person and per destination.
 */

type Platform = 'ios' | 'android'

const storeLink = (app: AppContext, platform: Platform) => app.config.appLinks[platform]

export const sendAppLinkByEmail: Handler<'sendAppLinkByEmail'> = async (call) => {
  const { body, app, t, locale } = call
  await limitAppLink(app.limiter, t, requireAuth(call).user.id, body.email)
  const m = t.mail.appLink
  const mail = composeMail({
    to: body.email,
    language: locale,
    t,
    subject: m.subject(),
    greeting: m.greeting(),
    body: m.body({ platform: m[body.application]() }),
    action: m.action(),
    link: storeLink(app, body.application),
    footer: m.footer(),
  })
  await commitThenSend(app, (tx) => app.mailer.queue(tx, mail))
  return { detail: m.mailed({ email: body.email }) }
}

/**
 * The number in E.164 (+, dial code, number), or a field error: the contract has checked the shape
 * ('Phone should be a number'); libphonenumber-js's metadata checks that the dial code's country uses
 * such a number (its length and leading digits).
 */
const e164 = ({ body, t }: Call<'sendAppLinkBySms'>): string => {
  const [code = '', number = ''] = body.phone.split(' ')
  const parsed = parsePhoneNumberFromString(`+${code.replace(/^\+/, '')}${number}`)
  if (!parsed?.isValid()) throw fieldErrors({ phone: t.mail.appLink.phoneInvalid() })
  return parsed.number
}

export const sendAppLinkBySms: Handler<'sendAppLinkBySms'> = async (call) => {
  const { body, app, t, locale } = call
  const { user } = requireAuth(call)
  const to = e164(call)
  await limitAppLink(app.limiter, t, user.id, to)
  const text = t.mail.appLink.sms({ link: storeLink(app, body.application) })
  await commitThenSend(app, (tx) => app.sms.queue(tx, { to, language: locale, text }))
  return { detail: t.mail.appLink.texted({ phone: body.phone }) }
}
