import type { Temporal } from 'temporal-polyfill'
import type { Locales } from '../../locales/i18n-types.js'
import type { Translator } from '../../locales/server.js'
import type { OutgoingMail } from './mail.js'

/**
 * The one layout of every mail: a greeting, a paragraph, a button with the link, the link written out,
 * until when the link works (for a link that expires), a footer and the signature. Text and simple HTML,
 * both in the recipient's language. The written-out link wraps anywhere, so that no mail client shows a
 * line wider than a phone's screen.
 */

export interface MailContent {
  to: string
  language: Locales
  t: Translator
  subject: string
  greeting: string
  body: string
  action: string
  link: string
  /** When the link stops working; the mail says until when, in the recipient's language. */
  expires?: Temporal.ZonedDateTime
  /** A second way on, below the first (a login link next to a reset link). */
  also?: { action: string; link: string }
  footer: string
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export const composeMail = (content: MailContent): OutgoingMail => {
  const { t } = content
  const expires = content.expires ? t.mail.linkExpires({ expires: content.expires }) : undefined
  const text = [
    content.greeting,
    '',
    content.body,
    '',
    `${content.action}: ${content.link}`,
    ...(expires ? [expires] : []),
    ...(content.also ? ['', `${content.also.action}: ${content.also.link}`] : []),
    '',
    content.footer,
    '',
    '-- ',
    t.mail.signature(),
    '',
  ].join('\n')
  const link = escapeHtml(content.link)
  const expiresHtml = expires ? `<p style="font-size: 13px; color: #57606a;">${escapeHtml(expires)}</p>\n` : ''
  const alsoHtml = content.also
    ? `<p>${escapeHtml(content.also.action)}: <a href="${escapeHtml(content.also.link)}">${escapeHtml(content.also.link)}</a></p>\n`
    : ''
  const html = `<!doctype html>
<html lang="${escapeHtml(content.language)}">
<head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328; max-width: 560px; margin: 0 auto; padding: 24px;">
<p>${escapeHtml(content.greeting)}</p>
<p>${escapeHtml(content.body)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(content.action)}</a></p>
<p style="font-size: 13px; color: #57606a; overflow-wrap: anywhere; word-break: break-all;">${escapeHtml(t.mail.linkFallback())}<br><a href="${link}">${link}</a></p>
${expiresHtml}${alsoHtml}<p style="font-size: 13px; color: #57606a;">${escapeHtml(content.footer)}</p>
<p>${escapeHtml(t.mail.signature())}</p>
</body>
</html>
`
  return { to: content.to, subject: content.subject, text, html, language: content.language }
}
