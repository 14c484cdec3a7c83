import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox } from '../../server/db/schema.js'
import { createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * The start-learning screen's "send me the app": POST /v1/invitations/email and /v1/invitations/sms.
 * The mail and the text message go through their outboxes; text messages through Twilio's REST API
 * when SMS_* is set, checked here against a local HTTP server that reads the request as Twilio would.
 */

const IOS = 'https://apps.apple.com/app/id1083804886'
const ANDROID = 'https://play.google.com/store/apps/details?id=us.nineworlds.elsa'

describe('the app link by mail and by text message', () => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_PER_EMAIL: '3' } })
    await createUser(server, { email: 'learner@example.com' })
    token = await login(server, 'learner@example.com')
  })
  afterAll(() => server.close())

  it('needs a signed-in person, and writes nothing otherwise', async () => {
    const before = await snapshot(server)
    expect((await server.api('POST', '/v1/invitations/email', { body: { email: 'a@example.com', application: 'ios' } })).status).toBe(401)
    expect((await server.api('POST', '/v1/invitations/sms', { body: { phone: '+1 5415550100', application: 'ios' } })).status).toBe(401)
    expect(await snapshot(server)).toEqual(before)
  })

  it('mails the store link of the chosen platform, in the requester language', async () => {
    const reply = await server.api('POST', '/v1/invitations/email', { token, language: 'ja', body: { email: 'Phone.Owner@example.com', application: 'ios' } })
    expect(reply.status).toBe(200)
    expect(reply.body.detail).toContain('Phone.Owner@example.com')
    const [mail] = await server.mails('phone.owner@example.com')
    expect(mail?.language).toBe('ja')
    expect(mail?.subject).toBe('発音アプリのリンク')
    expect(mail?.links).toContain(IOS)
    expect(mail?.text).toContain('iPhone または iPad')
  })

  it('texts the Android link to the number in E.164', async () => {
    const reply = await server.api('POST', '/v1/invitations/sms', { token, body: { phone: '+44 7911123456', application: 'android' } })
    expect(reply.status).toBe(200)
    expect(reply.body.detail).toBe('The link is on its way to +44 7911123456.')
    const rows = await server.db.select().from(smsOutbox)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ to: '+447911123456', language: 'en', text: `Your link to install the pronunciation app: ${ANDROID}` })
  })

  it("says what is wrong with the form, in the specification's words, and writes nothing", async () => {
    const before = await snapshot(server)
    const cases: Array<[string, unknown, Record<string, string[]>]> = [
      ['/v1/invitations/email', { email: 'not an address', application: 'ios' }, { email: ['Please input correct email address'] }],
      ['/v1/invitations/email', { email: 'a@example.com' }, { application: ['This field is required.'] }],
      ['/v1/invitations/email', { email: 'a@example.com', application: 'windows' }, { application: [expect.any(String)] }],
      ['/v1/invitations/sms', { phone: '+1 541555O100', application: 'ios' }, { phone: ['Phone should be a number'] }],
      ['/v1/invitations/sms', { phone: '+1 phone', application: 'ios' }, { phone: ['Phone should be a number'] }],
      // the shape of a number, not one that the country of +1 gives out
      ['/v1/invitations/sms', { phone: '+1 0005550100', application: 'ios' }, { phone: ['This is not a phone number of that country code.'] }],
    ]
    for (const [path, body, errors] of cases) {
      const reply = await server.api('POST', path, { token, body })
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body, JSON.stringify(body)).toMatchObject(errors)
    }
    expect(await snapshot(server)).toEqual(before)
  })

  it('counts per destination and per person (RATE_LIMIT_PER_EMAIL a window)', async () => {
    const other = await createUser(server, { email: 'flooder@example.com' })
    const flooder = await login(server, other.email)
    const send = (email: string, who = flooder) => server.api('POST', '/v1/invitations/email', { token: who, body: { email, application: 'ios' } })
    for (let i = 0; i < 3; i++) expect((await send('victim@example.com')).status).toBe(200)
    const refused = await send('victim@example.com')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // the person too: three mails this window, whatever the address
    expect((await send('someone.else@example.com')).status).toBe(429)
    // another person, to another address, is not held up
    expect((await send('friend@example.com', token)).status).toBe(200)
    expect(await server.mails('victim@example.com')).toHaveLength(3)
  })
})

interface ProviderRequest {
  method: string | undefined
  url: string | undefined
  authorization: string | undefined
  contentType: string | undefined
  form: URLSearchParams
}

/** A stand-in for Twilio's Messages resource: records each request and answers what `answer` says. */
const startProvider = async (answer: (index: number) => { status: number; body: unknown }) => {
  const requests: ProviderRequest[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      requests.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: new URLSearchParams(body),
      })
      const { status, body: reply } = answer(requests.length - 1)
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { requests, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) }
}

const waitFor = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

const smsEnv = (url: string) => ({ SMS_ACCOUNT_SID: 'AC0123456789', SMS_AUTH_TOKEN: 'secret-token', SMS_FROM: '+15005550006', SMS_API_URL: url })

describe('text messages through the provider (SMS_* set)', () => {
  it("posts Twilio's request, and records the message id as sent", async () => {
    const provider = await startProvider(() => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } }))
    const server = await startServer({ env: smsEnv(provider.url) })
    try {
      await createUser(server, { email: 'texter@example.com' })
      const token = await login(server, 'texter@example.com')
      const reply = await server.api('POST', '/v1/invitations/sms', { token, body: { phone: '+1 5415550100', application: 'ios' } })
      expect(reply.status).toBe(200)
      await waitFor(async () => (await server.db.select().from(smsOutbox))[0]?.sentAt != null)

      expect(provider.requests).toHaveLength(1)
      const [request] = provider.requests
      expect(request?.method).toBe('POST')
      expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json')
      expect(request?.authorization).toBe(`Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`)
      expect(request?.contentType).toBe('application/x-www-form-urlencoded')
      expect(Object.fromEntries(request?.form ?? [])).toEqual({
        To: '+15415550100',
        From: '+15005550006',
        Body: `Your link to install the pronunciation app: ${IOS}`,
      })
      const [row] = await server.db.select().from(smsOutbox)
      expect(row).toMatchObject({ providerId: 'SM0001', attempts: 1, error: null, nextAttemptAt: null })
    } finally {
      await server.close()
      await provider.close()
    }
  })

  it('tries again after a 503, and not after a refusal of the number', async () => {
    const provider = await startProvider((index) =>
      index === 0
        ? { status: 503, body: { message: 'Service unavailable' } }
        : index === 1
          ? { status: 201, body: { sid: 'SM0002' } }
          : { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } },
    )
    const server = await startServer({ env: smsEnv(provider.url), now: '2026-11-23T10:00:00Z' })
    try {
      await createUser(server, { email: 'retry@example.com' })
      const token = await login(server, 'retry@example.com')
      await server.api('POST', '/v1/invitations/sms', { token, body: { phone: '+1 5415550100', application: 'ios' } })
      const first = async () => (await server.db.select().from(smsOutbox))[0]
      await waitFor(async () => (await first())?.attempts === 1)
      expect(await first()).toMatchObject({ sentAt: null, error: '503 Service unavailable', nextAttemptAt: new Date('2026-11-23T10:01:00Z') })
      server.advance(60)
      await server.app.portal.sms.deliverDue()
      expect(await first()).toMatchObject({ attempts: 2, providerId: 'SM0002', error: null })

      await server.api('POST', '/v1/invitations/sms', { token, body: { phone: '+1 5415550101', application: 'ios' } })
      await waitFor(async () => (await server.db.select().from(smsOutbox)).some((row) => row.attempts === 1 && row.error !== null))
      const refused = (await server.db.select().from(smsOutbox)).find((row) => row.to === '+15415550101')
      expect(refused).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: null, error: expect.stringMatching(/^400 .*not a valid phone number/) })
    } finally {
      await server.close()
      await provider.close()
    }
  })
})

describe('the development outbox', () => {
  it('shows the text messages at /dev/mail and /dev/sms.json', async () => {
    const server = await startServer({ env: { NODE_ENV: 'development' } })
    try {
      await createUser(server, { email: 'dev@example.com' })
      const token = await login(server, 'dev@example.com')
      await server.api('POST', '/v1/invitations/sms', { token, body: { phone: '+66 812345678', application: 'android' } })
      const json = await server.api('GET', '/dev/sms.json?to=%2B66812345678')
      expect(json.status).toBe(200)
      expect(json.body).toMatchObject([{ to: '+66812345678', links: [ANDROID] }])
      const page = await server.api('GET', '/dev/mail')
      expect(page.text).toContain('Text messages')
      expect(page.text).toContain('+66812345678')
    } finally {
      await server.close()
    }
  })
})
