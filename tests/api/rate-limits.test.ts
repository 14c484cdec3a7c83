import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setPasswordHash } from '../../server/accounts/queries.js'
import { buildApp, hashPassword } from '../../server/app.js'
import { users } from '../../server/db/schema.js'
import { countRows, createUser, startServer, testConfig, type TestServer } from './harness.js'

/**
 * Login counts failures: per e-mail from one client address (5 here), per client address (30) and
 * per e-mail from all addresses (20 here); a success clears the e-mail's failures from that address.
 * Sign-up, reset and resend count every attempt, per address and per e-mail. The counts are in the
 * store, so that every server process on it shares them.
 */

const env = {
  RATE_LIMIT_PER_ADDRESS: '30',
  RATE_LIMIT_PER_EMAIL: '5',
  RATE_LIMIT_PER_EMAIL_ALL_ADDRESSES: '20',
  RATE_LIMIT_WINDOW: '600',
}
const PASSWORD = 'a fine passphrase'

let server: TestServer
beforeAll(async () => {
  // the clock holds still, so that the seconds to wait are exact
  server = await startServer({ env, now: '2026-03-02T08:00:00Z' })
  await createUser(server, { email: 'target@example.com' })
})
afterAll(() => server.close())
beforeEach(() => server.app.portal.limiter.reset())

const loginAs = (email: string, password: string, ip = '10.0.0.1', language?: string) =>
  server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password }, ip, ...(language ? { language } : {}) })
const guess = (email: string, ip = '10.0.0.1', language?: string) => loginAs(email, 'guessing', ip, language)

const statuses = async (count: number, call: () => Promise<{ status: number }>) => {
  const seen: number[] = []
  for (let index = 0; index < count; index++) seen.push((await call()).status)
  return seen
}

describe('login limits', () => {
  it('does not count successful logins', async () => {
    expect(await statuses(8, () => loginAs('target@example.com', PASSWORD))).toEqual([200, 200, 200, 200, 200, 200, 200, 200])
  })

  it('refuses the attempt after 5 failures, even with the right password, with Retry-After', async () => {
    expect(await statuses(5, () => guess('target@example.com'))).toEqual([400, 400, 400, 400, 400])
    const limited = await loginAs('TARGET@example.com', PASSWORD)
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('600')
    expect(limited.body).toEqual({ detail: 'Too many attempts. Try again in 600 seconds.', code: 'rate_limited' })
    // another account from the same address is not affected
    expect((await guess('someone-else@example.com')).status).toBe(400)
  })

  it('counts guesses sent at once: no more than 5 get an answer', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => guess('target@example.com')))
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(5)
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(15)
  })

  it('forgets the failures of an e-mail when its owner logs in from that address', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await statuses(4, () => guess('target@example.com'))).toEqual([400, 400, 400, 400])
      expect((await loginAs('target@example.com', PASSWORD)).status).toBe(200)
    }
    expect(await statuses(5, () => guess('target@example.com'))).toEqual([400, 400, 400, 400, 400])
    expect((await guess('target@example.com')).status).toBe(429)
  })

  it('does not lock the owner out because of failures from another address', async () => {
    expect(await statuses(5, () => guess('target@example.com', '203.0.113.66'))).toEqual([400, 400, 400, 400, 400])
    expect((await guess('target@example.com', '203.0.113.66')).status).toBe(429)
    expect((await loginAs('target@example.com', PASSWORD, '10.0.0.1')).status).toBe(200)
    expect((await guess('target@example.com', '10.0.0.1')).status).toBe(400)
  })

  it('does not let a flood of refused guesses lock the owner out either', async () => {
    await statuses(5, () => guess('target@example.com', '203.0.113.66'))
    const replies = await Promise.all([
      ...Array.from({ length: 40 }, () => guess('target@example.com', '203.0.113.66')),
      loginAs('target@example.com', PASSWORD, '10.0.0.1'),
    ])
    const owner = replies.pop()
    const flood = replies
    expect(owner!.status).toBe(200)
    expect(new Set(flood.map((reply) => reply.status))).toEqual(new Set([429]))
  })

  it('slows guessing spread over many addresses: failures per e-mail from all of them have a cap', async () => {
    for (let index = 0; index < 20; index++) expect((await guess('target@example.com', `198.51.100.${index}`)).status).toBe(400)
    expect((await guess('target@example.com', '198.51.100.200')).status).toBe(429)
    expect((await guess('someone-else@example.com', '198.51.100.200')).status).toBe(400)
  })

  it('limits failures per client address, whatever the e-mail', async () => {
    for (let index = 0; index < 30; index++) expect((await guess(`user${index}@example.com`, '10.0.0.9')).status).toBe(400)
    expect((await guess('user99@example.com', '10.0.0.9')).status).toBe(429)
    expect((await guess('user99@example.com', '10.0.0.10')).status).toBe(400)
  })

  it('lets a class of 60 behind one school address log in within a minute, typos included', async () => {
    const hash = await hashPassword(PASSWORD)
    const students: string[] = []
    for (let index = 0; index < 60; index++) {
      const [user] = await server.db
        .insert(users)
        .values({ firstName: 'Student', lastName: String(index), email: `student${index}@school.example`, confirmedAt: new Date() })
        .returning()
      await setPasswordHash(server.db, user!.id, hash)
      students.push(user!.email)
    }
    const school = '192.0.2.10'
    // in groups of ten at once, a second apart; every fifth student mistypes first
    for (let group = 0; group < 6; group++) {
      const replies = await Promise.all(
        students.slice(group * 10, group * 10 + 10).map(async (email, index) => {
          if (index % 5 === 0) expect((await loginAs(email, 'a fine passphrasr', school)).status).toBe(400)
          return (await loginAs(email, PASSWORD, school)).status
        }),
      )
      expect(replies).toEqual(Array(10).fill(200))
      server.advance(1)
    }
  })

  it('counts down, lets attempts in again after the window, and speaks the requester language', async () => {
    await statuses(5, () => guess('target@example.com'))
    server.advance(400)
    const limited = await guess('target@example.com', '10.0.0.1', 'pt-BR')
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('200')
    expect(limited.body.detail).toContain('200')
    expect(limited.body.detail).not.toMatch(/Too many attempts/)
    server.advance(201)
    expect((await guess('target@example.com')).status).toBe(400)
  })

  it('keeps the counts in the store, shared by every server on it, and sweeps expired ones', async () => {
    const clock = server.app.portal.clock
    const other = await buildApp({ config: testConfig(env), store: server.store, clock })
    try {
      const guessOn = async (app: typeof other, remoteAddress = '10.0.0.1') =>
        (
          await app.inject({
            method: 'POST',
            url: '/v1/accounts/login-legacy/',
            payload: { email: 'target@example.com', password: 'guessing' },
            remoteAddress,
          })
        ).statusCode
      expect([await guessOn(server.app), await guessOn(other), await guessOn(server.app), await guessOn(other)]).toEqual([
        400, 400, 400, 400,
      ])
      expect(await guessOn(server.app)).toBe(400)
      expect(await guessOn(other)).toBe(429)
      expect(await countRows(server, 'rate_limits')).toBeGreaterThan(0)
      server.advance(601 + 60)
      expect(await guessOn(other, '10.0.0.2')).toBe(400)
      // the expired counts are gone: the new attempt's three (address, e-mail, both) are left
      expect(await countRows(server, 'rate_limits')).toBe(3)
    } finally {
      await other.close()
    }
  })
})

describe('limits of the calls that send mail', () => {
  it('counts every attempt of sign-up, reset and resend, per e-mail from any address', async () => {
    const calls = [
      (ip: string) => server.api('POST', '/v1/accounts/reset_password/', { body: { email: 'target@example.com' }, ip }),
      (ip: string) => server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'target@example.com' }, ip }),
      (ip: string) =>
        server.api('POST', '/v1/accounts/sign_in', {
          body: { first_name: 'A', last_name: 'B', email: 'target@example.com', password: 'some good phrase' },
          ip,
        }),
    ]
    for (const call of calls) {
      for (let index = 0; index < 5; index++) expect((await call(`10.1.0.${index}`)).status).toBeLessThan(429)
      const limited = await call('10.1.0.99')
      expect(limited.status).toBe(429)
      expect(limited.headers['retry-after']).toBe('600')
    }
  })

  it('counts them per client address too', async () => {
    for (let index = 0; index < 30; index++) {
      expect((await server.api('POST', '/v1/accounts/reset_password/', { body: { email: `nobody${index}@example.com` }, ip: '10.2.0.1' })).status).toBe(200)
    }
    const limited = await server.api('POST', '/v1/accounts/reset_password/', { body: { email: 'nobody99@example.com' }, ip: '10.2.0.1' })
    expect(limited.status).toBe(429)
  })
})
