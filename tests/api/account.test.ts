import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, createOrganization } from '../../server/app.js'
import { organizations, sessions, users } from '../../server/db/schema.js'
import { createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/** Sessions, the account (get, edit, e-mail change, delete) and the password change. */

let server: TestServer
beforeAll(async () => {
  server = await startServer({ env: { SESSION_TTL: '3600' } })
})
afterAll(() => server.close())

const EXPIRED = { detail: 'Session expired' }

describe('sessions', () => {
  it('answers the account with its organizations, and nothing else', async () => {
    const user = await createUser(server, { email: 'sid@example.com', firstName: 'Sid' })
    const organization = await createOrganization(server.db, { name: 'Acme', type: 'company' })
    await addMembership(server.db, user.id, organization.id, 'teacher')
    await addMembership(server.db, user.id, organization.id, 'admin')
    // the organization's time zone: the pages count its days in it (issue 9)
    await server.db.update(organizations).set({ timezone: 'Asia/Tokyo' }).where(eq(organizations.id, organization.id))
    const token = await login(server, 'sid@example.com')
    const reply = await server.api('GET', `/v1/accounts/${user.id}`, { token })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      id: user.id,
      first_name: 'Sid',
      last_name: 'User',
      email: 'sid@example.com',
      unconfirmed_email: null,
      username: null,
      phone_code: null,
      phone_number: null,
      photo_url: null,
      is_superuser: false,
      country_admin_level: null,
      language: 'en',
      has_password: true,
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      organizations: [{ id: organization.id, name: 'Acme', type: 'company', timezone: 'Asia/Tokyo', roles: ['admin', 'teacher'], sole_admin: true }],
    })
  })

  it('stores only the SHA-256 of a token', async () => {
    await createUser(server, { email: 'hash@example.com' })
    const token = await login(server, 'hash@example.com')
    const rows = await server.db.select().from(sessions)
    expect(rows.some((row) => row.tokenHash === token)).toBe(false)
    const { createHash } = await import('node:crypto')
    expect(rows.some((row) => row.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true)
  })

  it('answers 401 "Session expired" without a token, with an unknown one, or a malformed header', async () => {
    const user = await createUser(server, { email: 'nosession@example.com' })
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]
    for (const headers of variants) {
      const reply = await server.api('GET', `/v1/accounts/${user.id}`, { headers })
      expect(reply.status).toBe(401)
      expect(reply.body).toEqual(EXPIRED)
    }
  })

  it('ends a session on logout', async () => {
    const user = await createUser(server, { email: 'bye@example.com' })
    const token = await login(server, 'bye@example.com')
    const other = await login(server, 'bye@example.com')
    expect((await server.api('POST', '/v1/accounts/logout/', { token })).status).toBe(204)
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body).toEqual(EXPIRED)
    expect((await server.api('POST', '/v1/accounts/logout/', { token })).status).toBe(401)
    // the user's other session goes on
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token: other })).status).toBe(200)
  })

  it('accepts a JSON content type on a call without a body', async () => {
    await createUser(server, { email: 'emptybody@example.com' })
    const token = await login(server, 'emptybody@example.com')
    const reply = await server.api('POST', '/v1/accounts/logout/', { token, raw: { payload: '', contentType: 'application/json' } })
    expect(reply.status).toBe(204)
  })

  it('expires a session after SESSION_TTL', async () => {
    const user = await createUser(server, { email: 'ttl@example.com' })
    const reply = await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'ttl@example.com', password: 'a fine passphrase' } })
    const expiresAt = new Date(reply.body.expires_at).getTime()
    expect(Math.abs(expiresAt - Date.now() - 3600_000)).toBeLessThan(60_000)
    const token = reply.body.token
    server.advance(3500)
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).status).toBe(200)
    server.advance(200)
    const late = await server.api('GET', `/v1/accounts/${user.id}`, { token })
    expect(late.status).toBe(401)
    expect(late.body).toEqual(EXPIRED)
  })

  it('ends the sessions of an account that gets disabled', async () => {
    const user = await createUser(server, { email: 'disabled@example.com' })
    const token = await login(server, 'disabled@example.com')
    await server.db.update(users).set({ disabled: true }).where(eq(users.id, user.id))
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body).toEqual(EXPIRED)
  })
})

describe('who may see and edit an account', () => {
  it('refuses another user account to a non-admin, and shows it to a platform admin', async () => {
    const me = await createUser(server, { email: 'me@example.com' })
    const other = await createUser(server, { email: 'other@example.com' })
    await createUser(server, { email: 'staff@example.com', superuser: true })
    const token = await login(server, 'me@example.com')
    const staff = await login(server, 'staff@example.com')
    const before = await snapshot(server)
    expect((await server.api('GET', `/v1/accounts/${other.id}`, { token })).status).toBe(403)
    expect((await server.api('PATCH', `/v1/accounts/${other.id}`, { token, body: { first_name: 'Hacked' } })).status).toBe(403)
    expect((await server.api('DELETE', `/v1/accounts/${other.id}`, { token, body: {} })).status).toBe(403)
    expect((await server.api('PUT', `/v1/accounts/${other.id}/password`, { token, body: { new_password: 'taken over!' } })).status).toBe(403)
    // a missing account looks the same as someone else's
    expect((await server.api('GET', '/v1/accounts/999999', { token })).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)

    const seen = await server.api('GET', `/v1/accounts/${other.id}`, { token: staff })
    expect(seen.status).toBe(200)
    expect(seen.body.email).toBe('other@example.com')
    expect((await server.api('GET', '/v1/accounts/999999', { token: staff })).status).toBe(404)
    const edited = await server.api('PATCH', `/v1/accounts/${other.id}`, { token: staff, body: { last_name: 'Renamed' } })
    expect(edited.body.last_name).toBe('Renamed')
    // even a platform admin cannot delete someone else's account here
    expect((await server.api('DELETE', `/v1/accounts/${other.id}`, { token: staff, body: {} })).status).toBe(403)
    expect(me.id).toBeGreaterThan(0)
  })
})

describe('editing the profile', () => {
  it('changes names, username, phone and language', async () => {
    const user = await createUser(server, { email: 'edit@example.com' })
    const token = await login(server, 'edit@example.com')
    const reply = await server.api('PATCH', `/v1/accounts/${user.id}`, {
      token,
      body: { first_name: ' Edith ', last_name: 'Piaf', username: 'edith', phone_code: '+33', phone_number: '612345678', language: 'pt-BR' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ first_name: 'Edith', last_name: 'Piaf', username: 'edith', phone_code: '+33', phone_number: '612345678', language: 'pt-BR' })
    const cleared = await server.api('PATCH', `/v1/accounts/${user.id}`, { token, body: { username: null, phone_number: '' } })
    expect(cleared.body).toMatchObject({ username: null, phone_number: null })
  })

  it('moves to a new e-mail only once the link mailed to it is opened', async () => {
    const user = await createUser(server, { email: 'move@example.com', firstName: 'Mo' })
    const token = await login(server, 'move@example.com')
    const reply = await server.api('PATCH', `/v1/accounts/${user.id}`, { token, body: { email: 'moved@example.com', current_password: 'a fine passphrase' } })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ email: 'move@example.com', unconfirmed_email: 'moved@example.com' })

    const link = await server.linkFor('moved@example.com', '/confirm-account')
    const confirmed = await server.api('POST', '/v1/accounts/confirm/', { body: { token: link.searchParams.get('token') } })
    expect(confirmed.body).toEqual({ email: 'moved@example.com' })
    const after = await server.api('GET', `/v1/accounts/${user.id}`, { token })
    expect(after.body).toMatchObject({ email: 'moved@example.com', unconfirmed_email: null })
    // the old address hears about it
    const [notice] = await server.mails('move@example.com')
    expect(notice?.subject).toBe('Your email address was changed')
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'moved@example.com', password: 'a fine passphrase' } })).status).toBe(200)
  })

  it('refuses an e-mail another account has, in any case', async () => {
    const user = await createUser(server, { email: 'keep@example.com' })
    await createUser(server, { email: 'Taken@Example.com' })
    const token = await login(server, 'keep@example.com')
    const before = await snapshot(server)
    const reply = await server.api('PATCH', `/v1/accounts/${user.id}`, { token, body: { email: 'taken@example.COM', first_name: 'Changed', current_password: 'a fine passphrase' } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ email: ['An account with this email already exists.'] })
    expect(await snapshot(server)).toEqual(before)
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body.first_name).toBe('Test')
  })
})

describe('changing the password', () => {
  it('needs the current password, ends the other sessions and mails a notice', async () => {
    const user = await createUser(server, { email: 'pw@example.com' })
    const token = await login(server, 'pw@example.com')
    const other = await login(server, 'pw@example.com')
    const url = `/v1/accounts/${user.id}/password`

    const wrong = await server.api('PUT', url, { token, body: { current_password: 'not mine', new_password: 'brand new phrase' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ current_password: ['Your current password is not correct.'] })
    const common = await server.api('PUT', url, { token, body: { current_password: 'a fine passphrase', new_password: 'qwerty123' } })
    expect(common.body).toEqual({ new_password: ['This password is too common. Choose another one.'] })

    const ok = await server.api('PUT', url, { token, body: { current_password: 'a fine passphrase', new_password: 'brand new phrase' } })
    expect(ok.status).toBe(204)
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).status).toBe(200)
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token: other })).body).toEqual(EXPIRED)
    const [notice] = await server.mails('pw@example.com')
    expect(notice?.subject).toBe('Your password was changed')
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'pw@example.com', password: 'a fine passphrase' } })).status).toBe(400)
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'pw@example.com', password: 'brand new phrase' } })).status).toBe(200)
  })
})

describe('deleting the account', () => {
  it('needs the password, then removes the account and its sessions', async () => {
    const user = await createUser(server, { email: 'leave@example.com' })
    const token = await login(server, 'leave@example.com')
    const url = `/v1/accounts/${user.id}`
    const missing = await server.api('DELETE', url, { token, body: {} })
    expect(missing.body).toEqual({ password: ['Please input password'] })
    const wrong = await server.api('DELETE', url, { token, body: { password: 'nope nope' } })
    expect(wrong.status).toBe(400)
    expect((await server.api('DELETE', url, { token, body: { password: 'a fine passphrase' } })).status).toBe(204)
    expect((await server.api('GET', url, { token })).body).toEqual(EXPIRED)
    expect(await server.db.select().from(users).where(eq(users.id, user.id))).toEqual([])
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })

  it('refuses to remove the only admin of an organization', async () => {
    const user = await createUser(server, { email: 'sole@example.com' })
    const organization = await createOrganization(server.db, { name: 'Solo', type: 'school', adminUserId: user.id })
    const token = await login(server, 'sole@example.com')
    const reply = await server.api('DELETE', `/v1/accounts/${user.id}`, { token, body: { password: 'a fine passphrase' } })
    expect(reply.status).toBe(409)
    expect(reply.body).toEqual({ detail: 'Cannot remove the only admin of an organization.', code: 'sole_admin' })
    const second = await createUser(server, { email: 'second@example.com' })
    await addMembership(server.db, second.id, organization.id, 'admin')
    expect((await server.api('DELETE', `/v1/accounts/${user.id}`, { token, body: { password: 'a fine passphrase' } })).status).toBe(204)
  })
})
