import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Links that no longer work are told at once: the reset page checks its token before the person types
 * a password, and a confirmation link of a confirmed account says so instead of calling itself dead.
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const deadResetLink = { token: ['This password reset link is invalid or has expired.'] }
const deadConfirmLink = { token: ['This confirmation link is invalid or has expired.'] }

const askReset = (email: string) => server.api('POST', '/v1/accounts/reset_password/', { body: { email } })
const validate = (token: unknown) => server.api('POST', '/v1/accounts/reset_password/validate/', { body: { token } })
const resetWith = (token: string | null, password: string) =>
  server.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token, password } })
const confirm = (token: string | null, password?: string) =>
  server.api('POST', '/v1/accounts/confirm/', { body: { token, ...(password ? { password } : {}) } })
const signUp = (email: string) =>
  server.api('POST', '/v1/accounts/sign_in', { body: { first_name: 'Dee', last_name: 'Link', email, password: 'a fine passphrase' } })

describe('POST /v1/accounts/reset_password/validate/', () => {
  it('says a fresh link is usable, and checking it does not spend it', async () => {
    await createUser(server, { email: 'check@example.com' })
    await askReset('check@example.com')
    const token = (await server.linkFor('check@example.com', '/reset-password')).searchParams.get('token')
    const before = await snapshot(server)
    for (let i = 0; i < 3; i++) {
      const reply = await validate(token)
      expect(reply.status).toBe(204)
    }
    expect(await snapshot(server)).toEqual(before)
    expect((await resetWith(token, 'checked then set')).status).toBe(200)
  })

  it('refuses a used link, with the reason on the token', async () => {
    await createUser(server, { email: 'used@example.com' })
    await askReset('used@example.com')
    const token = (await server.linkFor('used@example.com', '/reset-password')).searchParams.get('token')
    expect((await resetWith(token, 'set it once')).status).toBe(200)
    const reply = await validate(token)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual(deadResetLink)
  })

  it('refuses an expired link, a link replaced by a newer one, and a made-up one', async () => {
    await createUser(server, { email: 'stale@example.com' })
    await askReset('stale@example.com')
    const first = (await server.linkFor('stale@example.com', '/reset-password')).searchParams.get('token')
    await askReset('stale@example.com')
    const second = (await server.linkFor('stale@example.com', '/reset-password')).searchParams.get('token')
    expect((await validate(first)).body).toEqual(deadResetLink)
    expect((await validate(second)).status).toBe(204)
    server.advance(3601)
    expect((await validate(second)).body).toEqual(deadResetLink)
    expect((await validate('made-up-token')).body).toEqual(deadResetLink)
  })

  it('answers bad input with a 400 naming the field', async () => {
    expect((await validate('')).status).toBe(400)
    const missing = await server.api('POST', '/v1/accounts/reset_password/validate/', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body).toHaveProperty('token')
  })
})

describe('a confirmation link opened again', () => {
  it('says the account is already confirmed, with its e-mail for the login', async () => {
    expect((await signUp('Twice@Example.com')).status).toBe(201)
    const token = (await server.linkFor('twice@example.com', '/confirm-account')).searchParams.get('token')
    expect((await confirm(token, 'a fine passphrase')).body).toEqual({ email: 'Twice@Example.com' })
    const again = await confirm(token)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ email: 'Twice@Example.com', already_confirmed: true })
  })

  it('says so for an older link after a newer one confirmed the account, even once it expired', async () => {
    expect((await signUp('older@example.com')).status).toBe(201)
    const first = (await server.linkFor('older@example.com', '/confirm-account')).searchParams.get('token')
    await server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'older@example.com' } })
    const second = (await server.linkFor('older@example.com', '/confirm-account')).searchParams.get('token')
    expect(second).not.toBe(first)
    expect((await confirm(second, 'a fine passphrase')).body).toEqual({ email: 'older@example.com' })
    expect((await confirm(first)).body).toEqual({ email: 'older@example.com', already_confirmed: true })
    server.advance(3 * 24 * 3600 + 60)
    expect((await confirm(second)).body).toEqual({ email: 'older@example.com', already_confirmed: true })
  })

  it('still calls a link dead when its account is not confirmed, or the link is unknown', async () => {
    expect((await signUp('waiting@example.com')).status).toBe(201)
    const token = (await server.linkFor('waiting@example.com', '/confirm-account')).searchParams.get('token')
    server.advance(3 * 24 * 3600 + 60)
    const expired = await confirm(token)
    expect(expired.status).toBe(400)
    expect(expired.body).toEqual(deadConfirmLink)
    expect((await confirm('made-up-token')).body).toEqual(deadConfirmLink)
  })
})
