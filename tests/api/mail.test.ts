import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertNoSecrets, startServer, type TestServer } from './harness.js'
import { startSmtp } from './smtp-sink.js'

/**
 * Delivery through SMTP_URL, against a minimal SMTP server (smtp-sink.ts): the mail goes out, and the
 * outbox records it as sent; a refused mail is recorded with its error and the request still succeeds.
 */

const waitFor = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let server: TestServer
  beforeAll(async () => {
    smtp = await startSmtp()
    server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.com>' } })
  })
  afterAll(async () => {
    await server.close()
    smtp.server.close()
  })

  it('sends the mail and records it as sent', async () => {
    const reply = await server.api('POST', '/v1/accounts/sign_in', {
      body: { first_name: 'Sam', last_name: 'Smtp', email: 'sam@example.com', password: 'through the wire' },
    })
    expect(reply.status).toBe(201)
    await waitFor(async () => smtp.received.length === 1)
    const [mail] = smtp.received
    expect(mail?.from).toContain('portal@example.com')
    expect(mail?.to.join()).toContain('sam@example.com')
    expect(mail?.data).toContain('Subject: Confirm your email address')
    expect(mail?.data).toMatch(/confirm-account\?token=/)
    await waitFor(async () => {
      const rows = await server.db.query.mailOutbox.findMany()
      return rows.length === 1 && rows[0]?.sentAt !== null
    })
  })

  it('has no development outbox pages', async () => {
    expect((await server.api('GET', '/dev/mail')).status).toBe(404)
  })
})

describe('a refused mail', () => {
  it('is recorded with its error, and the request still succeeds', async () => {
    const smtp = await startSmtp({ refuse: true })
    const server = await startServer({ env: { SMTP_URL: smtp.url } })
    try {
      const reply = await server.api('POST', '/v1/accounts/reset_password/', { body: { email: 'nobody@example.com' } })
      expect(reply.status).toBe(200)
      await server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Rita', last_name: 'Refused', email: 'rita@example.com', password: 'bounced mail' },
      })
      await waitFor(async () => {
        const rows = await server.db.query.mailOutbox.findMany()
        return rows.length === 1 && rows[0]?.error !== null
      })
      const [row] = await server.db.query.mailOutbox.findMany()
      expect(row?.sentAt).toBeNull()
      expect(row?.error).toMatch(/550|refused/)
      // a refusal that stands is not tried again
      expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null })
    } finally {
      await server.close()
      smtp.server.close()
    }
  })
})

describe('a mail server that is busy for a while', () => {
  it('gets the mail again after a minute, then after five, and the mail goes out once', async () => {
    const smtp = await startSmtp({ busyFor: 2 })
    const server = await startServer({ env: { SMTP_URL: smtp.url }, now: '2026-11-23T10:00:00Z' })
    try {
      await server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Bo', last_name: 'Busy', email: 'bo@example.com', password: 'a server asleep' },
      })
      const row = async () => (await server.db.query.mailOutbox.findMany())[0]
      await waitFor(async () => (await row())?.attempts === 1)
      expect(await row()).toMatchObject({ sentAt: null, error: expect.stringMatching(/451/), nextAttemptAt: new Date('2026-11-23T10:01:00Z') })

      // not due yet: nothing is tried
      await server.app.portal.mailer.deliverDue()
      expect((await row())?.attempts).toBe(1)

      server.advance(60)
      await server.app.portal.mailer.deliverDue()
      expect(await row()).toMatchObject({ attempts: 2, sentAt: null, nextAttemptAt: new Date('2026-11-23T10:06:00Z') })

      server.advance(5 * 60)
      await server.app.portal.mailer.deliverDue()
      expect(await row()).toMatchObject({ attempts: 3, error: null, nextAttemptAt: null, sentAt: new Date('2026-11-23T10:06:00Z') })
      expect(smtp.received).toHaveLength(1)

      server.advance(60 * 60)
      await server.app.portal.mailer.deliverDue()
      expect(smtp.received).toHaveLength(1)
    } finally {
      await server.close()
      smtp.server.close()
    }
  })

  it('gives up after five attempts, the error recorded', async () => {
    const smtp = await startSmtp({ busyFor: 100 })
    const server = await startServer({ env: { SMTP_URL: smtp.url }, now: '2026-11-23T10:00:00Z' })
    try {
      await server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Gus', last_name: 'Gone', email: 'gus@example.com', password: 'never delivered' },
      })
      const row = async () => (await server.db.query.mailOutbox.findMany())[0]
      await waitFor(async () => (await row())?.attempts === 1)
      for (const minutes of [1, 5, 30, 120]) {
        server.advance(minutes * 60)
        await server.app.portal.mailer.deliverDue()
      }
      expect(await row()).toMatchObject({ attempts: 5, sentAt: null, nextAttemptAt: null, error: expect.stringMatching(/451/) })
      server.advance(24 * 60 * 60)
      await server.app.portal.mailer.deliverDue()
      expect((await row())?.attempts).toBe(5)
    } finally {
      await server.close()
      smtp.server.close()
    }
  })
})

describe('the secret scan of the harness', () => {
  it('catches a password hash, a hash field and a password value', () => {
    expect(() => assertNoSecrets('{"x":"$argon2id$v=19$m=19456"}', 'test')).toThrow(/password hash/)
    expect(() => assertNoSecrets('{"user":{"password_hash":"abc"}}', 'test')).toThrow(/password_hash/)
    expect(() => assertNoSecrets('{"token_hash":"abc"}', 'test')).toThrow(/token_hash/)
    expect(() => assertNoSecrets('{"password":"hunter2"}', 'test')).toThrow(/password value/)
    expect(() => assertNoSecrets('{"password":["Please input password"],"has_password":true}', 'test')).not.toThrow()
  })
})
