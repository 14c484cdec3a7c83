import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganizationWithPeople, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Input the store cannot take is refused by the contract's validation with a 400 that names the
 * field, before any handler runs: NUL and other control characters in any text (PostgreSQL refuses
 * NUL in text). An id in the path that is no whole number a PostgreSQL integer holds names nothing: 404.
 */

let server: TestServer
let admin: string
let adminId: number
let student: string
let organizationId: number

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: 'development' } })
  const people = await createOrganizationWithPeople(server)
  admin = people.admin.token
  adminId = people.admin.user.id
  student = people.student.token
  organizationId = people.organization.id
})
afterAll(() => server.close())

const refused = async (method: string, url: string, options: Parameters<TestServer['api']>[2] = {}) => {
  const before = await snapshot(server)
  const reply = await server.api(method, url, options)
  expect(reply.status, `${method} ${url} ${JSON.stringify(options.body)} → ${reply.text}`).toBe(400)
  expect(await snapshot(server)).toEqual(before)
  return reply.body
}

const CONTROL = 'Remove the control characters (such as NUL) from this text.'

describe('control characters in text', () => {
  const signUp = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'analytical engine' }

  it('a NUL in any field of sign-up (no login needed) is a 400 for that field', async () => {
    for (const field of ['first_name', 'last_name', 'password'] as const) {
      const body = { ...signUp, [field]: `${signUp[field]}\u0000x` }
      expect(await refused('POST', '/v1/accounts/sign_in', { body })).toEqual({ [field]: [CONTROL] })
    }
    // an e-mail address with a NUL is no e-mail address either
    expect(await refused('POST', '/v1/accounts/sign_in', { body: { ...signUp, email: 'ada\u0000@example.com' } })).toHaveProperty('email')
  })

  it('in the reader’s language', async () => {
    const body = await refused('POST', '/v1/accounts/sign_in', { body: { ...signUp, first_name: 'A\u0000' }, language: 'ja' })
    expect(body).toEqual({ first_name: ['このテキストから制御文字（NUL など）を取り除いてください。'] })
  })

  it('on logins, secured calls and query strings too', async () => {
    expect(await refused('POST', '/v1/accounts/login-legacy/', { body: { email: 'a@example.com', password: 'pass\u0000word' } })).toEqual({
      password: [CONTROL],
    })
    const update = await refused('PATCH', `/v1/accounts/${adminId}`, { token: admin, body: { first_name: 'Al\u0007ice' } })
    expect(update).toEqual({ first_name: [CONTROL] })
    expect(await refused('GET', `/v1/auth/social/oidc/start?invite=${encodeURIComponent('a\u0000b')}`)).toEqual({ invite: [CONTROL] })
    expect((await server.api('GET', `/dev/mail.json?to=${encodeURIComponent('a\u0000@example.com')}`)).status).toBe(400)
  })

  it('keeps tabs, line breaks and every printable character', async () => {
    const reply = await server.api('POST', '/v1/accounts/sign_in', {
      body: { ...signUp, first_name: 'Zoë 🎓', last_name: 'ทดสอบ\tな', email: 'zoe@example.com' },
    })
    expect(reply.status, reply.text).toBe(201)
  })
})

describe('ids in the path', () => {
  const BAD_IDS = ['Infinity', '-Infinity', '1e309', '-1', '0', '99999999999999999999', '2147483648', '1.5', 'NaN', 'abc', '1%00']

  for (const [name, path] of [
    ['an account', '/v1/accounts/'],
    ['an organization', '/v1/organizations/'],
  ] as const) {
    it(`of ${name} that is no storable whole number names nothing: a 404, for a student and for an admin`, async () => {
      for (const id of BAD_IDS) {
        for (const token of [student, admin]) {
          const before = await snapshot(server)
          const reply = await server.api('GET', `${path}${id}${path.includes('organizations') ? '/' : ''}`, { token })
          expect([id, reply.status, reply.body]).toEqual([id, 404, { detail: 'Not found.' }])
          expect(await snapshot(server)).toEqual(before)
        }
      }
    })
  }

  it('an id that could be one but is not there is still a 404 or a 403', async () => {
    expect((await server.api('GET', `/v1/organizations/${organizationId + 1000}/`, { token: admin })).status).toBe(404)
    expect((await server.api('GET', '/v1/accounts/2147483647', { token: student })).status).toBe(403)
  })
})
