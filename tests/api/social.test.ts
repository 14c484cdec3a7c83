import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createSession } from '../../server/auth/sessions.js'
import { credentials, users } from '../../server/db/schema.js'
import { linkOidcIdentity } from '../../server/accounts/queries.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, startServer, type TestServer } from './harness.js'

/**
 * Social sign-in against a real OpenID Connect provider (oidc-provider 9) on 127.0.0.1, driven through
 * its development login and consent forms with fetch, cookies carried by hand.
 */

const PUBLIC_URL = 'http://portal.test'
const CALLBACK = `${PUBLIC_URL}/v1/auth/social/oidc/callback`

const people: Record<string, Record<string, unknown>> = {
  grace: { email: 'grace@example.org', email_verified: true, given_name: 'Grace', family_name: 'Hopper' },
  linus: { email: 'linus@example.org', email_verified: true, name: 'Linus Torvalds' },
  mallory: { email: 'owner@example.org', email_verified: false, given_name: 'Mallory', family_name: 'Fake' },
  owner: { email: 'owner@example.org', email_verified: true, given_name: 'Olive', family_name: 'Owner' },
  victim: { email: 'victim@example.org', email_verified: true, given_name: 'Vera', family_name: 'Victim' },
  // the account takeovers of issue 18: an attacker's identity that claims the address without proof, and its owner's
  claimer: { email: 'ruth@example.org', email_verified: false, given_name: 'Ruth', family_name: 'Owner' },
  ruth: { email: 'ruth@example.org', email_verified: true, given_name: 'Ruth', family_name: 'Owner' },
  'claimer-una': { email: 'una@example.org', email_verified: false, given_name: 'Una', family_name: 'Owner' },
  'planter-sam-link': { email: 'sam.link@example.org', email_verified: false, given_name: 'Sam', family_name: 'Owner' },
  'planter-sam-social': { email: 'sam.social@example.org', email_verified: false, given_name: 'Sam', family_name: 'Owner' },
  'planter-sam-reset': { email: 'sam.reset@example.org', email_verified: false, given_name: 'Sam', family_name: 'Owner' },
  'sam-link': { email: 'sam.link@example.org', email_verified: true, given_name: 'Sam', family_name: 'Owner' },
  'sam-social': { email: 'sam.social@example.org', email_verified: true, given_name: 'Sam', family_name: 'Owner' },
  'sam-reset': { email: 'sam.reset@example.org', email_verified: true, given_name: 'Sam', family_name: 'Owner' },
  tess: { email: 'tess@example.org', email_verified: true, given_name: 'Tess', family_name: 'Owner' },
}

let issuer: string
let httpServer: Server
let server: TestServer

beforeAll(async () => {
  httpServer = createServer()
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'portal',
        client_secret: 'portal-secret-for-tests-only',
        redirect_uris: [CALLBACK],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    findAccount: async (_ctx, sub) =>
      people[sub] ? { accountId: sub, claims: async () => ({ sub, ...people[sub] }) } : undefined,
    cookies: { keys: ['a cookie signing key for tests'] },
    features: { devInteractions: { enabled: true } },
  })
  httpServer.on('request', provider.callback())
  server = await startServer({
    env: { PUBLIC_URL, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'portal-secret-for-tests-only', OIDC_NAME: 'Test ID' },
  })
})

afterAll(async () => {
  await server?.close()
  await new Promise((resolve) => httpServer?.close(resolve))
})

/** A browser for the provider: follows redirects by hand and keeps its cookies. */
class Browser {
  private cookies = new Map<string, string>()

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {}
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let body: string | undefined
    if (init.form) {
      body = new URLSearchParams(init.form).toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /**
   * From the provider's authorization URL to the redirect back to the portal: logs in as `login` on the
   * development form and consents. Answers the portal callback URL.
   */
  async signIn(authorizationUrl: string, login: string): Promise<URL> {
    let url = authorizationUrl
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(PUBLIC_URL)) return new URL(url)
      const response = await this.request(url)
      const location = response.headers.get('location')
      if (location) {
        url = new URL(location, url).href
        continue
      }
      const html = await response.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1]
      if (!action || !prompt) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 500)}`)
      const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }
      const submitted = await this.request(new URL(action, url).href, { method: 'POST', form })
      const next = submitted.headers.get('location')
      if (!next) throw new Error(`the provider did not redirect after ${prompt}: ${submitted.status} ${await submitted.text()}`)
      url = new URL(next, url).href
    }
    throw new Error('too many redirects')
  }
}

/** start → provider → callback; answers the login page URL the portal redirects to. */
const socialLogin = async (login: string, query = ''): Promise<URL> => {
  const start = await server.api('GET', `/v1/auth/social/oidc/start${query}`)
  expect(start.status).toBe(302)
  const authorizationUrl = String(start.headers.location)
  expect(authorizationUrl.startsWith(`${issuer}/`)).toBe(true)
  const authorization = new URL(authorizationUrl)
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorization.searchParams.get('state')).toBeTruthy()
  expect(authorization.searchParams.get('nonce')).toBeTruthy()
  const callback = await new Browser().signIn(authorizationUrl, login)
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK)
  const back = await server.api('GET', `${callback.pathname}${callback.search}`)
  expect(back.status).toBe(302)
  return new URL(String(back.headers.location))
}

const ticketOf = (page: URL) => {
  expect(page.pathname).toBe('/login')
  const ticket = page.searchParams.get('social')
  expect(ticket, `social_error=${page.searchParams.get('social_error')}`).toBeTruthy()
  return ticket as string
}

const socialSignIn = (ticket: string) => server.api('PATCH', '/v1/accounts/sign_in', { body: { social_token: ticket } })

describe('social sign-in with OpenID Connect', () => {
  it('lists the configured provider', async () => {
    const reply = await server.api('GET', '/v1/auth/social/')
    expect(reply.body).toEqual({ providers: [{ id: 'oidc', name: 'Test ID' }] })
  })

  it('takes a new user through sign-up, a session and a pending invitation', async () => {
    const { organization, admin } = await createOrganizationWithPeople(server, { name: 'Harvard', prefix: 'hvd' })
    const invited = await server.api('POST', '/v1/accounts/invite/', {
      token: admin.token,
      body: { organization: organization.id, role: 'teacher', emails: ['grace@example.org'] },
    })
    expect(invited.status).toBe(201)
    // the ?invite= value the page of the mailed link /invite/<token> passes on: the payload the server gives for the token
    const preview = await server.api('GET', `/v1/invitations/validate/${await inviteTokenFor(server, 'grace@example.org')}/`)
    const { token: inviteToken, organization_name, email, new_user } = preview.body
    const invite = Buffer.from(JSON.stringify({ token: inviteToken, organization_name, email, new_user })).toString('base64url')

    const page = await socialLogin('grace', `?invite=${invite}`)
    expect(page.searchParams.get('invite')).toBe(invite)
    const ticket = ticketOf(page)

    const unknown = await socialSignIn(ticket)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({
      detail: 'Please create an account',
      code: 'account_required',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
    })

    const mismatch = await server.api('POST', '/v1/accounts/sign_in', {
      body: { first_name: 'Someone', last_name: 'Else', email: 'grace@example.org', social_token: ticket },
    })
    expect(mismatch.status).toBe(400)

    const created = await server.api('POST', '/v1/accounts/sign_in', {
      body: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org', social_token: ticket },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ email: 'grace@example.org', confirmed: true })

    const session = await socialSignIn(ticket)
    expect(session.status).toBe(200)
    const [grace] = await server.db.select().from(users).where(eq(users.email, 'grace@example.org'))
    expect(session.body.user_id).toBe(grace?.id)
    const userId = session.body.user_id as number
    const token = session.body.token as string
    // the ticket is spent
    expect((await socialSignIn(ticket)).status).toBe(400)

    const payload = JSON.parse(Buffer.from(invite, 'base64url').toString('utf8'))
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token, body: { token: payload.token, email: 'grace@example.org' } })
    expect(accepted.status).toBe(200)
    expect(accepted.body.organization).toEqual({ id: organization.id, name: 'Harvard', type: 'school', timezone: organization.timezone, roles: ['teacher'] })

    const account = await server.api('GET', `/v1/accounts/${userId}`, { token })
    expect(account.body).toMatchObject({ email: 'grace@example.org', has_password: false })
    // a social account defines a password with the new one twice
    const url = `/v1/accounts/${userId}/password`
    const mismatched = await server.api('PUT', url, { token, body: { new_password: 'cobol forever', confirm_new_password: 'cobol never' } })
    expect(mismatched.body).toEqual({ confirm_new_password: ["Two inputs don't match!"] })
    expect((await server.api('PUT', url, { token, body: { new_password: 'cobol forever', confirm_new_password: 'cobol forever' } })).status).toBe(204)
    expect((await server.api('GET', `/v1/accounts/${userId}`, { token })).body.has_password).toBe(true)
  })

  it('logs an existing user straight in', async () => {
    const ticket = ticketOf(await socialLogin('grace'))
    const session = await socialSignIn(ticket)
    expect(session.status).toBe(200)
    expect(session.body).toEqual({ token: expect.any(String), user_id: expect.any(Number), expires_at: expect.any(String) })
  })

  it('splits a full name when the provider gives no given and family names', async () => {
    const ticket = ticketOf(await socialLogin('linus'))
    const reply = await socialSignIn(ticket)
    expect(reply.body).toMatchObject({ code: 'account_required', first_name: 'Linus', last_name: 'Torvalds' })
  })

  it('links a verified identity to the password account with its e-mail, and refuses an unverified one', async () => {
    await createUser(server, { email: 'owner@example.org', firstName: 'Olive' })
    const unverified = await socialSignIn(ticketOf(await socialLogin('mallory')))
    expect(unverified.status).toBe(400)
    const verified = await socialSignIn(ticketOf(await socialLogin('owner')))
    expect(verified.status).toBe(200)
  })

  it('takes the account back from someone who signed up first with the address (pre-hijack)', async () => {
    const attackerLogin = { email: 'victim@example.org', password: 'attacker knows this' }
    const signedUp = await server.api('POST', '/v1/accounts/sign_in', {
      body: { first_name: 'Vera', last_name: 'Victim', ...attackerLogin },
    })
    expect(signedUp.status).toBe(201)
    const [planted] = await server.db.select().from(users).where(eq(users.email, 'victim@example.org'))
    if (!planted) throw new Error('the attacker account was not created')
    // a session the attacker would hold by any means: it must not survive the owner's sign-in
    const attackerSession = await createSession(server.db, planted.id, new Date(), 3600)
    expect((await server.api('GET', `/v1/accounts/${planted.id}`, { token: attackerSession.token })).status).toBe(200)

    const victim = await socialSignIn(ticketOf(await socialLogin('victim')))
    expect(victim.status).toBe(200)
    expect(victim.body.user_id).toBe(planted.id)
    const own = await server.api('GET', `/v1/accounts/${planted.id}`, { token: victim.body.token })
    expect(own.body).toMatchObject({ email: 'victim@example.org', has_password: false })

    const attacker = await server.api('POST', '/v1/accounts/login-legacy/', { body: attackerLogin })
    expect(attacker.status).toBe(400)
    expect(attacker.body.code).toBe('invalid_credentials')
    expect((await server.api('GET', `/v1/accounts/${planted.id}`, { token: attackerSession.token })).status).toBe(401)
    // the owner's own sign-in lives on, and a password can be defined through the reset
    expect((await server.api('GET', `/v1/accounts/${planted.id}`, { token: victim.body.token })).status).toBe(200)
    expect((await server.api('POST', '/v1/accounts/reset_password/', { body: { email: 'victim@example.org' } })).status).toBe(200)
    const token = (await server.linkFor('victim@example.org', '/reset-password')).searchParams.get('token')
    const reset = await server.api('POST', '/v1/accounts/reset_password/confirm/', {
      body: { token, password: 'only the owner knows' },
    })
    expect(reset.status).toBe(200)
    expect((await server.api('POST', '/v1/accounts/login-legacy/', { body: { email: 'victim@example.org', password: 'only the owner knows' } })).status).toBe(200)
  })

  it('refuses a made-up ticket', async () => {
    const reply = await socialSignIn('made-up')
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ social_token: ['Your sign-in with this provider has expired. Sign in with it again.'] })
  })

  it('sends the browser back with an error for a wrong state or a refusal', async () => {
    const forged = await server.api('GET', '/v1/auth/social/oidc/callback?code=abc&state=forged')
    expect(new URL(String(forged.headers.location)).searchParams.get('social_error')).toBe('invalid_state')
    const start = await server.api('GET', '/v1/auth/social/oidc/start')
    const state = new URL(String(start.headers.location)).searchParams.get('state')
    const denied = await server.api('GET', `/v1/auth/social/oidc/callback?error=access_denied&state=${state}`)
    expect(new URL(String(denied.headers.location)).searchParams.get('social_error')).toBe('access_denied')
    // the state was used up by that answer
    const replay = await server.api('GET', `/v1/auth/social/oidc/callback?code=abc&state=${state}`)
    expect(new URL(String(replay.headers.location)).searchParams.get('social_error')).toBe('invalid_state')
  })
})

/**
 * Issue 18: whatever proves an address first (the mailed link, a provider sign-in that verified it, a
 * reset link) leaves the account only what the prover holds, and an unverified provider e-mail never
 * makes or finds an account. Each attack is played as its steps, whatever the answers on the way: the
 * attacker tries, the owner does what the pages lead her to; what counts is the attacker's last try.
 */
describe('account takeover through an address not proven yet', () => {
  const userByEmail = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0]
  const passwordLogin = (email: string, password: string) => server.api('POST', '/v1/accounts/login-legacy/', { body: { email, password } })
  const signUpWith = (ticket: string, email: string) => {
    const { given_name, family_name } = Object.values(people).find((person) => person.email === email) ?? {}
    return server.api('POST', '/v1/accounts/sign_in', { body: { first_name: given_name, last_name: family_name, email, social_token: ticket } })
  }
  /** The owner's provider sign-in as the login page does it: a sign-up with the ticket first when there is no account. */
  const ownerSignsIn = async (login: string) => {
    const ticket = ticketOf(await socialLogin(login))
    const first = await socialSignIn(ticket)
    if (first.body.code !== 'account_required') return first
    expect((await signUpWith(ticket, String(people[login]?.email))).status).toBe(201)
    return socialSignIn(ticket)
  }
  /** The owner opens the newest confirmation link of her inbox, if any, knowing no password. */
  const ownerOpensConfirmation = async (email: string) => {
    const link = (await server.mails(email)).flatMap((mail) => mail.links).find((url) => new URL(url).pathname === '/confirm-account')
    if (!link) return undefined
    return server.api('POST', '/v1/accounts/confirm/', { body: { token: new URL(link).searchParams.get('token') } })
  }
  const expectNothingFor = (attempt: { status: number; body: Record<string, unknown> }) => {
    expect(attempt.status).toBe(400)
    expect(attempt.body).not.toHaveProperty('token')
  }

  it('route A, proven by the owner\'s provider sign-in: an identity that claimed the address unverified gets nothing', async () => {
    const claim = ticketOf(await socialLogin('claimer'))
    const tried = [(await socialSignIn(claim)).status, (await signUpWith(claim, 'ruth@example.org')).status]
    const owner = await ownerSignsIn('ruth')
    expect(owner.status).toBe(200)

    const attacker = await socialSignIn(ticketOf(await socialLogin('claimer')))
    expectNothingFor(attacker)
    // neither the sign-in nor the sign-up with the unverified ticket made an account, and no mail went out
    expect(tried).toEqual([400, 400])
    expect(attacker.body).toEqual({
      detail: 'Your sign-in provider has not verified this email address. Verify it there, or sign up with your email and a password.',
      code: 'email_unverified',
    })
    expect((await server.mails('ruth@example.org')).map((mail) => mail.subject)).toEqual([])
    const ruth = await userByEmail('ruth@example.org')
    expect(await server.db.select().from(credentials).where(eq(credentials.userId, ruth!.id))).toHaveLength(1)
  })

  it('route A, proven by the mailed link: an identity that claimed the address unverified gets nothing', async () => {
    const claim = ticketOf(await socialLogin('claimer-una'))
    const signedUp = await signUpWith(claim, 'una@example.org')
    const opened = await ownerOpensConfirmation('una@example.org')

    const attacker = await socialSignIn(ticketOf(await socialLogin('claimer-una')))
    expectNothingFor(attacker)
    expect(signedUp.body).toMatchObject({ code: 'email_unverified' })
    expect(opened).toBeUndefined()
    expect(await userByEmail('una@example.org')).toBeUndefined()
  })

  for (const [proof, owner] of [
    ['the mailed link', 'sam-link'],
    ['a verified provider sign-in', 'sam-social'],
    ['a password reset link', 'sam-reset'],
  ] as const) {
    it(`route A, with an identity linked before this fix: ${proof} drops it`, async () => {
      const email = String(people[owner]?.email)
      const attacker = `planter-${owner}`
      // what a sign-up with an unverified ticket left before this fix: an unconfirmed account linked to the attacker's identity
      const signedUp = await server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Sam', last_name: 'Owner', email, password: 'planted by the attacker' },
      })
      expect(signedUp.status).toBe(201)
      const planted = await userByEmail(email)
      await linkOidcIdentity(server.db, planted!.id, issuer, attacker) // the provider's subject is its login name

      if (proof === 'the mailed link') expect((await ownerOpensConfirmation(email))?.status).toBe(200)
      else if (proof === 'a verified provider sign-in') expect((await ownerSignsIn(owner)).status).toBe(200)
      else {
        await server.api('POST', '/v1/accounts/reset_password/', { body: { email } })
        const token = (await server.linkFor(email, '/reset-password')).searchParams.get('token')
        expect((await server.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token, password: 'only sam knows this' } })).status).toBe(200)
      }

      expectNothingFor(await socialSignIn(ticketOf(await socialLogin(attacker))))
      expect((await passwordLogin(email, 'planted by the attacker')).status).toBe(400)
      const kept = await server.db.select().from(credentials).where(eq(credentials.userId, planted!.id))
      expect(kept.map((row) => row.oidcSubject ?? 'password')).toEqual(proof === 'a verified provider sign-in' ? [owner] : proof === 'the mailed link' ? [] : ['password'])
    })
  }

  it('route B: a sign-up with the address and a password gets nothing once the owner opens the mailed link', async () => {
    const email = 'tess@example.org'
    const attackerLogin = { email, password: 'the attacker chose this' }
    expect((await server.api('POST', '/v1/accounts/sign_in', { body: { first_name: 'Tess', last_name: 'Owner', ...attackerLogin } })).status).toBe(201)
    const confirmed = await ownerOpensConfirmation(email)
    const early = await passwordLogin(attackerLogin.email, attackerLogin.password)
    const owner = await ownerSignsIn('tess')
    expect(owner.status).toBe(200)

    const late = await passwordLogin(attackerLogin.email, attackerLogin.password)
    expectNothingFor(early)
    expectNothingFor(late)
    if (early.body.token) expect((await server.api('GET', `/v1/accounts/${owner.body.user_id}`, { token: early.body.token })).status).toBe(401)
    // the owner chooses her password with the token of the confirmation's answer
    expect(confirmed?.body).toEqual({ email, reset_token: expect.any(String), removed: ['password'] })
    const chosen = await server.api('POST', '/v1/accounts/reset_password/confirm/', {
      body: { token: confirmed?.body.reset_token, password: 'tess picked her own' },
    })
    expect(chosen.status).toBe(200)
    expect((await passwordLogin(email, 'tess picked her own')).status).toBe(200)
  })
})

describe('without OIDC configured', () => {
  it('lists no provider and sends the browser back', async () => {
    const plain = await startServer()
    try {
      expect((await plain.api('GET', '/v1/auth/social/')).body).toEqual({ providers: [] })
      const start = await plain.api('GET', '/v1/auth/social/oidc/start')
      expect(start.status).toBe(302)
      expect(String(start.headers.location)).toBe('http://portal.test/login?social_error=unavailable')
    } finally {
      await plain.close()
    }
  })
})
