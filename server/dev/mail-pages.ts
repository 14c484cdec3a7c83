import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { mailOutbox, smsOutbox } from '../db/schema.js'
import type { Database } from '../db/store.js'
import { devPagesPolicy } from '../http/security-headers.js'

/**
 * Development only (NODE_ENV=development said explicitly): the outboxes as pages, so that the links of
 * confirmation, reset and invitation mails and of text messages can be opened without a mail server or
 * an SMS provider. They hand out those links, so they answer only a client on this machine (loopback)
 * and 404 to anyone else. The mails are shown when no SMTP is set, the text messages when no SMS
 * provider is.
 * - GET /dev/mail: the mails and text messages, newest first, with their links
 * - GET /dev/mail/:id: one mail, its text with clickable links and its HTML
 * - GET /dev/mail.json (?to=address): the mails as JSON, for scripts and end-to-end tests
 * - GET /dev/sms.json (?to=+number): the text messages as JSON
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const LINK = /https?:\/\/[^\s<>"']+/g

export const linksOf = (text: string): string[] => [...new Set(text.match(LINK) ?? [])]

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2328; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
pre { white-space: pre-wrap; background: #f6f8fa; padding: 1rem; border-radius: 6px; }
iframe { width: 100%; height: 28rem; border: 1px solid #d0d7de; border-radius: 6px; }
small { color: #57606a; }
</style></head>
<body>${body}</body></html>
`

/**
 * The address of the socket itself, not the client address of X-Forwarded-For: behind TRUST_PROXY a
 * remote client could write "127.0.0.1" there. (Behind a proxy on this machine every client is
 * loopback: do not set NODE_ENV=development there.)
 */
const fromLoopback = (request: FastifyRequest): boolean => {
  const address = request.socket.remoteAddress ?? ''
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address)
}

const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!fromLoopback(request)) return reply.code(404).send({ detail: request.t.api.notFound() })
  reply.header('content-security-policy', devPagesPolicy)
}

/** ?to=address, checked like the contract's strings (no NUL, which the store refuses). */
const TO_ADDRESS = { type: 'object', properties: { to: { type: 'string', maxLength: 320 } } }

const smsSection = async (db: Database) => {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(200)
  const items = rows
    .map(
      (row) => `<tr><td>${escapeHtml(row.to)}<br><small>${escapeHtml(row.createdAt.toISOString())} · ${escapeHtml(row.language)}</small></td><td>${linkify(row.text)}</td></tr>`,
    )
    .join('\n')
  return `<h2>Text messages</h2>\n<p><small>Text messages the server wrote (no SMS provider is set, so none was sent).</small></p>\n${
    rows.length ? `<table><thead><tr><th>To</th><th>Text</th></tr></thead><tbody>${items}</tbody></table>` : '<p>No text message yet.</p>'
  }`
}

export const registerDevMailPages = (app: FastifyInstance, db: Database, shown: { mail: boolean; sms: boolean }): void => {
  if (shown.sms) {
    app.get('/dev/sms.json', { onRequest: loopbackOnly, schema: { querystring: TO_ADDRESS } }, async (request) => {
      const { to } = request.query as { to?: string }
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(to ? eq(smsOutbox.to, to) : undefined)
        .orderBy(desc(smsOutbox.id))
        .limit(200)
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        language: row.language,
        text: row.text,
        links: linksOf(row.text),
        created_at: row.createdAt.toISOString(),
      }))
    })
  }
  if (!shown.mail) {
    if (shown.sms) {
      app.get('/dev/mail', { onRequest: loopbackOnly }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(page('Outbox', `<h1>Outbox</h1>\n<p><small>Mails go out through SMTP.</small></p>\n${await smsSection(db)}`)),
      )
    }
    return
  }

  app.get('/dev/mail.json', { onRequest: loopbackOnly, schema: { querystring: TO_ADDRESS } }, async (request) => {
    const { to } = request.query as { to?: string }
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to}) = lower(${to})` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(200)
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      language: row.language,
      text: row.text,
      html: row.html,
      links: linksOf(row.text),
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      error: row.error,
    }))
  })

  app.get('/dev/mail', { onRequest: loopbackOnly }, async (_request, reply) => {
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200)
    const items = rows
      .map(
        (row) => `<tr>
<td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a><br><small>${escapeHtml(row.createdAt.toISOString())} · ${escapeHtml(row.language)}</small></td>
<td>${escapeHtml(row.to)}</td>
<td>${linksOf(row.text)
          .map((link) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
          .join('<br>')}</td></tr>`,
      )
      .join('\n')
    const body = rows.length
      ? `<table><thead><tr><th>Subject</th><th>To</th><th>Links</th></tr></thead><tbody>${items}</tbody></table>`
      : '<p>No mail yet. Sign up, ask for a password reset or invite someone, and the mail shows up here.</p>'
    const texts = shown.sms ? `\n${await smsSection(db)}` : ''
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Outbox', `<h1>Outbox</h1>\n<p><small>Mails the server wrote (no SMTP_URL is set, so none was sent).</small></p>\n${body}${texts}`))
  })

  app.get('/dev/mail/:id', { onRequest: loopbackOnly }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id)
    const [row] = Number.isInteger(id) && id > 0 ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : []
    if (!row) return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', '<p>No such mail. <a href="/dev/mail">Back to the outbox</a></p>'))
    return reply.type('text/html; charset=utf-8').send(
      page(
        row.subject,
        `<p><a href="/dev/mail">← Outbox</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<p>To ${escapeHtml(row.to)} · ${escapeHtml(row.language)} · ${escapeHtml(row.createdAt.toISOString())}</p>
<pre>${linkify(row.text)}</pre>
<h2>HTML</h2>
<iframe sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(row.html)}" title="HTML version"></iframe>`,
      ),
    )
  })
}
