import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitations, organizations, users } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, inviteTokenFor, login, snapshot, startServer, type TestServer } from './harness.js'

/** Organizations: a platform admin creates one (its owner is invited as admin), members read it, the types list. */

let server: TestServer
let people: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let superToken: string
let staffId: number

beforeAll(async () => {
  server = await startServer()
  people = await createOrganizationWithPeople(server, { name: 'Shelbyville Elementary', prefix: 'shb' })
  const staff = await createUser(server, { email: 'staff@example.com', superuser: true })
  staffId = staff.id
  superToken = await login(server, 'staff@example.com')
})
afterAll(() => server.close())

const validBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Springfield High',
  type: 'school',
  industry: 'education',
  address_1: '19 Plympton St',
  address_2: 'Building B',
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
  is_verified: true,
  owner_user: 'skinner@example.com',
  ...overrides,
})

const create = (body: Record<string, unknown>, token = superToken, language?: string) =>
  server.api('POST', '/v1/organizations/', { token, body, ...(language ? { language } : {}) })

/** The spec's payload of the newest invitation mailed to `email`, as the page of its short link gets it. */
const payloadOf = async (email: string) => {
  const token = await inviteTokenFor(server, email)
  const reply = await server.api('GET', `/v1/invitations/validate/${token}/`)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body
}

const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/

describe('creating an organization', () => {
  it('creates it and invites a new owner as admin with a link for sign-up', async () => {
    const reply = await create(validBody({ owner_user: 'Skinner@Example.com', name: '  Springfield High ' }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body).toEqual({
      id: expect.any(Number),
      name: 'Springfield High',
      username: null,
      type: 'school',
      industry: 'education',
      address_1: '19 Plympton St',
      address_2: 'Building B',
      city: 'Springfield',
      state: 'OR',
      postal_code: '97477',
      country: 'US',
      phone: '+1 5415550100',
      timezone: 'America/Los_Angeles',
      is_verified: true,
      invitations_per_day: null,
      status: 'active',
      invitation_code: expect.stringMatching(CODE),
      created_at: expect.any(String),
      logo_url: null,
      deleted_at: null,
      purge_at: null,
    })
    const [stored] = await server.db.select().from(organizations).where(eq(organizations.id, reply.body.id))
    expect(stored).toMatchObject({ name: 'Springfield High', invitationCode: reply.body.invitation_code, isVerified: true })

    const rows = await server.db.select().from(invitations).where(eq(invitations.organizationId, reply.body.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'skinner@example.com', role: 'admin', status: 'pending', invitedBy: staffId })

    const [mail] = await server.mails('skinner@example.com')
    expect(mail?.subject).toBe('You are invited to join Springfield High')
    expect(mail?.text).toContain('Your role: Admin.')
    const payload = await payloadOf('skinner@example.com')
    expect(payload).toEqual({
      token: expect.any(String),
      organization_name: 'Springfield High',
      email: 'skinner@example.com',
      new_user: true,
      role: 'admin',
      organization_type: 'school',
    })
    expect((await server.linkFor('skinner@example.com', '/invite/')).origin).toBe('http://portal.test')
  })

  it('invites an existing user (new_user false, in their language), who becomes admin on accepting', async () => {
    const owner = await createUser(server, { email: 'yuki@example.jp', language: 'ja', firstName: 'Yuki' })
    const reply = await create(validBody({ name: 'Acme Corp', type: 'company', industry: 'manufacturing', owner_user: 'yuki@example.jp', is_verified: undefined, address_2: undefined, country: 'JP', phone: '+81 312345678', timezone: 'Asia/Tokyo' }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body).toMatchObject({ name: 'Acme Corp', type: 'company', industry: 'manufacturing', is_verified: false, address_2: null, country: 'JP' })

    const [mail] = await server.mails('yuki@example.jp')
    expect(mail?.language).toBe('ja')
    expect(mail?.subject).toContain('Acme Corp')
    const payload = await payloadOf('yuki@example.jp')
    expect(payload).toEqual({
      token: expect.any(String),
      organization_name: 'Acme Corp',
      email: 'yuki@example.jp',
      new_user: false,
      role: 'admin',
      organization_type: 'company',
    })

    const ownerToken = await login(server, owner.email)
    expect((await server.api('GET', `/v1/organizations/${reply.body.id}/`, { token: ownerToken })).status).toBe(404)
    const accepted = await server.api('POST', '/v1/accounts/invite/accept', { token: ownerToken, body: { token: payload.token, email: owner.email } })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toEqual({ organization: { id: reply.body.id, name: 'Acme Corp', type: 'company', timezone: 'Asia/Tokyo', roles: ['admin'] } })
    const read = await server.api('GET', `/v1/organizations/${reply.body.id}/`, { token: ownerToken })
    expect(read.status).toBe(200)
    expect(read.body).toEqual(reply.body)
  })

  it('gives every organization its own join code', async () => {
    const codes = new Set<string>()
    for (const name of ['North', 'South', 'East']) {
      const reply = await create(validBody({ name, owner_user: `${name.toLowerCase()}@example.com` }))
      expect(reply.status).toBe(201)
      codes.add(reply.body.invitation_code)
    }
    expect(codes.size).toBe(3)
  })

  it('takes an IANA alias the runtime lists under another name', async () => {
    const reply = await create(validBody({ name: 'Delhi Public School', country: 'IN', phone: '+91 9812345678', timezone: 'Asia/Kolkata', owner_user: 'delhi@example.com' }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.timezone).toBe('Asia/Kolkata')
  })
})

describe('who may create one', () => {
  it('refuses everyone but platform admins, and stores nothing', async () => {
    const outsider = await createUser(server, { email: 'outsider@example.com' })
    const outsiderToken = await login(server, outsider.email)
    const before = await snapshot(server)
    for (const token of [people.admin.token, people.teacher.token, people.student.token, outsiderToken]) {
      const reply = await create(validBody({ owner_user: 'nobody@example.com' }), token)
      expect(reply.status).toBe(403)
      expect(reply.body).toEqual({ detail: 'You do not have permission to do this.' })
    }
    const anonymous = await server.api('POST', '/v1/organizations/', { body: validBody() })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ detail: 'Session expired' })
    expect(await snapshot(server)).toEqual(before)
    expect(await server.mails('nobody@example.com')).toHaveLength(0)
  })

  it('keeps a platform admin limited to a country to that country', async () => {
    const limited = await createUser(server, { email: 'mx-staff@example.com', superuser: true })
    await server.db.update(users).set({ countryAdminLevel: 'MX' }).where(eq(users.id, limited.id))
    const token = await login(server, limited.email)
    const before = await snapshot(server)
    expect((await create(validBody({ owner_user: 'us-owner@example.com' }), token)).status).toBe(403)
    expect(await snapshot(server)).toEqual(before)
    const mexican = await create(validBody({ name: 'Escuela Juárez', country: 'MX', phone: '+52 5512345678', timezone: 'America/Mexico_City', owner_user: 'mx-owner@example.com' }), token)
    expect(mexican.status).toBe(201)
    expect((await server.api('GET', `/v1/organizations/${mexican.body.id}/`, { token })).status).toBe(200)
    expect((await server.api('GET', `/v1/organizations/${people.organization.id}/`, { token })).status).toBe(404)
  })
})

describe('validation', () => {
  const required: [string, string][] = [
    ['name', 'Please input organization name'],
    ['type', 'Please pick a organization type'],
    ['industry', 'Please pick an industry'],
    ['address_1', 'Please input a address'],
    ['city', 'Please input a city'],
    ['state', 'Please input a state'],
    ['postal_code', 'Please pick a postcode'],
    ['country', 'Please pick a country'],
    ['phone', 'Please input a phone'],
    ['timezone', 'Please pick a time zone'],
    ['owner_user', 'Please input an account owner'],
  ]

  it.each(required)('needs %s (%s) and stores nothing without it', async (field, message) => {
    const before = await snapshot(server)
    const missing = await create(validBody({ [field]: undefined, owner_user: field === 'owner_user' ? undefined : 'missing@example.com' }))
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ [field]: [message] })
    const blank = await create(validBody({ [field]: '  ', owner_user: field === 'owner_user' ? '  ' : 'missing@example.com' }))
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ [field]: [message] })
    expect(await snapshot(server)).toEqual(before)
    expect(await server.mails('missing@example.com')).toHaveLength(0)
  })

  it('lists every missing field at once, in the requester language', async () => {
    const before = await snapshot(server)
    const english = await create({})
    expect(english.status).toBe(400)
    expect(english.body).toEqual(Object.fromEntries(required.map(([field, message]) => [field, [message]])))
    const japanese = await create(validBody({ name: undefined, owner_user: 'x' }), superToken, 'ja')
    expect(japanese.status).toBe(400)
    expect(japanese.body).toEqual({ name: ['組織名を入力してください'], owner_user: ['所有者のメールアドレスが正しくありません'] })
    expect(await snapshot(server)).toEqual(before)
  })

  const invalid: [string, unknown, string][] = [
    ['timezone', 'Mars/Olympus', 'This value is not one of the allowed choices.'],
    ['timezone', '+01:00', 'This value is not one of the allowed choices.'],
    ['timezone', 'america/los_angeles', 'This value is not one of the allowed choices.'],
    ['country', 'XX', 'This value is not one of the allowed choices.'],
    ['country', 'us', 'This value is not one of the allowed choices.'],
    ['country', 'USA', 'This value is not one of the allowed choices.'],
    ['type', 'university', 'This value is not one of the allowed choices.'],
    ['industry', 'banking', 'This value is not one of the allowed choices.'],
    ['owner_user', 'not-an-email', 'Invalid owner email'],
    ['phone', '5415550100', 'Phone should be a number'],
    ['phone', '+1 541-555-0100', 'Phone should be a number'],
    ['is_verified', 'yes', 'This value has the wrong type.'],
    ['logo', 'x.png', 'This field is not accepted.'],
  ]

  it.each(invalid)('refuses %s %j', async (field, value, message) => {
    const before = await snapshot(server)
    const reply = await create(validBody({ [field]: value, owner_user: field === 'owner_user' ? value : 'invalid@example.com' }))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ [field]: [message] })
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('reading an organization', () => {
  it('shows it to each of its members and to platform admins', async () => {
    const { organization } = people
    for (const token of [people.admin.token, people.teacher.token, people.student.token, superToken]) {
      const reply = await server.api('GET', `/v1/organizations/${organization.id}/`, { token })
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({
        id: organization.id,
        name: 'Shelbyville Elementary',
        username: null,
        type: 'school',
        industry: null,
        address_1: null,
        address_2: null,
        city: null,
        state: null,
        postal_code: null,
        country: null,
        phone: null,
        timezone: null,
        is_verified: false,
        invitations_per_day: null,
        status: 'active',
        invitation_code: organization.invitationCode,
        created_at: organization.createdAt.toISOString(),
        logo_url: null,
        deleted_at: null,
        purge_at: null,
      })
    }
  })

  it('answers 404 to outsiders, as for an organization that does not exist', async () => {
    const stranger = await createUser(server, { email: 'stranger@example.com' })
    const token = await login(server, stranger.email)
    const other = await createOrganizationWithPeople(server, { name: 'Capital City High', prefix: 'cap' })
    for (const [id, who] of [
      [people.organization.id, token],
      [people.organization.id, other.admin.token],
      [999999, token],
      [999999, superToken],
    ] as const) {
      const reply = await server.api('GET', `/v1/organizations/${id}/`, { token: who })
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ detail: 'Not found.' })
    }
    expect((await server.api('GET', `/v1/organizations/${people.organization.id}/`)).status).toBe(401)
    expect((await server.api('GET', '/v1/organizations/abc/', { token: superToken })).status).toBe(404)
  })

  it('still answers once a pending owner invitation exists: only members see it', async () => {
    const reply = await create(validBody({ name: 'Ogdenville Tech', owner_user: people.teacher.user.email }))
    expect(reply.status).toBe(201)
    // invited, not yet a member
    expect((await server.api('GET', `/v1/organizations/${reply.body.id}/`, { token: people.teacher.token })).status).toBe(404)
    expect((await payloadOf(people.teacher.user.email)).new_user).toBe(false)
    const [row] = await server.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, reply.body.id), eq(invitations.email, people.teacher.user.email)))
    expect(row?.role).toBe('admin')
  })
})

describe('organization types', () => {
  it('lists school and company with their ids', async () => {
    const reply = await server.api('GET', '/v1/organizations/types/', { token: people.student.token })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual([
      { id: 1, name: 'school' },
      { id: 2, name: 'company' },
    ])
    expect((await server.api('GET', '/v1/organizations/types/')).status).toBe(401)
  })
})
