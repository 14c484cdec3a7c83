import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { loadContract, type JsonSchema, type Operation } from '../../server/contract/load.js'
import { groupMembers, groups } from '../../server/db/schema.js'
import { createOrganizationWithPeople, createUser, login, snapshot, startServer, type TestServer } from './harness.js'

/**
 * An id in a path is spelled as its decimal digits, nothing else (issue 18, item 5): `/v1/accounts/%201`,
 * `/+1`, `/00001`, `/0x1` answered 200 with account 1, since the path's text was coerced with Number().
 * Every operation of the contract with an integer path parameter (read at run time, so a new one is
 * covered without touching this file) is called by a platform admin with each parameter in turn spelled
 * otherwise; the other parameters are 1, which exists (the first organization, its first people, its
 * first class). The bar: 404 `{"detail": "Not found."}` every time, never a 200 or a 5xx, and the
 * store unchanged. The same calls spelled `1` reach the handlers (most answer 2xx), so the misspellings
 * name things that exist.
 */

/** Spellings of 1 that Number() reads as 1, and other spellings no id has. URL-encoded as sent. */
const OF_ONE = ['%201', '1%20', '+1', '%2B1', '01', '00001', '0x1', '0x01', '1e0', '1.0', '1.', '0b1', '0o1', '%EF%BC%91', '%D9%A1', '1_0']
const OF_NONE = ['0x10', '1e1', '-1', '0', '-0', '99999999999999999', '9999999999999999', '2147483648', '%09%0A1', 'Infinity', '%00']
const SPELLINGS = [...OF_ONE, ...OF_NONE]

const integerParameters = (operation: Operation): string[] =>
  Object.entries((operation.schema.params?.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([, schema]) => [schema.type].flat().includes('integer'))
    .map(([name]) => name)

/** A value a path parameter takes: 1 for an id, a short word for text. */
const goodPath = (operation: Operation): Record<string, string> =>
  Object.fromEntries(
    Object.entries((operation.schema.params?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => [
      name,
      [schema.type].flat().includes('integer') ? '1' : 'a1',
    ]),
  )

/** The required query parameters, with values they take (a report's range). */
const goodQuery = (operation: Operation): string => {
  const schema = operation.schema.querystring
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>
  const values = ((schema?.required ?? []) as string[]).map((name) => {
    const property = properties[name] ?? {}
    const value = Array.isArray(property.enum) ? String(property.enum[0]) : property.format === 'date' ? '2026-03-01' : [property.type].flat().includes('integer') ? '1' : 'a1'
    return [name, value]
  })
  return values.length > 0 ? `?${new URLSearchParams(values).toString()}` : ''
}

const urlOf = (operation: Operation, path: Record<string, string>): string =>
  operation.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => path[name] ?? '')

const operations = loadContract().filter((operation) => integerParameters(operation).length > 0)

let server: TestServer
let platformAdmin: string

beforeAll(async () => {
  server = await startServer({ now: '2026-03-20T12:00:00Z' })
  const school = await createOrganizationWithPeople(server, { prefix: 'ids' })
  const [group] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name: 'Grade 4 A', startDate: '2026-03-01', endDate: '2026-03-31', ownerId: school.teacher.user.id })
    .returning()
  await server.db.insert(groupMembers).values({ groupId: group!.id, userId: school.student.user.id })
  const admin = await createUser(server, { email: 'platform-ids@example.com', superuser: true })
  await addMembership(server.db, admin.id, school.organization.id, 'admin')
  platformAdmin = await login(server, admin.email)
  // what the spellings of 1 would otherwise find
  expect([school.organization.id, school.admin.user.id, group!.id]).toEqual([1, 1, 1])
})
afterAll(() => server.close())

describe('ids in the path are spelled as decimal digits only', () => {
  it('covers the operations with an integer path parameter', () => {
    expect(operations.length).toBeGreaterThan(20)
  })

  it('an account spelled otherwise is not found, where its digits find it', async () => {
    expect((await server.api('GET', '/v1/accounts/1', { token: platformAdmin })).status).toBe(200)
    for (const spelling of ['%201', '+1', '00001', '0x1', '1e0', '1.0', '%EF%BC%91']) {
      const reply = await server.api('GET', `/v1/accounts/${spelling}`, { token: platformAdmin })
      expect([spelling, reply.status, reply.body]).toEqual([spelling, 404, { detail: 'Not found.' }])
    }
  })

  it('a 16-digit id matches the spelling but is over the largest id: 404, not a 5xx', async () => {
    const reply = await server.api('GET', '/v1/organizations/9999999999999999/', { token: platformAdmin })
    expect([reply.status, reply.body]).toEqual([404, { detail: 'Not found.' }])
    expect((await server.api('GET', '/v1/organizations/2147483647/', { token: platformAdmin })).status).toBe(404)
  })

  it('every operation answers 404 to every other spelling of each integer path parameter, and changes nothing', { timeout: 120_000 }, async () => {
    const failures: string[] = []
    let reached = 0
    for (const operation of operations) {
      const good = goodPath(operation)
      const query = goodQuery(operation)
      if (operation.method === 'GET') {
        const reply = await server.api('GET', urlOf(operation, good) + query, { token: platformAdmin })
        if (reply.status >= 200 && reply.status < 400) reached++
      }
      for (const name of integerParameters(operation)) {
        const before = await snapshot(server)
        for (const spelling of SPELLINGS) {
          const url = urlOf(operation, { ...good, [name]: spelling }) + query
          // a body the call takes (a file of its type): the path alone is wrong
          const reply = await server.api(operation.method, url, {
            token: platformAdmin,
            ...(operation.file ? { raw: { payload: Buffer.from('a file'), contentType: operation.file.contentTypes[0] } } : {}),
            ...(operation.schema.body ? { body: {} } : {}),
          })
          if (reply.status !== 404 || reply.body?.detail !== 'Not found.') {
            failures.push(`${operation.operationId} ${operation.method} ${url} → ${reply.status} ${reply.text.slice(0, 120)}`)
          }
        }
        if (JSON.stringify(await snapshot(server)) !== JSON.stringify(before)) failures.push(`${operation.operationId}: the store changed (${name})`)
      }
    }
    expect(failures.slice(0, 30), `${failures.length} answers were not 404`).toEqual([])
    // the same calls with the ids spelled 1 find something: the misspellings were of existing ids
    expect(reached).toBeGreaterThan(10)
  })
})
