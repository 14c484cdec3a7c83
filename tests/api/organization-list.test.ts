import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../../server/app.js'
import { organizations } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/** The platform admin's organization list: filters, search, sorting, paging, and a country admin's reach. */

let server: TestServer
let superToken: string
let countryToken: string
let people: Awaited<ReturnType<typeof createOrganizationWithPeople>>

// name, country, status, verified, created (days ago)
const SEED: Array<[string, string, 'active' | 'inactive', boolean, number]> = [
  ['Springfield High', 'US', 'active', true, 9],
  ['Shelbyville Elementary', 'US', 'inactive', false, 8],
  ['Ogdenville Tech', 'US', 'active', false, 7],
  ['Tokyo English Academy', 'JP', 'active', true, 6],
  ['osaka 50% Club', 'JP', 'inactive', true, 5],
  ['Escola Paulista', 'BR', 'active', false, 4],
  ['Colegio de México', 'MX', 'active', true, 3],
  ['Bangkok Learning_Center', 'TH', 'active', false, 2],
  ['Hanoi Speaking Lab', 'VN', 'active', true, 1],
  ['Capital City Institute', 'US', 'active', true, 0],
  ['Albuquerque Academy', 'US', 'active', false, 10],
  ['Zenith Corp', 'JP', 'active', false, 11],
]

beforeAll(async () => {
  server = await startServer()
  people = await createOrganizationWithPeople(server, { prefix: 'lst' })
  // the fixture's organization has no country: only an unrestricted platform admin sees it
  await server.db.update(organizations).set({ name: 'Fixture School', createdAt: new Date(Date.UTC(2020, 0, 1)) }).where(eq(organizations.id, people.organization.id))
  const day = 24 * 60 * 60 * 1000
  const base = Date.UTC(2025, 5, 1)
  for (const [name, country, status, isVerified, daysAgo] of SEED) {
    const row = await createOrganization(server.db, { name, type: 'school', country, status, isVerified })
    await server.db.update(organizations).set({ createdAt: new Date(base - daysAgo * day) }).where(eq(organizations.id, row.id))
  }
  await createUser(server, { email: 'root@example.com', superuser: true })
  superToken = await login(server, 'root@example.com')
  await createUser(server, { email: 'jp-admin@example.com', superuser: true, countryAdminLevel: 'JP' })
  countryToken = await login(server, 'jp-admin@example.com')
})
afterAll(() => server.close())

const list = (query = '', token = superToken) => server.api('GET', `/v1/organizations/${query}`, { token })
const names = (reply: { body: { results: Array<{ name: string }> } }) => reply.body.results.map((row) => row.name)

describe('the organization list', () => {
  it('pages by 10 sorted by name, with the total and the neighbouring pages', async () => {
    const first = await list()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.count).toBe(13)
    expect(names(first)).toEqual([
      'Albuquerque Academy',
      'Bangkok Learning_Center',
      'Capital City Institute',
      'Colegio de México',
      'Escola Paulista',
      'Fixture School',
      'Hanoi Speaking Lab',
      'Ogdenville Tech',
      'osaka 50% Club',
      'Shelbyville Elementary',
    ])
    expect(first.body.previous).toBeNull()
    expect(first.body.next).toBe('/v1/organizations/?page=2')
    const second = await list('?page=2')
    expect(names(second)).toEqual(['Springfield High', 'Tokyo English Academy', 'Zenith Corp'])
    expect(second.body.next).toBeNull()
    expect(second.body.previous).toBe('/v1/organizations/?page=1')
    // the rows are the contract's organizations
    expect(second.body.results[0]).toMatchObject({ country: 'US', status: 'active', is_verified: true, type: 'school' })
  })

  it('keeps the filters in the page links and answers an empty page past the end', async () => {
    const reply = await list('?page_size=2&country=US&ordering=-created_at')
    expect(names(reply)).toEqual(['Capital City Institute', 'Ogdenville Tech'])
    expect(reply.body.count).toBe(5)
    expect(reply.body.next).toBe('/v1/organizations/?page_size=2&country=US&ordering=-created_at&page=2')
    const past = await list('?page=9&page_size=2&country=US')
    expect(past.status).toBe(200)
    expect(past.body.results).toEqual([])
    expect(past.body.next).toBeNull()
    expect(past.body.previous).toBe('/v1/organizations/?page=3&page_size=2&country=US')
  })

  it('filters by status, verification and several countries', async () => {
    expect(names(await list('?status=inactive'))).toEqual(['osaka 50% Club', 'Shelbyville Elementary'])
    expect(names(await list('?is_verified=true&country=JP&country=MX'))).toEqual([
      'Colegio de México',
      'osaka 50% Club',
      'Tokyo English Academy',
    ])
    expect(names(await list('?is_verified=false&status=active&country=US'))).toEqual(['Albuquerque Academy', 'Ogdenville Tech'])
  })

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    expect(names(await list('?search=ACADEMY'))).toEqual(['Albuquerque Academy', 'Tokyo English Academy'])
    expect(names(await list('?search=50%25'))).toEqual(['osaka 50% Club'])
    expect(names(await list('?search=_'))).toEqual(['Bangkok Learning_Center'])
    expect(names(await list('?search=%25'))).toEqual(['osaka 50% Club'])
    expect((await list('?search=nothing-like-this')).body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it('sorts by every column both ways, ties broken by id', async () => {
    const byCountry = names(await list('?ordering=country&page_size=100'))
    expect(byCountry.slice(0, 2)).toEqual(['Escola Paulista', 'Tokyo English Academy'])
    expect(byCountry.at(-1)).toBe('Fixture School') // no country sorts last ascending
    expect(names(await list('?ordering=-name&page_size=3'))).toEqual(['Zenith Corp', 'Tokyo English Academy', 'Springfield High'])
    expect(names(await list('?ordering=created_at&page_size=2'))).toEqual(['Fixture School', 'Zenith Corp'])
    const verifiedFirst = names(await list('?ordering=-is_verified&page_size=6'))
    expect(verifiedFirst).toEqual([
      'Springfield High',
      'Tokyo English Academy',
      'osaka 50% Club',
      'Colegio de México',
      'Hanoi Speaking Lab',
      'Capital City Institute',
    ])
    expect(names(await list('?ordering=-status&page_size=2'))).toEqual(['Shelbyville Elementary', 'osaka 50% Club'])
  })

  it('shows a country admin the organizations of their country only, whatever the query asks', async () => {
    const reply = await list('', countryToken)
    expect(reply.status).toBe(200)
    expect(names(reply)).toEqual(['osaka 50% Club', 'Tokyo English Academy', 'Zenith Corp'])
    expect(reply.body.count).toBe(3)
    expect(names(await list('?country=US', countryToken))).toEqual([])
    expect(names(await list('?country=US&country=JP&status=active', countryToken))).toEqual(['Tokyo English Academy', 'Zenith Corp'])
  })

  it('is for platform admins only', async () => {
    for (const token of [people.admin.token, people.teacher.token, people.student.token]) {
      const reply = await list('', token)
      expect(reply.status).toBe(403)
      expect(reply.body.detail).toEqual(expect.any(String))
    }
    expect((await server.api('GET', '/v1/organizations/')).status).toBe(401)
  })

  it('refuses bad query values with a message', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=Infinity', '?page_size=101', '?status=deleted', '?is_verified=maybe', '?country=ZZ', '?ordering=password', `?search=${'x'.repeat(201)}`]) {
      const reply = await list(query)
      expect(reply.status, query).toBe(400)
      expect(Object.keys(reply.body).length, query).toBeGreaterThan(0)
    }
  })
})
