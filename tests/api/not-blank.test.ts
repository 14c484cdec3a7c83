import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * Every not-blank text of the contract (its NotBlank: names of people, of organizations and their
 * address, of the app's lessons) takes a value of invisible format characters alone, a zero-width space,
 * as blank: refused with the field's own message for a missing value, and nothing changes. Before the one
 * rule these passed the contract's '\S' and were stored as names nobody can see (a class's name was
 * mended alone, attack-surface.test.ts).
 */

const INVISIBLE = '\u200b'

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let staff: string

/** Every row of the tables a refused call could have written, as text. */
const storeState = async () => {
  await server.app.portal.background.settled()
  const tables = ['users', 'memberships', 'organizations', 'invitations', 'mail_outbox', 'practice_events', 'daily_practice']
  const state: Record<string, string> = {}
  for (const table of tables) {
    const result = await server.db.execute(sql.raw(`select * from ${table} order by 1`))
    state[table] = JSON.stringify((result as unknown as { rows: unknown[] }).rows)
  }
  return state
}

/** Calls and expects a 400 that changed nothing; answers its body. */
const refused = async (method: string, url: string, body: Record<string, unknown>, token?: string) => {
  const before = await storeState()
  const reply = await server.api(method, url, { body, ...(token ? { token } : {}) })
  expect(reply.status, `${method} ${url} → ${reply.text}`).toBe(400)
  expect(await storeState()).toEqual(before)
  return reply.body
}

const ORGANIZATION = {
  name: 'Springfield High',
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
}

beforeAll(async () => {
  server = await startServer({ now: '2026-03-31T20:00:00Z', membersSince: '2025-01-01T00:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Blank School', prefix: 'blank' })
  await createUser(server, { email: 'blank-staff@example.com', superuser: true })
  staff = await login(server, 'blank-staff@example.com')
})
afterAll(() => server.close())

describe('a zero-width space alone is a missing value', () => {
  it("in a person's names: sign-up, one's own account, a member edited by an admin", async () => {
    const signUp = await refused('POST', '/v1/accounts/sign_in', {
      first_name: INVISIBLE,
      last_name: `${INVISIBLE} ${INVISIBLE}`,
      email: 'ghost@example.com',
      password: 'analytical engine',
    })
    expect(signUp).toEqual({ first_name: ['Please insert first name'], last_name: ['Please insert last name'] })
    const own = await refused('PATCH', `/v1/accounts/${school.student.user.id}`, { first_name: INVISIBLE }, school.student.token)
    expect(own).toEqual({ first_name: ['Please insert first name'] })
    const member = await refused('PATCH', `/v1/organizations/${school.organization.id}/users/${school.student.user.id}`, { last_name: INVISIBLE }, school.admin.token)
    expect(member).toEqual({ last_name: ['Please insert last name'] })
  })

  it("in an organization's name and address, with the organization form's messages: created, edited, one's own at onboarding", async () => {
    const blanks = { name: INVISIBLE, address_1: INVISIBLE, city: INVISIBLE, state: INVISIBLE, postal_code: INVISIBLE }
    const messages = {
      name: ['Please input organization name'],
      address_1: ['Please input a address'],
      city: ['Please input a city'],
      state: ['Please input a state'],
      postal_code: ['Please pick a postcode'],
    }
    expect(await refused('POST', '/v1/organizations/', { ...ORGANIZATION, ...blanks, owner_user: 'owner@example.com' }, staff)).toEqual(messages)
    expect(await refused('PUT', `/v1/organizations/${school.organization.id}/`, { ...ORGANIZATION, ...blanks }, school.admin.token)).toEqual(messages)
    const own = await refused('POST', '/v1/organizations/own/', { ...ORGANIZATION, username: 'ghost-school', name: INVISIBLE, city: INVISIBLE }, school.student.token)
    expect(own).toEqual({ name: ['Please input organization name'], city: ['Please input a city'] })
  })

  it("in an organization's name in an import file, with the create form's message", async () => {
    const header = 'name,type,industry,address_1,address_2,city,state,postal_code,country,phone,timezone,is_verified,owner_email'
    const line = `${INVISIBLE},school,education,19 Plympton St,,Springfield,OR,97477,US,+1 5415550100,America/Los_Angeles,no,ghost-owner@example.com`
    const before = await storeState()
    const staged = await server.api('POST', '/v1/organizations/import/?file_name=organizations.csv', {
      token: staff,
      raw: { payload: Buffer.from(`${header}\n${line}\n`), contentType: 'text/csv' },
    })
    expect(staged.status, staged.text).toBe(201)
    expect(staged.body.rows[0].errors).toEqual([{ column: 'name', message: 'Please input organization name' }])
    expect(await storeState()).toEqual(before)
  })

  it("in the names of the app's lessons, levels and skills", async () => {
    const at = '2026-03-31T10:00:00Z'
    const lesson = { client_event_id: 'ghost-1', kind: 'lesson', occurred_at: at, module_name: 'Basics', lesson_name: 'Hello', difficulty_level: INVISIBLE, seconds: 60, native_score: 50 }
    const assessment = {
      client_event_id: 'ghost-2',
      kind: 'assessment',
      occurred_at: at,
      eps: 50,
      overall_score: 50,
      pronunciation: 50,
      intonation: 50,
      fluency: 50,
      skills: [{ name: 'TH sound', score: 40 }, { name: INVISIBLE, score: 40 }],
    }
    expect(await refused('POST', '/v1/practice/events/', { events: [lesson, assessment] }, school.student.token)).toEqual({
      'events[0].difficulty_level': ['This field is required.'],
      'events[1].skills[1].name': ['This field is required.'],
    })
  })
})
