import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedLocales } from '../../locales/languages.js'
import { translatorFor } from '../../locales/server.js'
import { createOrganization } from '../../server/app.js'
import { credentials, memberships, users } from '../../server/db/schema.js'
import { answerWithin, gatedMailer } from './gated-mailer.js'
import { countRows, createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/** Sign-up, confirmation by the mailed link, and login. */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const signUp = (body: Record<string, unknown>, language?: string) =>
  server.api('POST', '/v1/accounts/sign_in', { body, ...(language ? { language } : {}) })

const loginWith = (email: string, password: string) =>
  server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password } })

const userByEmail = async (email: string) => {
  const [user] = await server.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`)
  if (!user) throw new Error(`no account for ${email}`)
  return user
}

describe('sign-up with a password', () => {
  it('creates an unconfirmed account, mails a confirmation link, and login waits for it', async () => {
    const reply = await signUp({ first_name: ' Ada ', last_name: 'Lovelace', email: 'Ada@Example.com', password: 'analytical engine' })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ email: 'Ada@Example.com', confirmed: false })

    const stored = await userByEmail('ada@example.com')
    expect(stored.firstName).toBe('Ada')
    expect(stored.confirmedAt).toBeNull()
    const [credential] = await server.db.select().from(credentials).where(eq(credentials.userId, stored.id))
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$/)

    const before = await loginWith('ada@example.com', 'analytical engine')
    expect(before.status).toBe(403)
    expect(before.body).toEqual({
      detail: 'Confirm your email address before logging in. Check your inbox for the link.',
      code: 'unconfirmed',
    })

    const [mail] = await server.mails('ada@example.com')
    expect(mail?.subject).toBe('Confirm your email address')
    expect(mail?.html).toContain('<a href="http://portal.test/confirm-account?token=')
    const link = await server.linkFor('ada@example.com', '/confirm-account')
    expect(link.origin).toBe('http://portal.test')
    const token = link.searchParams.get('token')
    // the sign-up's password proves the opener signed up: the account keeps it
    const confirmed = await server.api('POST', '/v1/accounts/confirm/', { body: { token, password: 'analytical engine' } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ email: 'Ada@Example.com' })

    // opened again: said to be confirmed already, not a dead link (tests/api/dead-links.test.ts)
    const again = await server.api('POST', '/v1/accounts/confirm/', { body: { token } })
    expect(again.body).toEqual({ email: 'Ada@Example.com', already_confirmed: true })

    const after = await loginWith('ADA@example.COM', 'analytical engine')
    expect(after.status).toBe(200)
    expect(after.body).toEqual({ token: expect.any(String), user_id: stored.id, expires_at: expect.any(String) })
    expect(after.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('answers a known address (in any case) like a new one, changes nothing and mails the owner instead', async () => {
    const owner = await userByEmail('ada@example.com')
    const accountRows = async () => ({
      user: await userByEmail('ada@example.com'),
      credentials: await server.db.select().from(credentials).where(eq(credentials.userId, owner.id)),
      users: await countRows(server, 'users'),
      memberships: await countRows(server, 'memberships'),
      sessions: await countRows(server, 'sessions'),
    })
    const before = await accountRows()
    const organization = await createOrganization(server.db, { name: 'Eve School', type: 'school' })
    const attempt = { first_name: 'Eve', last_name: 'Copy', password: 'another engine', invitation_code: organization.invitationCode }
    const known = await signUp({ ...attempt, email: 'ADA@EXAMPLE.COM' })
    const fresh = await signUp({ ...attempt, email: 'eve.fresh@example.com' })
    expect(fresh.status).toBe(201)
    expect(known.status).toBe(fresh.status)
    expect(known.body).toEqual({ email: 'ADA@EXAMPLE.COM', confirmed: false })
    expect(Object.keys(known.body)).toEqual(Object.keys(fresh.body))
    // nothing of the account changed: no new account, password, membership or session
    expect(await accountRows()).toEqual({ ...before, users: before.users + 1, memberships: before.memberships + 1 })
    expect((await loginWith('ada@example.com', 'another engine')).status).toBe(400)
    expect((await loginWith('ada@example.com', 'analytical engine')).status).toBe(200)

    const [mail] = await server.mails('ada@example.com')
    expect(mail?.subject).toBe('Someone tried to sign up with your email address')
    expect(mail?.text).toContain('Hi Ada,')
    expect(mail?.text).toContain('Someone tried to create a new Pronunciation Portal account with Ada@Example.com.')
    expect(mail?.links).toContain('http://portal.test/login')
    expect(mail?.html).toContain('<a href="http://portal.test/login">')
    // the reset link of the mail works
    const reset = await server.linkFor('ada@example.com', '/reset-password')
    const done = await server.api('POST', '/v1/accounts/reset_password/confirm/', {
      body: { token: reset.searchParams.get('token'), password: 'analytical engine two' },
    })
    expect(done.status).toBe(200)
    expect((await loginWith('ada@example.com', 'analytical engine two')).status).toBe(200)
  })

  it("mails the owner of a known address in the owner's language, whatever the language of the attempt", async () => {
    for (const language of supportedLocales) {
      const email = `owner-${language.toLowerCase()}@example.com`
      await createUser(server, { email, language, firstName: 'Kim' })
      const reply = await signUp({ first_name: 'Not', last_name: 'Owner', email, password: 'someone else here' }, 'en')
      expect(reply.status).toBe(201)
      const [mail] = await server.mails(email)
      const m = translatorFor(language).mail.signUpAttempt
      expect(mail?.language).toBe(language)
      expect(mail?.subject).toBe(m.subject())
      expect(mail?.text).toContain(m.body({ email }))
      expect(mail?.text).toContain(`${m.login()}: http://portal.test/login`)
      expect(mail?.links.some((link) => new URL(link).pathname === '/reset-password')).toBe(true)
    }
  })

  it('refuses wrong credentials with one message that does not tell which part is wrong', async () => {
    const wrongPassword = await loginWith('ada@example.com', 'not it at all')
    const unknown = await loginWith('nobody@example.com', 'not it at all')
    expect(wrongPassword.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(wrongPassword.body).toEqual(unknown.body)
    expect(wrongPassword.body).toEqual({ detail: 'The email or password is not correct.', code: 'invalid_credentials' })
  })

  it('refuses a disabled account', async () => {
    const user = await createUser(server, { email: 'gone@example.com' })
    await server.db.update(users).set({ disabled: true }).where(eq(users.id, user.id))
    const reply = await loginWith('gone@example.com', 'a fine passphrase')
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('disabled')
  })

  it('writes the confirmation mail in the language chosen at sign-up', async () => {
    const reply = await signUp({ first_name: '花子', last_name: '山田', email: 'hanako@example.jp', password: 'sakura blossom', language: 'ja' })
    expect(reply.status).toBe(201)
    const [mail] = await server.mails('hanako@example.jp')
    expect(mail?.language).toBe('ja')
    expect(mail?.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    expect(mail?.subject).not.toBe('Confirm your email address')
    expect(mail?.text).toContain('花子')
  })

  it('takes the language of Accept-Language when none is chosen', async () => {
    const reply = await signUp({ first_name: 'Luz', last_name: 'Ramos', email: 'luz@example.mx', password: 'mariposa azul' }, 'es-MX,es;q=0.9')
    expect(reply.status).toBe(201)
    const [mail] = await server.mails('luz@example.mx')
    expect(mail?.language).toBe('es-MX')
    expect((await userByEmail('luz@example.mx')).language).toBe('es-MX')
  })
})

describe('resend confirmation', () => {
  it('mails a new link to an unconfirmed account, and answers the same for any address', async () => {
    await signUp({ first_name: 'Rae', last_name: 'Sent', email: 'rae@example.com', password: 'resend me please' })
    const mailsBefore = await countRows(server, 'mail_outbox')
    const known = await server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'RAE@example.com' } })
    const unknown = await server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'nobody@example.com' } })
    const confirmed = await server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'ada@example.com' } })
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(confirmed.body).toEqual(known.body)
    expect(await countRows(server, 'mail_outbox')).toBe(mailsBefore + 1)
    // both the first and the new link work; one is enough
    const link = await server.linkFor('rae@example.com', '/confirm-account')
    const reply = await server.api('POST', '/v1/accounts/confirm/', { body: { token: link.searchParams.get('token') } })
    expect(reply.status).toBe(200)
  })

  it('expires confirmation links after three days', async () => {
    await signUp({ first_name: 'Old', last_name: 'Link', email: 'late@example.com', password: 'too late now' })
    const link = await server.linkFor('late@example.com', '/confirm-account')
    server.advance(3 * 24 * 3600 + 60)
    const reply = await server.api('POST', '/v1/accounts/confirm/', { body: { token: link.searchParams.get('token') } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ token: ['This confirmation link is invalid or has expired.'] })
  })
})

describe('confirmation mails say until when their link works', () => {
  // the server's clock held at 2025-03-05 23:30 UTC: a link of three days works until 2025-03-08 23:30 UTC
  let fixed: TestServer
  beforeAll(async () => {
    fixed = await startServer({ now: '2025-03-05T23:30:00Z' })
  })
  afterAll(() => fixed.close())

  // ICU writes U+0020 or U+202F before a day period depending on its version; a reader sees a space either way
  const spaced = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/gu, ' ')
  const signUpFixed = (body: Record<string, unknown>, language?: string) =>
    fixed.api('POST', '/v1/accounts/sign_in', { body, ...(language ? { language } : {}) })

  it('in English, in UTC', async () => {
    await signUpFixed({ first_name: 'Tim', last_name: 'Ely', email: 'tim@example.com', password: 'three days left' })
    const [mail] = await fixed.mails('tim@example.com')
    expect(spaced(mail?.text)).toContain('This link works until 03/08/2025, 11:30 PM UTC.')
    expect(spaced(mail?.html)).toContain('This link works until 03/08/2025, 11:30 PM UTC.')
  })

  it('in the language chosen at sign-up: Brazilian Portuguese, day first and 24 hours', async () => {
    await signUpFixed({ first_name: 'João', last_name: 'Silva', email: 'joao@example.br', password: 'tres dias ainda', language: 'pt-BR' })
    const [mail] = await fixed.mails('joao@example.br')
    expect(mail?.language).toBe('pt-BR')
    expect(mail?.text).toContain('Este link funciona até 08/03/2025, 23:30 UTC.')
  })

  it('in the language of Accept-Language: Mexican Spanish', async () => {
    await signUpFixed({ first_name: 'Luz', last_name: 'Ramos', email: 'luz@example.mx', password: 'mariposa azul' }, 'es-MX')
    const [mail] = await fixed.mails('luz@example.mx')
    expect(mail?.language).toBe('es-MX')
    expect(spaced(mail?.text)).toContain('Este enlace funciona hasta el 08/03/2025, 11:30 p.m. UTC.')
  })

  it('for a new address of an e-mail change too, three days after the change (Vietnamese)', async () => {
    const user = await createUser(fixed, { email: 'minh@example.vn', language: 'vi', firstName: 'Minh' })
    const token = await login(fixed, user.email)
    fixed.advance(24 * 3600)
    const reply = await fixed.api('PATCH', `/v1/accounts/${user.id}`, { token, body: { email: 'minh.new@example.vn', current_password: 'a fine passphrase' } })
    expect(reply.status).toBe(200)
    const [mail] = await fixed.mails('minh.new@example.vn')
    expect(mail?.language).toBe('vi')
    expect(mail?.text).toContain('Đường liên kết này có hiệu lực đến 23:30 UTC 09/03/2025.')
  })
})

describe('sign-up that joins an organization', () => {
  it('joins by invitation code, case-insensitively, as a student', async () => {
    const organization = await createOrganization(server.db, { name: 'Code School', type: 'school' })
    const reply = await signUp({
      first_name: 'Cody',
      last_name: 'Student',
      email: 'cody@example.com',
      password: 'secret code word',
      invitation_code: organization.invitationCode.toLowerCase(),
    })
    expect(reply.status).toBe(201)
    const rows = await server.db.select().from(memberships).where(eq(memberships.userId, (await userByEmail('cody@example.com')).id))
    expect(rows.map((row) => [row.organizationId, row.role])).toEqual([[organization.id, 'student']])
  })

  it('creates a confirmed account for the address of an invitation', async () => {
    const { organization, admin } = await createOrganizationWithPeople(server)
    const invited = await server.api('POST', '/v1/accounts/invite/', {
      token: admin.token,
      body: { organization: organization.id, role: 'teacher', emails: ['newbie@example.com'] },
    })
    expect(invited.status).toBe(201)
    const token = await inviteTokenFor(server, 'newbie@example.com')
    const payload = (await server.api('GET', `/v1/invitations/validate/${token}/`)).body
    expect(payload.new_user).toBe(true)

    const reply = await signUp({
      first_name: 'New',
      last_name: 'Bie',
      email: 'newbie@example.com',
      password: 'invited at last',
      invite_token: payload.token,
    })
    expect(reply.status).toBe(201)
    expect(reply.body.confirmed).toBe(true)
    expect((await loginWith('newbie@example.com', 'invited at last')).status).toBe(200)
  })

  it('refuses an invite token that is not valid', async () => {
    const reply = await signUp({ first_name: 'No', last_name: 'Invite', email: 'noinvite@example.com', password: 'no invite here', invite_token: 'made-up' })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ invite_token: ['Invitation is expired or not valid'] })
  })
})

describe('the answer of a sign-up does not wait for its mail', () => {
  // every mail waits until released: the answers must come before, known address or not
  const gated = gatedMailer()
  let held: TestServer
  beforeAll(async () => {
    held = await startServer({ mailDelivery: gated.deliver })
  })
  afterAll(() => held.close())

  it('answers a new and a known address alike before any mail goes out, and the mails go out afterwards', async () => {
    await createUser(held, { email: 'known@example.com', firstName: 'Kai' })
    const attempt = { first_name: 'Some', last_name: 'One', password: 'no waiting here' }
    const known = await answerWithin(held.api('POST', '/v1/accounts/sign_in', { body: { ...attempt, email: 'known@example.com' } }))
    const fresh = await answerWithin(held.api('POST', '/v1/accounts/sign_in', { body: { ...attempt, email: 'fresh@example.com' } }))
    if (known === 'no answer' || fresh === 'no answer') throw new Error('a sign-up waited for its mail')
    expect([known.status, fresh.status]).toEqual([201, 201])
    expect(gated.sent).toEqual([])

    gated.release()
    await held.app.portal.background.settled()
    await held.app.portal.mailer.deliverDue()
    expect(gated.sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ['fresh@example.com', 'Confirm your email address'],
      ['known@example.com', 'Someone tried to sign up with your email address'],
    ])
  })

  it('answers a resend of the confirmation before its mail goes out, as for an unknown address', async () => {
    const gate = gatedMailer()
    const waiting = await startServer({ mailDelivery: gate.deliver })
    try {
      await createUser(waiting, { email: 'unconfirmed@example.com', confirmed: false })
      const resend = (email: string) => answerWithin(waiting.api('POST', '/v1/accounts/send_confirmation/', { body: { email } }))
      const known = await resend('unconfirmed@example.com')
      const unknown = await resend('nobody@example.com')
      if (known === 'no answer' || unknown === 'no answer') throw new Error('the resend waited for its mail')
      expect(known.status).toBe(200)
      expect(known.body).toEqual(unknown.body)
      expect(gate.sent).toEqual([])
      gate.release()
      await waiting.app.portal.background.settled()
      await waiting.app.portal.mailer.deliverDue()
      expect(gate.sent.map((mail) => [mail.to, mail.subject])).toEqual([['unconfirmed@example.com', 'Confirm your email address']])
    } finally {
      await waiting.close()
    }
  })
})

describe('sign-up with an invitation for an address that has an account', () => {
  it('answers as for a new account, and only the owner can go on by logging in', async () => {
    const { organization, admin } = await createOrganizationWithPeople(server)
    await createUser(server, { email: 'invited.owner@example.com', password: 'the owner knows' })
    const invited = await server.api('POST', '/v1/accounts/invite/', {
      token: admin.token,
      body: { organization: organization.id, role: 'teacher', emails: ['invited.owner@example.com'] },
    })
    expect(invited.status).toBe(201)
    const token = await inviteTokenFor(server, 'invited.owner@example.com')
    // the link itself sends an existing account to the login
    const payload = (await server.api('GET', `/v1/invitations/validate/${token}/`)).body
    expect(payload.new_user).toBe(false)

    const before = await snapshot(server)
    const reply = await signUp({
      first_name: 'Not',
      last_name: 'Owner',
      email: 'invited.owner@example.com',
      password: 'a guessed password',
      invite_token: payload.token,
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ email: 'invited.owner@example.com', confirmed: true })
    const after = await snapshot(server)
    expect({ ...after, mail_outbox: before.mail_outbox, one_time_tokens: before.one_time_tokens }).toEqual(before)
    expect((await loginWith('invited.owner@example.com', 'a guessed password')).status).toBe(400)
    const owner = await loginWith('invited.owner@example.com', 'the owner knows')
    expect(owner.status).toBe(200)
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', {
      token: owner.body.token,
      body: { token: payload.token, email: 'invited.owner@example.com' },
    })
    expect(accepted.status).toBe(200)
  })
})
