import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness.js'

/**
 * The development outbox (/dev/mail) hands out confirmation and reset links: it is served only with
 * NODE_ENV=development said explicitly, and only to a client on this machine (the socket's address,
 * which X-Forwarded-For cannot change); anyone else gets the 404 of an unknown address.
 */

const PAGES = ['/dev/mail', '/dev/mail.json', '/dev/mail/1']

let server: TestServer

beforeAll(async () => {
  // TRUST_PROXY on: the client address of X-Forwarded-For is believed for everything else
  server = await startServer({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } })
  await server.api('POST', '/v1/accounts/sign_in', {
    body: { first_name: 'Dev', last_name: 'Eloper', email: 'dev@example.com', password: 'outbox reader' },
  })
  // the mail is written after the answer
  await server.app.portal.background.settled()
})
afterAll(async () => {
  await server.close()
})

describe('the development outbox', () => {
  it('lists the mails with clickable links, shows one, and gives JSON', async () => {
    const list = await server.api('GET', '/dev/mail')
    expect(list.status).toBe(200)
    expect(list.headers['content-type']).toMatch(/text\/html/)
    expect(list.text).toMatch(/<a href="http:\/\/portal\.test\/confirm-account\?token=[^"]+">/)
    const json = await server.api('GET', '/dev/mail.json?to=DEV@example.com')
    expect(json.body).toHaveLength(1)
    expect(json.body[0]).toMatchObject({ to: 'dev@example.com', subject: 'Confirm your email address', language: 'en' })
    expect(json.body[0].links[0]).toMatch(/^http:\/\/portal\.test\/confirm-account\?token=/)
    const one = await server.api('GET', `/dev/mail/${json.body[0].id}`)
    expect(one.status).toBe(200)
    expect(one.text).toContain('<a href="http://portal.test/confirm-account?token=')
    expect((await server.api('GET', '/dev/mail/999999')).status).toBe(404)
    expect((await server.api('GET', '/dev/nothing')).status).toBe(404)
  })

  it('answers every loopback address', async () => {
    for (const ip of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      for (const page of PAGES) expect((await server.api('GET', page, { ip })).status, `${page} from ${ip}`).toBe(200)
    }
  })

  it('pages work under their CSP: inline styles (the mail HTML has style attributes), no script at all', async () => {
    for (const page of ['/dev/mail', '/dev/mail/1']) {
      const reply = await server.api('GET', page)
      const csp = String(reply.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(reply.text).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
    }
  })

  it('is a 404 to a client on another machine, whatever X-Forwarded-For says', async () => {
    for (const page of PAGES) {
      const remote = await server.api('GET', page, { ip: '203.0.113.5' })
      expect(remote.status, page).toBe(404)
      expect(remote.body).toEqual({ detail: 'Not found.' })
      const spoofed = await server.api('GET', page, { ip: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } })
      expect(spoofed.status, page).toBe(404)
      expect(spoofed.text).not.toContain('confirm-account')
    }
  })
})

describe('outside development', () => {
  for (const [name, env] of [
    ['NODE_ENV unset', {}],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['NODE_ENV=test', { NODE_ENV: 'test' }],
  ] as const) {
    it(`is not there with ${name}, not even for loopback`, async () => {
      const other = await startServer({ env })
      try {
        await other.api('POST', '/v1/accounts/sign_in', {
          body: { first_name: 'Dev', last_name: 'Eloper', email: 'dev@example.com', password: 'outbox reader' },
        })
        await other.app.portal.background.settled()
        for (const page of PAGES) {
          const reply = await other.api('GET', page, { ip: '127.0.0.1' })
          expect(reply.status, page).toBe(404)
          expect(reply.body).toEqual({ detail: 'Not found.' })
        }
      } finally {
        await other.close()
      }
    })
  }
})
