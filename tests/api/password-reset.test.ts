import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema.js'
import { answerWithin, gatedMailer } from './gated-mailer.js'
import { countRows, createUser, login, startServer, type TestServer } from './harness.js'

/** Password recovery by the mailed link. */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const ask = (email: string) => server.api('POST', '/v1/accounts/reset_password/', { body: { email } })
const confirm = (token: string | null, password: string) =>
  server.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token, password } })
const loginWith = (email: string, password: string) =>
  server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password } })

describe('password reset', () => {
  it('resets with the mailed link and ends every session', async () => {
    const user = await createUser(server, { email: 'forgetful@example.com', firstName: 'Fran' })
    const token = await login(server, 'forgetful@example.com')
    const reply = await ask('Forgetful@example.com')
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ detail: 'If an account exists for this email, we sent it a link to reset the password.' })

    const [mail] = await server.mails('forgetful@example.com')
    expect(mail?.subject).toBe('Reset your password')
    expect(mail?.text).toContain('Hi Fran,')
    const link = await server.linkFor('forgetful@example.com', '/reset-password')
    const done = await confirm(link.searchParams.get('token'), 'remembered now')
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ detail: 'Your password has been changed. You can log in with it now.' })

    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body).toEqual({ detail: 'Session expired' })
    expect((await loginWith('forgetful@example.com', 'a fine passphrase')).status).toBe(400)
    expect((await loginWith('forgetful@example.com', 'remembered now')).status).toBe(200)
    // a link works once
    const again = await confirm(link.searchParams.get('token'), 'third time lucky')
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ token: ['This password reset link is invalid or has expired.'] })
  })

  it('answers the same for an unknown address, and mails nothing', async () => {
    const before = await countRows(server, 'mail_outbox')
    const unknown = await ask('nobody-here@example.com')
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual({ detail: 'If an account exists for this email, we sent it a link to reset the password.' })
    expect(await countRows(server, 'mail_outbox')).toBe(before)
  })

  it('keeps the link when the new password is refused', async () => {
    await createUser(server, { email: 'picky@example.com' })
    await ask('picky@example.com')
    const token = (await server.linkFor('picky@example.com', '/reset-password')).searchParams.get('token')
    const common = await confirm(token, 'password1')
    expect(common.status).toBe(400)
    expect(common.body).toEqual({ password: ['This password is too common. Choose another one.'] })
    const short = await confirm(token, 'abc')
    expect(short.body).toEqual({ password: ['Password should have at least 6 characters'] })
    expect((await confirm(token, 'a much better one')).status).toBe(200)
  })

  it('retires the older link when a new one is asked for', async () => {
    await createUser(server, { email: 'twice@example.com' })
    await ask('twice@example.com')
    const first = (await server.linkFor('twice@example.com', '/reset-password')).searchParams.get('token')
    await ask('twice@example.com')
    const second = (await server.linkFor('twice@example.com', '/reset-password')).searchParams.get('token')
    expect(second).not.toBe(first)
    expect((await confirm(first, 'first try here')).status).toBe(400)
    expect((await confirm(second, 'second try here')).status).toBe(200)
  })

  it('expires the link after an hour', async () => {
    await createUser(server, { email: 'slow@example.com' })
    await ask('slow@example.com')
    const token = (await server.linkFor('slow@example.com', '/reset-password')).searchParams.get('token')
    server.advance(3601)
    expect((await confirm(token, 'too slow again')).status).toBe(400)
  })

  it('confirms the e-mail of an account that never opened its confirmation link', async () => {
    const user = await createUser(server, { email: 'unconfirmed@example.com', confirmed: false })
    await ask('unconfirmed@example.com')
    const token = (await server.linkFor('unconfirmed@example.com', '/reset-password')).searchParams.get('token')
    expect((await confirm(token, 'proved by the link')).status).toBe(200)
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.confirmedAt).not.toBeNull()
    expect((await loginWith('unconfirmed@example.com', 'proved by the link')).status).toBe(200)
  })

  it('refuses a made-up token', async () => {
    const reply = await confirm('made-up-token', 'whatever it is')
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ token: ['This password reset link is invalid or has expired.'] })
  })
})

describe('the reset mail says until when its link works', () => {
  // 23:30 UTC: the hour of the link ends on the next day, in UTC, whatever the zone of the server's machine
  let fixed: TestServer
  beforeAll(async () => {
    fixed = await startServer({ now: '2025-03-05T23:30:00Z' })
  })
  afterAll(() => fixed.close())

  // ICU writes U+0020 or U+202F before AM/PM depending on its version; a reader sees a space either way
  const spaced = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/gu, ' ')
  const askFixed = (email: string) => fixed.api('POST', '/v1/accounts/reset_password/', { body: { email } })
  const confirmFixed = (token: string | null, password: string) =>
    fixed.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token, password } })

  it('in Japanese, written the Japanese way', async () => {
    await createUser(fixed, { email: 'jikan@example.jp', language: 'ja', firstName: '花子' })
    await askFixed('jikan@example.jp')
    const [mail] = await fixed.mails('jikan@example.jp')
    expect(mail?.language).toBe('ja')
    expect(mail?.text).toContain('このリンクの有効期限は 2025/03/06 00:30 UTC です。')
    expect(mail?.html).toContain('このリンクの有効期限は 2025/03/06 00:30 UTC です。')
    expect(mail?.text).not.toContain('This link works until')
  })

  it('in English: an hour after now, in UTC, and the link stops working then', async () => {
    await createUser(fixed, { email: 'hour@example.com' })
    await askFixed('hour@example.com')
    const [mail] = await fixed.mails('hour@example.com')
    // right under the link
    expect(spaced(mail?.text)).toMatch(
      /\nChoose a new password: http:\/\/portal\.test\/reset-password\?token=\S+\nThis link works until 03\/06\/2025, 12:30 AM UTC\.\n/,
    )
    expect(spaced(mail?.html)).toContain('>This link works until 03/06/2025, 12:30 AM UTC.</p>')

    const token = (await fixed.linkFor('hour@example.com', '/reset-password')).searchParams.get('token')
    fixed.advance(3599)
    // 00:29:59: still usable (a refused password does not spend the link)
    expect((await confirmFixed(token, 'abc')).body).toEqual({ password: ['Password should have at least 6 characters'] })
    fixed.advance(1)
    // 00:30:00, the time the mail gave: no longer
    expect((await confirmFixed(token, 'right on time')).body).toEqual({ token: ['This password reset link is invalid or has expired.'] })
  })
})

describe('the answer of a reset request does not wait for its mail', () => {
  it('answers for a real account before its mail is released; the mail goes out afterwards', async () => {
    const gated = gatedMailer()
    const held = await startServer({ mailDelivery: gated.deliver })
    try {
      await createUser(held, { email: 'real@example.com', firstName: 'Rea' })
      const real = await answerWithin(held.api('POST', '/v1/accounts/reset_password/', { body: { email: 'real@example.com' } }))
      const unknown = await answerWithin(held.api('POST', '/v1/accounts/reset_password/', { body: { email: 'none@example.com' } }))
      if (real === 'no answer' || unknown === 'no answer') throw new Error('the reset request waited for its mail')
      expect(real.status).toBe(200)
      expect(real.body).toEqual(unknown.body)
      expect(gated.sent).toEqual([])

      gated.release()
      await held.app.portal.background.settled()
      await held.app.portal.mailer.deliverDue()
      expect(gated.sent.map((mail) => [mail.to, mail.subject])).toEqual([['real@example.com', 'Reset your password']])
    } finally {
      await held.close()
    }
  })

  it('does not lose a mail still waiting when the server closes', async () => {
    const gated = gatedMailer()
    const held = await startServer({ mailDelivery: gated.deliver })
    await createUser(held, { email: 'late@example.com' })
    expect((await held.api('POST', '/v1/accounts/reset_password/', { body: { email: 'late@example.com' } })).status).toBe(200)
    const closing = held.close()
    gated.release()
    await closing
    expect(gated.sent.map((mail) => mail.to)).toEqual(['late@example.com'])
  })

  it('logs a mail that could not be sent, and the answer is the same', async () => {
    const lines: string[] = []
    const failing = await startServer({
      mailDelivery: async () => {
        throw new Error('the mail server is down')
      },
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    })
    try {
      await createUser(failing, { email: 'unlucky@example.com' })
      const reply = await failing.api('POST', '/v1/accounts/reset_password/', { body: { email: 'unlucky@example.com' } })
      expect(reply.status).toBe(200)
      await failing.app.portal.background.settled()
      await failing.app.portal.mailer.deliverDue()
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; outbox: string; err: { message: string } })
      expect(logged).toEqual([
        expect.objectContaining({ msg: 'message delivery failed', outbox: 'mail_outbox', err: expect.objectContaining({ message: 'the mail server is down' }) }),
      ])
      // kept for the next attempt, with its error
      const [row] = await failing.db.query.mailOutbox.findMany()
      expect(row).toMatchObject({ to: 'unlucky@example.com', sentAt: null, attempts: 1, error: 'the mail server is down' })
    } finally {
      await failing.close()
    }
  })
})
