import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createUser, startServer, type TestServer } from './harness.js'

/** Login, sign-up, reset and resend are limited per client address and per e-mail. */

let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_PER_ADDRESS: '4', RATE_LIMIT_PER_EMAIL: '2', RATE_LIMIT_WINDOW: '600' } })
  await createUser(server, { email: 'target@example.com' })
})
afterAll(() => server.close())
beforeEach(() => server.app.portal.limiter.reset())

const attempt = (email: string, ip = '10.0.0.1', language?: string) =>
  server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password: 'guessing' }, ip, ...(language ? { language } : {}) })

describe('rate limits', () => {
  it('limits attempts per e-mail, from any address, with Retry-After', async () => {
    expect((await attempt('target@example.com', '10.0.0.1')).status).toBe(400)
    expect((await attempt('target@example.com', '10.0.0.2')).status).toBe(400)
    const limited = await attempt('TARGET@example.com', '10.0.0.3')
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('600')
    expect(limited.body).toEqual({ detail: 'Too many attempts. Try again in 600 seconds.', code: 'rate_limited' })
    // another account is not affected
    expect((await attempt('someone-else@example.com', '10.0.0.3')).status).toBe(400)
  })

  it('limits attempts per client address, whatever the e-mail', async () => {
    for (let index = 0; index < 4; index++) expect((await attempt(`user${index}@example.com`, '10.0.0.9')).status).toBe(400)
    const limited = await attempt('user9@example.com', '10.0.0.9')
    expect(limited.status).toBe(429)
    expect((await attempt('user9@example.com', '10.0.0.10')).status).toBe(400)
  })

  it('counts down, lets attempts in again after the window, and speaks the requester language', async () => {
    await attempt('target@example.com')
    await attempt('target@example.com')
    server.advance(400)
    const limited = await attempt('target@example.com', '10.0.0.1', 'pt-BR')
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('200')
    expect(limited.body.detail).toContain('200')
    expect(limited.body.detail).not.toMatch(/Too many attempts/)
    server.advance(201)
    expect((await attempt('target@example.com')).status).toBe(400)
  })

  it('limits sign-up, reset and resend too', async () => {
    const calls = [
      () => server.api('POST', '/v1/accounts/reset_password/', { body: { email: 'target@example.com' }, ip: '10.1.0.1' }),
      () => server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'target@example.com' }, ip: '10.1.0.2' }),
      () =>
        server.api('POST', '/v1/accounts/sign_in', {
          body: { first_name: 'A', last_name: 'B', email: 'target@example.com', password: 'some good phrase' },
          ip: '10.1.0.3',
        }),
    ]
    for (const call of calls) {
      await call()
      await call()
      const limited = await call()
      expect(limited.status).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
    }
  })
})
