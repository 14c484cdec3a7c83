import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.js'
import { credentials, invitations, memberships, oneTimeTokens, users } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * The mailed link of a sign-up is the first proof of its address (issue 18): the page asks what the link
 * stands for (checkConfirmation), then confirms with the sign-up's password (kept), confirms without it
 * (the password and whatever else was set before go, and the answer hands a reset token), or deletes the
 * account when its opener did not sign up ("This wasn't me", declineAccount).
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const SIGN_UP_PASSWORD = 'the password chosen at sign-up'
const check = (token: unknown) => server.api('POST', '/v1/accounts/confirm/check/', { body: { token } })
const confirm = (body: Record<string, unknown>) => server.api('POST', '/v1/accounts/confirm/', { body })
const decline = (token: unknown) => server.api('POST', '/v1/accounts/confirm/decline/', { body: { token } })
const loginWith = (email: string, password: string) => server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password } })
const userByEmail = async (email: string) => (await server.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0]
const deadLink = { token: ['This confirmation link is invalid or has expired.'] }

/** A sign-up with a password; answers the token of its mailed link. */
const signUp = async (email: string, extra: Record<string, unknown> = {}) => {
  const reply = await server.api('POST', '/v1/accounts/sign_in', {
    body: { first_name: 'Nia', last_name: 'Sato', email, password: SIGN_UP_PASSWORD, ...extra },
  })
  expect(reply.status).toBe(201)
  return (await server.linkFor(email, '/confirm-account')).searchParams.get('token') as string
}

describe('POST /v1/accounts/confirm/check/', () => {
  it('tells a sign-up link, an e-mail change link and a used one apart, without spending any', async () => {
    const token = await signUp('check.signup@example.com')
    const before = await snapshot(server)
    for (let i = 0; i < 2; i++) {
      const reply = await check(token)
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({ email: 'check.signup@example.com', purpose: 'sign_up', has_password: true })
    }
    expect(await snapshot(server)).toEqual(before)

    const mover = await createUser(server, { email: 'check.old@example.com' })
    const session = await login(server, mover.email)
    const asked = await server.api('PATCH', `/v1/accounts/${mover.id}`, {
      token: session,
      body: { email: 'check.new@example.com', current_password: 'a fine passphrase' },
    })
    expect(asked.status).toBe(200)
    const change = (await server.linkFor('check.new@example.com', '/confirm-account')).searchParams.get('token')
    expect((await check(change)).body).toEqual({ email: 'check.new@example.com', purpose: 'email_change', has_password: true })

    expect((await confirm({ token, password: SIGN_UP_PASSWORD })).status).toBe(200)
    expect((await check(token)).body).toEqual({ email: 'check.signup@example.com', has_password: true, already_confirmed: true })
    const dead = await check('made-up-token')
    expect(dead.status).toBe(400)
    expect(dead.body).toEqual(deadLink)
  })
})

describe('POST /v1/accounts/confirm/ of a sign-up link', () => {
  it('keeps the password the opener proves, and the login takes it', async () => {
    const token = await signUp('keeps@example.com')
    const reply = await confirm({ token, password: SIGN_UP_PASSWORD })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ email: 'keeps@example.com' })
    expect((await loginWith('keeps@example.com', SIGN_UP_PASSWORD)).status).toBe(200)
  })

  it('refuses a wrong password, changes nothing and keeps the link', async () => {
    const token = await signUp('wrong.guess@example.com')
    const before = await snapshot(server)
    const tokensBefore = await server.db.select().from(oneTimeTokens).orderBy(oneTimeTokens.id)
    const reply = await confirm({ token, password: 'a guess of someone else' })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ password: ['This is not the password chosen when the account was created.'] })
    expect(await snapshot(server)).toEqual(before)
    expect(await server.db.select().from(oneTimeTokens).orderBy(oneTimeTokens.id)).toEqual(tokensBefore)
    expect((await userByEmail('wrong.guess@example.com'))?.confirmedAt).toBeNull()
    expect((await confirm({ token, password: SIGN_UP_PASSWORD })).body).toEqual({ email: 'wrong.guess@example.com' })
  })

  it('counts wrong passwords as failed logins of the address: the sixth try from one client waits, the link kept', async () => {
    // the real limit per e-mail from one client address (the suite's server allows far more)
    const limited = await startServer({ env: { RATE_LIMIT_PER_EMAIL: '5' } })
    try {
      const reply = await limited.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Nia', last_name: 'Sato', email: 'guessed@example.com', password: SIGN_UP_PASSWORD },
      })
      expect(reply.status).toBe(201)
      const token = (await limited.linkFor('guessed@example.com', '/confirm-account')).searchParams.get('token')
      const tryWith = (password: string) => limited.api('POST', '/v1/accounts/confirm/', { body: { token, password } })
      for (let i = 0; i < 5; i++) expect((await tryWith(`guess number ${i}`)).status).toBe(400)
      const before = await snapshot(limited)
      const sixth = await tryWith(SIGN_UP_PASSWORD)
      expect(sixth.status).toBe(429)
      expect(sixth.body.code).toBe('rate_limited')
      expect(await snapshot(limited)).toEqual(before)
      const checked = await limited.api('POST', '/v1/accounts/confirm/check/', { body: { token } })
      expect(checked.body).toEqual({ email: 'guessed@example.com', purpose: 'sign_up', has_password: true })
    } finally {
      await limited.close()
    }
  })

  it('without the password, removes it and the sessions set before the proof, and hands a token to choose one', async () => {
    const token = await signUp('forgot@example.com')
    const account = await userByEmail('forgot@example.com')
    const earlier = await createSession(server.db, account!.id, new Date(), 3600)
    const reply = await confirm({ token })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ email: 'forgot@example.com', reset_token: expect.any(String), removed: ['password', 'sessions'] })
    expect(await server.db.select().from(credentials).where(eq(credentials.userId, account!.id))).toEqual([])
    expect((await server.api('GET', `/v1/accounts/${account!.id}`, { token: earlier.token })).status).toBe(401)
    expect((await loginWith('forgot@example.com', SIGN_UP_PASSWORD)).status).toBe(400)

    // the token is a reset link's: the reset-password page checks it and sets the password
    expect((await server.api('POST', '/v1/accounts/reset_password/validate/', { body: { token: reply.body.reset_token } })).status).toBe(204)
    const chosen = await server.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token: reply.body.reset_token, password: 'my very own words' } })
    expect(chosen.status).toBe(200)
    expect((await loginWith('forgot@example.com', 'my very own words')).status).toBe(200)
  })
})

describe('POST /v1/accounts/confirm/decline/ ("This wasn\'t me")', () => {
  it('deletes the unconfirmed account of the link with its memberships, and nothing else happens', async () => {
    const { organization, admin } = await createOrganizationWithPeople(server, { prefix: 'decline' })
    // the real owner of the address was invited: that invitation is hers and stays
    const invited = await server.api('POST', '/v1/accounts/invite/', {
      token: admin.token,
      body: { organization: organization.id, role: 'teacher', emails: ['declined@example.com'] },
    })
    expect(invited.status).toBe(201)
    const token = await signUp('declined@example.com', { invitation_code: organization.invitationCode })
    const account = await userByEmail('declined@example.com')
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, account!.id))).toHaveLength(1)
    const before = await snapshot(server)

    const reply = await decline(token)
    expect(reply.status).toBe(204)
    expect(await userByEmail('declined@example.com')).toBeUndefined()
    const less = (table: string) => (before[table] ?? 0) - 1
    // the link itself goes with its account
    expect(await snapshot(server)).toEqual({
      ...before,
      users: less('users'),
      credentials: less('credentials'),
      memberships: less('memberships'),
      one_time_tokens: less('one_time_tokens'),
    })
    expect(await server.db.select().from(invitations).where(eq(invitations.email, 'declined@example.com'))).toHaveLength(1)
    expect((await server.mails('declined@example.com')).map((mail) => mail.subject)).toEqual([
      'Confirm your email address',
      expect.stringContaining('invited'),
    ])
    expect((await loginWith('declined@example.com', SIGN_UP_PASSWORD)).status).toBe(400)
    // the link is dead now, for both calls
    expect((await decline(token)).body).toEqual(deadLink)
    expect((await confirm({ token })).body).toEqual(deadLink)
  })

  it('refuses a confirmed account, an e-mail change and a made-up link, and changes nothing', async () => {
    const confirmedToken = await signUp('stays@example.com')
    // a second link of the same account, still unused, after the account was confirmed with the first
    await server.api('POST', '/v1/accounts/send_confirmation/', { body: { email: 'stays@example.com' } })
    const later = (await server.linkFor('stays@example.com', '/confirm-account')).searchParams.get('token')
    expect((await confirm({ token: confirmedToken, password: SIGN_UP_PASSWORD })).status).toBe(200)

    const mover = await createUser(server, { email: 'mover@example.com' })
    const session = await login(server, mover.email)
    await server.api('PATCH', `/v1/accounts/${mover.id}`, {
      token: session,
      body: { email: 'mover.new@example.com', current_password: 'a fine passphrase' },
    })
    const change = (await server.linkFor('mover.new@example.com', '/confirm-account')).searchParams.get('token')

    const before = await snapshot(server)
    for (const token of [confirmedToken, later, change, 'made-up-token']) {
      const reply = await decline(token)
      expect(reply.status).toBe(400)
      expect(reply.body).toEqual(deadLink)
    }
    expect(await snapshot(server)).toEqual(before)
    expect((await check(later)).body).toMatchObject({ already_confirmed: true })
    expect((await check(change)).body).toMatchObject({ purpose: 'email_change' })
  })
})
