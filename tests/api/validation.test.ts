import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContract } from '../../server/contract/load.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Bad input, of every kind, gets a 4xx with a message per field (spec §5 wording where it has one),
 * changes nothing in the store, and is never a 500.
 */

let server: TestServer
let token: string
let userId: number
let organizationId: number

beforeAll(async () => {
  server = await startServer()
  const user = await createUser(server, { email: 'vera@example.com' })
  userId = user.id
  token = await login(server, 'vera@example.com')
  organizationId = (await createOrganizationWithPeople(server)).organization.id
})
afterAll(() => server.close())

/** Calls and expects a 400 that changed nothing; answers the body. */
const refused = async (method: string, url: string, options: Parameters<TestServer['api']>[2] = {}) => {
  const before = await snapshot(server)
  const reply = await server.api(method, url, options)
  expect(reply.status, `${method} ${url} ${JSON.stringify(options.body ?? options.raw)} → ${reply.text}`).toBe(400)
  expect(reply.headers['content-type']).toMatch(/application\/json/)
  expect(await snapshot(server)).toEqual(before)
  return reply.body
}

describe('sign-up (spec §5)', () => {
  const valid = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'analytical engine' }

  it('asks for each missing field with the spec wording', async () => {
    expect(await refused('POST', '/v1/accounts/sign_in', { body: {} })).toEqual({
      first_name: ['Please insert first name'],
      last_name: ['Please insert last name'],
      email: ['Please input email'],
    })
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, password: undefined } })).toEqual({
      password: ['Please input password'],
    })
  })

  it('treats empty and blank text as missing', async () => {
    const body = await refused('POST', '/v1/accounts/sign_in', {
      body: { ...valid, first_name: '', last_name: '   ', email: '', password: '' },
    })
    expect(body).toEqual({
      first_name: ['Please insert first name'],
      last_name: ['Please insert last name'],
      email: ['Please input email'],
      password: ['Please input password'],
    })
  })

  it('refuses a malformed e-mail and a short password', async () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, email } })).toEqual({
        email: ['Please input correct email address'],
      })
    }
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, password: '12345' } })).toEqual({
      password: ['Password should have at least 6 characters'],
    })
  })

  it('refuses the most common passwords with a clear message', async () => {
    for (const password of ['password', '123456789', 'qwerty123', 'iloveyou', 'Password1', 'football']) {
      const body = await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, password } })
      expect(body).toEqual({ password: ['This password is too common. Choose another one.'] })
    }
  })

  it('refuses an unknown field and a value of the wrong type', async () => {
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, extra_field: 1 } })).toEqual({
      extra_field: ['This field is not accepted.'],
    })
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, first_name: 42 } })).toEqual({
      first_name: ['This value has the wrong type.'],
    })
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, language: 'fr' } })).toEqual({
      language: ['This value is not one of the allowed choices.'],
    })
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, invitation_code: 'AB-12' } })).toEqual({
      invitation_code: ['This invitation code is not valid.'],
    })
  })

  it('does not coerce types: a number is not a string, "1" is not a number', async () => {
    await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, password: 12345678 } })
    const body = await refused('POST', '/v1/accounts/invite/', {
      token,
      body: { organization: String(organizationId), role: 'student', emails: ['x@example.com'] },
    })
    expect(body).toEqual({ organization: ['This value has the wrong type.'] })
  })

  it('gives the messages in the requester language', async () => {
    const body = await refused('POST', '/v1/accounts/sign_in', { body: { ...valid, email: 'nope' }, language: 'ja' })
    expect(body.email[0]).not.toBe('Please input correct email address')
    expect(body.email[0]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  })
})

describe('login, recovery and resend (spec §5)', () => {
  it('asks for e-mail and password', async () => {
    expect(await refused('POST', '/v1/accounts/login-legacy/', { body: {} })).toEqual({
      email: ['Please input email'],
      password: ['Please input password'],
    })
    expect(await refused('POST', '/v1/accounts/login-legacy/', { body: { email: 'x', password: 'y' } })).toEqual({
      email: ['Please input correct email address'],
    })
  })

  it('trims the e-mail as the forms do', async () => {
    const reply = await server.api('POST', '/v1/accounts/login-legacy/', {
      body: { email: '  vera@example.com ', password: 'a fine passphrase' },
    })
    expect(reply.status).toBe(200)
  })

  it('checks the e-mail of recover password and resend confirmation', async () => {
    for (const url of ['/v1/accounts/reset_password/', '/v1/accounts/send_confirmation/']) {
      expect(await refused('POST', url, { body: {} })).toEqual({ email: ['Please input email'] })
      expect(await refused('POST', url, { body: { email: 'not-an-email' } })).toEqual({
        email: ['Please input correct email address'],
      })
    }
  })
})

describe('profile, password and invitations', () => {
  it('checks the profile fields', async () => {
    const url = `/v1/accounts/${userId}`
    expect(await refused('PATCH', url, { token, body: { first_name: '' } })).toEqual({ first_name: ['Please insert first name'] })
    expect(await refused('PATCH', url, { token, body: { phone_number: '12ab' } })).toEqual({
      phone_number: ['Phone should be a number'],
    })
    expect(await refused('PATCH', url, { token, body: { email: 'bad' } })).toEqual({
      email: ['Please input correct email address'],
    })
    expect(await refused('PATCH', url, { token, body: { is_superuser: true } })).toEqual({
      is_superuser: ['This field is not accepted.'],
    })
  })

  it('checks the password change fields', async () => {
    const url = `/v1/accounts/${userId}/password`
    expect(await refused('PUT', url, { token, body: {} })).toEqual({ new_password: ['Insert a password'] })
    expect(await refused('PUT', url, { token, body: { new_password: 'another passphrase' } })).toEqual({
      current_password: ['Please enter your current password'],
    })
    expect(
      await refused('PUT', url, {
        token,
        body: { current_password: 'a fine passphrase', new_password: 'another passphrase', confirm_new_password: 'different' },
      }),
    ).toEqual({ confirm_new_password: ["Two inputs don't match!"] })
  })

  it('checks the invitation fields', async () => {
    const body = await refused('POST', '/v1/accounts/invite/', {
      token,
      body: { organization: organizationId, role: 'owner', emails: ['ok@example.com', 'broken'], auto_join: 2 },
    })
    expect(body).toEqual({
      role: ['This value is not one of the allowed choices.'],
      emails: ['broken is not a valid email address.'],
      auto_join: ['This value is not one of the allowed choices.'],
    })
    expect(await refused('POST', '/v1/accounts/invite/', { token, body: { organization: organizationId, role: 'student', emails: [] } })).toEqual({
      emails: ['This field is required.'],
    })
    const many = Array.from({ length: 101 }, (_, index) => `person${index}@example.com`)
    expect(await refused('POST', '/v1/accounts/invite/', { token, body: { organization: organizationId, role: 'student', emails: many } })).toEqual({
      emails: ['Give at most 100 items.'],
    })
  })

  it('checks path parameters: a path its parameters refuse names nothing (404)', async () => {
    for (const id of ['abc', '0', '+1', '01']) {
      const before = await snapshot(server)
      const reply = await server.api('GET', `/v1/accounts/${id}`, { token })
      expect([id, reply.status, reply.body]).toEqual([id, 404, { detail: 'Not found.' }])
      expect(await snapshot(server)).toEqual(before)
    }
  })
})

describe('bodies that are not JSON objects', () => {
  it('refuses malformed JSON, an empty body, a wrong content type and non-object JSON', async () => {
    const url = '/v1/accounts/login-legacy/'
    const malformed = await refused('POST', url, { raw: { payload: '{"email": "a@b.co",', contentType: 'application/json' } })
    expect(malformed.detail).toMatch(/could not be read/)
    expect((await refused('POST', url, { raw: { payload: '', contentType: 'application/json' } })).detail).toBeTruthy()
    expect((await refused('POST', url, { raw: { payload: 'email=a@b.co', contentType: 'application/x-www-form-urlencoded' } })).detail).toBeTruthy()
    expect((await refused('POST', url, { raw: { payload: '{"email":"a@b.co"}', contentType: 'text/plain' } })).detail).toBeTruthy()
    expect((await refused('POST', url, { raw: { payload: 'hello', contentType: 'application/xml' } })).detail).toBeTruthy()
    for (const payload of ['null', '[]', '42', '"text"', 'true']) {
      expect((await refused('POST', url, { raw: { payload, contentType: 'application/json' } })).detail).toBeTruthy()
    }
    expect((await refused('POST', url, {})).detail).toBeTruthy()
  })

  it('refuses prototype poisoning', async () => {
    await refused('POST', '/v1/accounts/login-legacy/', {
      raw: { payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}', contentType: 'application/json' },
    })
  })
})

describe('no bad input is a 500', () => {
  const garbage: unknown[] = [
    { email: null },
    { email: ['a@b.co'] },
    { email: { $gt: '' } },
    { token: 1 },
    { token: '' },
    { token: 'x'.repeat(5000) },
    { emails: 'a@b.co' },
    { organization: -1, role: 'admin', emails: ['a@b.co'] },
    { organization: 1e20, role: 'admin', emails: ['a@b.co'] },
    { first_name: 'x'.repeat(1000), last_name: 'y', email: 'z@example.com', password: 'p'.repeat(1000) },
    { social_token: null },
    { new_password: {}, current_password: [] },
    { password: true },
    { username: 'with space' },
    { language: 12 },
    { group: 'one', auto_join: '1' },
  ]

  it('answers every operation of the contract with a 4xx', async () => {
    for (const operation of loadContract()) {
      if (!operation.schema.body) continue
      const url = operation.url.replace(':id', String(userId)).replace(':token', 'nope')
      for (const body of garbage) {
        const reply = await server.api(operation.method, url, { token, body })
        expect(reply.status, `${operation.operationId} ${JSON.stringify(body)} → ${reply.text}`).toBeGreaterThanOrEqual(400)
        expect(reply.status).toBeLessThan(500)
      }
    }
  })
})
