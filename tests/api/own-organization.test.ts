import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.js'
import { invitations, memberships, organizations } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * Onboarding's own organization (POST /v1/organizations/own/, specification §2, §5 "School or company
 * creation during onboarding"): a signed-in person without a platform role makes a school or company,
 * unverified, and is its admin at once; nobody is invited. Username unique, phone and postcode numbers,
 * the organization form's messages, a limit per person.
 */

let server: TestServer
let sequence = 0

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const newcomer = async (language?: string) => {
  const email = `newcomer-${++sequence}@example.com`
  const user = await createUser(server, { email, ...(language ? { language } : {}) })
  return { user, token: await login(server, email) }
}

const body = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Springfield Elementary',
  username: `springfield-${++sequence}`,
  type: 'school',
  industry: 'education',
  address_1: '19 Plympton St',
  address_2: null,
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
  ...overrides,
})

const create = (token: string, payload: Record<string, unknown>, language?: string) =>
  server.api('POST', '/v1/organizations/own/', { token, body: payload, ...(language ? { language } : {}) })

describe('creating one\'s own organization', () => {
  it('makes it unverified with the caller as its only admin, and invites nobody', async () => {
    const me = await newcomer()
    const before = await snapshot(server)
    const reply = await create(me.token, body({ name: '  Springfield Elementary ', username: 'Springfield-Elem' }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body).toMatchObject({ name: 'Springfield Elementary', username: 'Springfield-Elem', type: 'school', is_verified: false, status: 'active' })
    const id = reply.body.id as number
    const members = await server.db.select().from(memberships).where(eq(memberships.organizationId, id))
    expect(members.map(({ userId, role }) => ({ userId, role }))).toEqual([{ userId: me.user.id, role: 'admin' }])
    expect(await server.db.select().from(invitations).where(eq(invitations.organizationId, id))).toEqual([])
    const after = await snapshot(server)
    expect(after).toEqual({ ...before, organizations: before.organizations! + 1, memberships: before.memberships! + 1 })

    // the session's account now lists it: the dashboard goes there instead of onboarding
    const account = await server.api('GET', `/v1/accounts/${me.user.id}`, { token: me.token })
    expect(account.body.organizations).toEqual([expect.objectContaining({ id, name: 'Springfield Elementary', roles: ['admin'] })])
    // and as its admin the person may invite (the setup steps)
    const invite = await server.api('POST', '/v1/accounts/invite/', { token: me.token, body: { organization: id, role: 'teacher', emails: ['edna@example.com'] } })
    expect(invite.status, JSON.stringify(invite.body)).toBeLessThan(300)
  })

  it('refuses a username already taken, whatever its case, and changes nothing', async () => {
    const first = await newcomer()
    expect((await create(first.token, body({ username: 'acme.corp', type: 'company', industry: 'manufacturing' }))).status).toBe(201)
    const second = await newcomer()
    const before = await snapshot(server)
    const reply = await create(second.token, body({ username: 'ACME.Corp' }))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ username: ['This username is already taken'] })
    expect(await snapshot(server)).toEqual(before)
  })

  it('settles two creations of one username at once: one is made, the other refused, never a 500', async () => {
    const [first, second] = await Promise.all([newcomer(), newcomer()])
    const replies = await Promise.all([create(first.token, body({ username: 'same-time' })), create(second.token, body({ username: 'Same-Time' }))])
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 400])
    expect(replies.find((reply) => reply.status === 400)?.body).toEqual({ username: ['This username is already taken'] })
  })

  it('answers the messages of §5: numbers for phone and postcode, the form\'s required fields, in the person\'s language', async () => {
    const me = await newcomer()
    const before = await snapshot(server)
    const reply = await create(me.token, body({ phone: '+1 541-CALL-ME', postal_code: 'OR97477', username: 'not ok!' }))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      phone: ['Phone should be a number'],
      postal_code: ['Postcode should be a number'],
      username: ['Use only letters, digits, dots, hyphens and underscores'],
    })
    const { name: _n, username: _u, city: _c, ...missing } = body()
    const empty = await create(me.token, missing)
    expect(empty.body).toEqual({
      name: ['Please input organization name'],
      username: ['Please input the organization username'],
      city: ['Please input a city'],
    })
    const spanish = await create(me.token, body({ postal_code: 'abc' }), 'es-MX')
    expect(spanish.body).toEqual({ postal_code: ['El código postal debe ser un número'] })
    // grouped digits are postcodes too (Japan, Brazil)
    expect((await create(me.token, body({ postal_code: '100-0001', country: 'JP', phone: '+81 312345678', timezone: 'Asia/Tokyo' }))).status).toBe(201)
    expect(await snapshot(server)).toEqual({ ...before, organizations: before.organizations! + 1, memberships: before.memberships! + 1 })
  })

  it('accepts no owner and no verification from the person', async () => {
    const me = await newcomer()
    const before = await snapshot(server)
    const owner = await create(me.token, body({ owner_user: 'boss@example.com' }))
    expect(owner.status).toBe(400)
    expect(owner.body).toEqual({ owner_user: ['This field is not accepted.'] })
    const verified = await create(me.token, body({ is_verified: true }))
    expect(verified.status).toBe(400)
    expect(await snapshot(server)).toEqual(before)
  })

  it('is for signed-in people with a confirmed e-mail and no platform role', async () => {
    const before = await snapshot(server)
    expect((await server.api('POST', '/v1/organizations/own/', { body: body() })).status).toBe(401)
    await createUser(server, { email: 'staff-own@example.com', superuser: true })
    expect((await create(await login(server, 'staff-own@example.com'), body())).status).toBe(403)
    const unconfirmed = await createUser(server, { email: 'unconfirmed-own@example.com', confirmed: false })
    const session = await createSession(server.db, unconfirmed.id, new Date(), 3600)
    const refused = await create(session.token, body())
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('unconfirmed')
    expect(await snapshot(server)).toEqual({ ...before, users: before.users! + 2, credentials: before.credentials! + 2, sessions: before.sessions! + 2 })
  })

  it('lets a member of another organization make one of their own too', async () => {
    const school = await createOrganizationWithPeople(server, { prefix: 'own' })
    const reply = await create(school.teacher.token, body({ name: 'Terry Tutoring' }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const [row] = await server.db.select().from(organizations).where(eq(organizations.id, reply.body.id as number))
    expect(row?.isVerified).toBe(false)
    const roles = await server.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, reply.body.id as number), eq(memberships.userId, school.teacher.user.id)))
    expect(roles).toEqual([{ role: 'admin' }])
  })
})

describe('the limit per person', () => {
  it('answers 429 past RATE_LIMIT_PER_EMAIL attempts a window, refused ones included', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_EMAIL: '2' } })
    try {
      await createUser(limited, { email: 'eager@example.com' })
      const token = await login(limited, 'eager@example.com')
      const send = (username: string) => limited.api('POST', '/v1/organizations/own/', { token, body: body({ username }) })
      expect((await send('eager-1')).status).toBe(201)
      expect((await send('eager-1')).status).toBe(400) // taken: counted
      const before = await snapshot(limited)
      const third = await send('eager-3')
      expect(third.status).toBe(429)
      expect(third.headers['retry-after']).toBeDefined()
      expect(await snapshot(limited)).toEqual(before)
      // another person is not held back
      await createUser(limited, { email: 'calm@example.com' })
      const other = await login(limited, 'calm@example.com')
      expect((await limited.api('POST', '/v1/organizations/own/', { token: other, body: body({ username: 'calm' }) })).status).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
