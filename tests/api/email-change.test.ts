import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.js'
import { users } from '../../server/db/schema.js'
import { createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Changing the e-mail or the password takes the current password, or a fresh social sign-in for an
 * account without one; the old address is told of an e-mail change and can undo it.
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const PASSWORD = 'a fine passphrase'
const EXPIRED = { detail: 'Session expired' }
const userRow = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0]
const patch = (id: number, token: string, body: object, language?: string) =>
  server.api('PATCH', `/v1/accounts/${id}`, { token, body, ...(language ? { language } : {}) })
const undo = (token: string | null) => server.api('POST', '/v1/accounts/email/undo/', { body: { token } })

/** A social-only account (no password) and a session of a social sign-in made now (the clock is not moved before). */
const socialAccount = async (email: string) => {
  const user = await createUser(server, { email, password: null })
  const session = await createSession(server.db, user.id, new Date(), 3600, 'social')
  return { user, token: session.token }
}

describe('a new e-mail needs the current password', () => {
  it('refuses it without the password or with a wrong one, in the person language, and changes nothing', async () => {
    const user = await createUser(server, { email: 'ines@example.com', language: 'es-MX' })
    const token = await login(server, user.email)
    const before = await snapshot(server)
    const rowBefore = await userRow(user.id)
    const missing = await patch(user.id, token, { email: 'thief@example.com', first_name: 'Changed' }, 'en')
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ current_password: ['Please enter your current password'] })
    const wrong = await patch(user.id, token, { email: 'thief@example.com', current_password: 'not mine' }, 'es-MX')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ current_password: ['Tu contraseña actual no es correcta.'] })
    expect(await snapshot(server)).toEqual(before)
    expect(await userRow(user.id)).toEqual(rowBefore)
    expect(await server.mails('thief@example.com')).toHaveLength(0)
  })

  it('asks for the current password in a whole sentence, in each of the six languages', async () => {
    const user = await createUser(server, { email: 'six@example.com' })
    const token = await login(server, user.email)
    const asked: Record<string, unknown> = {}
    for (const language of ['en', 'es-MX', 'ja', 'pt-BR', 'th', 'vi']) {
      asked[language] = (await patch(user.id, token, { email: 'six.new@example.com' }, language)).body
    }
    expect(asked).toEqual({
      en: { current_password: ['Please enter your current password'] },
      'es-MX': { current_password: ['Escribe tu contraseña actual'] },
      ja: { current_password: ['現在のパスワードを入力してください'] },
      'pt-BR': { current_password: ['Digite sua senha atual'] },
      th: { current_password: ['โปรดกรอกรหัสผ่านปัจจุบัน'] },
      vi: { current_password: ['Vui lòng nhập mật khẩu hiện tại'] },
    })
  })

  it('changes names, phone and language without it', async () => {
    const user = await createUser(server, { email: 'nopass@example.com' })
    const token = await login(server, user.email)
    const reply = await patch(user.id, token, { first_name: 'Nina', phone_code: '+1', phone_number: '5550100', language: 'ja' })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ first_name: 'Nina', language: 'ja' })
    // going back to the current address is not a change either
    expect((await patch(user.id, token, { email: 'NoPass@example.com' })).status).toBe(200)
  })

  it('for an account without a password, takes a social sign-in of the last 10 minutes', async () => {
    const { user, token } = await socialAccount('social-only@example.com')
    const fresh = await patch(user.id, token, { email: 'social-new@example.com' })
    expect(fresh.status).toBe(200)
    expect(fresh.body.unconfirmed_email).toBe('social-new@example.com')

    const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000)
    const old = await createSession(server.db, user.id, elevenMinutesAgo, 3600, 'social')
    const before = await snapshot(server)
    const stale = await patch(user.id, old.token, { email: 'social-other@example.com' })
    expect(stale.status).toBe(403)
    expect(stale.body).toEqual({
      detail: 'For your security, sign in again with your social account, then make this change within 10 minutes.',
      code: 'reauthenticate',
    })
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('the password of an account without one', () => {
  it('is defined only from a fresh social sign-in', async () => {
    const { user, token } = await socialAccount('define@example.com')
    const url = `/v1/accounts/${user.id}/password`
    const body = { new_password: 'my own phrase', confirm_new_password: 'my own phrase' }
    // a session that is not a social sign-in (or an old one) is not enough
    const other = await createSession(server.db, user.id, new Date(), 3600)
    const before = await snapshot(server)
    const refused = await server.api('PUT', url, { token: other.token, body })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('reauthenticate')
    expect(await snapshot(server)).toEqual(before)
    expect((await server.api('PUT', url, { token, body })).status).toBe(204)
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: user.email, password: 'my own phrase' } })).status).toBe(200)
  })
})

describe('the old address and its undo link', () => {
  const requestChange = async (email: string, to: string, language = 'en') => {
    const user = await createUser(server, { email, firstName: 'Olga', language })
    const token = await login(server, email)
    const other = await login(server, email)
    const reply = await patch(user.id, token, { email: to, current_password: PASSWORD })
    expect(reply.status).toBe(200)
    return { user, token, other }
  }

  it('is told of the change in its language, and undoing drops the pending change and ends every session', async () => {
    const { user, token, other } = await requestChange('olga@example.com', 'olga.new@example.com', 'pt-BR')
    const [told] = await server.mails('olga@example.com')
    expect(told?.language).toBe('pt-BR')
    expect(told?.subject).toBe('Foi solicitada uma alteração do seu endereço de e-mail')
    expect(told?.text).toContain('olga.new@example.com')
    const link = await server.linkFor('olga@example.com', '/undo-email-change')
    const confirmLink = await server.linkFor('olga.new@example.com', '/confirm-account')

    const reply = await server.api('POST', '/v1/accounts/email/undo/', { body: { token: link.searchParams.get('token') }, language: 'pt-BR' })
    expect(reply.status).toBe(200)
    expect(reply.body.detail).toMatch(/Redefina sua senha/)
    expect(await userRow(user.id)).toMatchObject({ email: 'olga@example.com', unconfirmedEmail: null })
    for (const session of [token, other]) expect((await server.api('GET', `/v1/accounts/${user.id}`, { token: session })).body).toEqual(EXPIRED)
    // the confirmation link of the change is dead, and so is the undo link
    expect((await server.api('POST', '/v1/accounts/confirm/', { body: { token: confirmLink.searchParams.get('token') } })).status).toBe(400)
    const again = await undo(link.searchParams.get('token'))
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ token: ['This link is invalid, has expired or was already used.'] })
    expect((await userRow(user.id))?.email).toBe('olga@example.com')
  })

  it('restores the old address after the change was confirmed', async () => {
    const { user, token } = await requestChange('pavel@example.com', 'pavel.thief@example.com')
    const undoLink = await server.linkFor('pavel@example.com', '/undo-email-change')
    const confirmLink = await server.linkFor('pavel.thief@example.com', '/confirm-account')
    expect((await server.api('POST', '/v1/accounts/confirm/', { body: { token: confirmLink.searchParams.get('token') } })).status).toBe(200)
    expect((await userRow(user.id))?.email).toBe('pavel.thief@example.com')

    expect((await undo(undoLink.searchParams.get('token'))).status).toBe(200)
    expect(await userRow(user.id)).toMatchObject({ email: 'pavel@example.com', unconfirmedEmail: null })
    expect((await server.api('GET', `/v1/accounts/${user.id}`, { token })).body).toEqual(EXPIRED)
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'pavel@example.com', password: PASSWORD } })).status).toBe(200)
  })

  it('refuses an unknown or expired link and changes nothing', async () => {
    await requestChange('quinn@example.com', 'quinn.new@example.com')
    const link = await server.linkFor('quinn@example.com', '/undo-email-change')
    const before = await snapshot(server)
    expect((await undo('not-a-real-token')).status).toBe(400)
    server.advance(8 * 24 * 3600)
    expect((await undo(link.searchParams.get('token'))).status).toBe(400)
    expect(await snapshot(server)).toEqual(before)
  })
})
