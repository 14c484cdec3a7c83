import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { contractFile, loadContract, type JsonSchema, type Operation } from '../../server/contract/load.js'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * The contract fuzzer: every operation of openapi/openapi.yaml (read at run time, so a new operation
 * is fuzzed without touching this file) is called with generated bad input: each path and query
 * parameter and each body field in turn missing, of the wrong type, 100 KB long, with NUL, emoji or a
 * lone surrogate, numbers huge, negative, fractional or not finite; unknown fields; broken JSON, JSON
 * that is no object, the wrong content type. Each call is made with no token, with a student's and
 * with a platform admin's. The bar: no answer is a 5xx, every 4xx says why in the contract's error
 * shape, and the store is the same afterwards.
 *
 * Only bad input is sent to calls that may write: a case goes out when the fuzzer made it bad on
 * purpose (a control character, a number no integer column takes) or when a plain JSON Schema
 * validator of the contract's own schemas refuses it. A read (GET) gets every case.
 *
 * The store is compared table by table, every row, before and after each operation and identity. Left
 * out: `rate_limits`, counters that any attempt (good or bad) may move by design.
 *
 * The random part (which fields are broken together) is seeded: FUZZ_SEED=<n> repeats a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
/** Tables every request may write to by design. */
const EXCLUDED_TABLES = new Set(['rate_limits'])

/** mulberry32: a small seeded generator, so that a failure can be repeated. */
const generator = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---- values ----

/** Stands for a number JSON can write but JavaScript cannot hold; replaced in the payload text. */
const RAW_NUMBER = (text: string) => `@@raw:${text}@@`
const LONG = 'x'.repeat(100_000)
const LONG_UNDER_LIMIT = 'é'.repeat(10_000)

/** Bad by intent: the store cannot take these, whatever a schema says. */
const INTENDED_BAD = ['a\u0000b', '\u0000', 'tab\u0001bell\u0007', RAW_NUMBER('1e309'), RAW_NUMBER('-1e309'), 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2]
/** Bad when the schema says so (sent to a write only then). */
const MAYBE_BAD = [null, true, false, 0, -1, 1.5, '', ' ', 'text', '🎓😀', '\ud800', LONG, LONG_UNDER_LIMIT, RAW_NUMBER('99999999999999999999'), [], ['a'], [1, 2], {}, { a: 1 }]

/**
 * Path values, as they appear in the URL (already encoded). With other spellings of a number: an
 * integer in the path is only its decimal digits (the parameter's `pattern`), or it names nothing.
 */
const PATH_VALUES = [
  ...['Infinity', '-Infinity', '1e309', '-1', '0', '99999999999999999999', '2147483648', '1.5', 'NaN', 'abc', '%00', '1%00'],
  ...['%F0%9F%8E%93', '%ED%A0%80', 'x'.repeat(1000), ' 1', '%201', '+1', '%2B1', '00001', '0x10', '0x1', '1e1', '1e0', '1.0'],
  ...['%EF%BC%91', '99999999999999999', '9999999999999999'],
]
const INTENDED_BAD_PATH = new Set(['Infinity', '-Infinity', '1e309', '%00', '1%00', '99999999999999999999', '2147483648'])

/** Query values, before encoding. */
const QUERY_VALUES = ['a\u0000b', '', '🎓', '\ud800', 'x'.repeat(5000), '-1', 'Infinity']

const RAW_BODIES: { payload: string | Buffer; contentType?: string; why: string }[] = [
  { payload: '{"email": "a@example.com",', contentType: 'application/json', why: 'broken JSON' },
  { payload: '{', contentType: 'application/json', why: 'broken JSON' },
  { payload: '{"a": "\u0000"', contentType: 'application/json', why: 'broken JSON with NUL' },
  { payload: '[]', contentType: 'application/json', why: 'a JSON array' },
  { payload: '"text"', contentType: 'application/json', why: 'a JSON string' },
  { payload: '12', contentType: 'application/json', why: 'a JSON number' },
  { payload: 'null', contentType: 'application/json', why: 'JSON null' },
  { payload: '{"__proto__": {"admin": true}}', contentType: 'application/json', why: 'prototype poisoning' },
  { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json', why: 'deep nesting' },
  { payload: `{"a": "${'x'.repeat(70_000)}"}`, contentType: 'application/json', why: 'over the body limit' },
  { payload: 'email=a%40example.com&password=x', contentType: 'application/x-www-form-urlencoded', why: 'a form body' },
  { payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--b--', contentType: 'multipart/form-data; boundary=b', why: 'multipart' },
  { payload: '{"email": "a@example.com"}', contentType: 'application/xml', why: 'an unknown content type' },
  { payload: Buffer.from('{"email": "a@example.com"}', 'utf16le'), contentType: 'application/json', why: 'UTF-16 JSON' },
]

// ---- a plain validator of the contract's schemas, to tell bad input from good ----

const plainAjv = (coerceTypes: boolean) => {
  const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes, formats: { 'iso-country': true, 'time-zone': true } })
  addFormats(ajv)
  return ajv
}
const plainBody = plainAjv(false)
const plainText = plainAjv(true)
const compiled = new Map<JsonSchema, ValidateFunction>()
const validates = (ajv: Ajv, schema: JsonSchema | undefined, data: unknown): boolean => {
  if (!schema) return true
  let validate = compiled.get(schema)
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)))
  return validate(structuredClone(data)) as boolean
}

// ---- a good value for a schema, to break one part at a time ----

/** Texts to pick a good value from: the first that fits a string's length and pattern. */
const TEXT_SAMPLES = ['a fuzzed value', 'fuzz1', 'ABC234', '+1 5551234', '12345', 'a fuzzed value that is long enough'.repeat(2)]

/** A good value; with `optional`, an object also has each optional field whose own good value passes. */
const sample = (schema: JsonSchema | undefined, optional = false): unknown => {
  if (!schema) return undefined
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if ('const' in schema) return schema.const
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined
  if (variants?.[0]) return sample(variants[0])
  const type = [schema.type].flat().find((candidate) => candidate !== 'null')
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((schema.required ?? []) as string[])
      return Object.fromEntries(
        Object.entries(properties)
          .map(([name, inner]) => [name, sample(inner)] as const)
          .filter(([name, value]) => required.has(name) || (optional && validates(plainBody, properties[name], value))),
      )
    }
    case 'array':
      return Array.from({ length: Math.max(Number(schema.minItems ?? 1), 1) }, () => sample(schema.items as JsonSchema))
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'string':
      switch (schema.format) {
        case 'email':
          return 'fuzz@example.com'
        case 'date-time':
          return '2026-01-01T00:00:00Z'
        case 'date':
          return '2026-01-01'
        case 'uri':
          return 'https://example.com/'
        case 'iso-country':
          return 'US'
        case 'time-zone':
          return 'UTC'
        default: {
          const fits = (text: string) =>
            text.length >= Number(schema.minLength ?? 0) &&
            text.length <= Number(schema.maxLength ?? Infinity) &&
            (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(text))
          return TEXT_SAMPLES.find(fits) ?? 'a fuzzed value'
        }
      }
    default:
      return 'value'
  }
}

/** The request examples of the contract, by operationId: good bodies that reach deep into a handler. */
const requestExamples = (): Map<string, Record<string, unknown>[]> => {
  const document = parse(readFileSync(contractFile, 'utf8')) as { paths: Record<string, Record<string, any>> }
  const examples = new Map<string, Record<string, unknown>[]>()
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const json = operation?.requestBody?.content?.['application/json']
      if (!json || typeof operation.operationId !== 'string') continue
      const values = [json.example, ...Object.values(json.examples ?? {}).map((example: any) => example?.value)]
      examples.set(operation.operationId, values.filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value)))
    }
  }
  return examples
}
const EXAMPLES = requestExamples()

// ---- the cases of one operation ----

interface Case {
  why: string
  path: Record<string, string>
  query: Record<string, string> | undefined
  body?: unknown
  raw?: { payload: string | Buffer; contentType?: string }
  /** Made bad on purpose (the store cannot take it), whatever a schema says. */
  intendedBad: boolean
}

const payloadOf = (body: unknown): string =>
  JSON.stringify(body).replace(/"@@raw:([^@]+)@@"/g, (_match, text: string) => text)

const casesOf = (operation: Operation, random: () => number): Case[] => {
  const pathSchema = operation.schema.params
  const querySchema = operation.schema.querystring
  const bodySchema = operation.schema.body
  const goodPath = Object.fromEntries(
    Object.entries((pathSchema?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => [name, encodeURIComponent(String(sample(schema)))]),
  )
  const goodQuery = undefined
  const goodBody = sample(bodySchema)
  // the required fields only, and with the optional ones too: a check may sit behind either
  const fullBody = sample(bodySchema, true)
  const base = { path: goodPath, query: goodQuery, body: goodBody, intendedBad: false }
  const cases: Case[] = []

  for (const name of Object.keys(goodPath)) {
    for (const value of PATH_VALUES) {
      cases.push({ ...base, why: `path ${name}=${value.slice(0, 20)}`, path: { ...goodPath, [name]: value }, intendedBad: INTENDED_BAD_PATH.has(value) })
    }
  }
  for (const name of Object.keys((querySchema?.properties ?? {}) as object)) {
    for (const value of QUERY_VALUES) {
      cases.push({ ...base, why: `query ${name}=${JSON.stringify(value.slice(0, 20))}`, query: { [name]: value }, intendedBad: /[\u0000-\u001f]/.test(value) })
    }
  }
  if (bodySchema) {
    const fields = Object.keys((bodySchema.properties ?? {}) as object)
    const good = goodBody as Record<string, unknown>
    cases.push({ ...base, why: 'no body', body: undefined })
    cases.push({ ...base, why: 'empty object', body: {} })
    cases.push({ ...base, why: 'unknown fields', body: { ...good, is_superuser: true, role: 'admin', 'x\u0000': 1 } })
    for (const field of fields) {
      const { [field]: _left, ...without } = good
      cases.push({ ...base, why: `${field} missing`, body: without })
      for (const value of INTENDED_BAD) {
        for (const body of new Set([good, fullBody, ...(EXAMPLES.get(operation.operationId) ?? [])].map((item) => JSON.stringify(item)))) {
          cases.push({ ...base, why: `${field}=${String(value).slice(0, 20)}`, body: { ...JSON.parse(body), [field]: value }, intendedBad: true })
        }
      }
      for (const value of MAYBE_BAD) cases.push({ ...base, why: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, body: { ...good, [field]: value } })
      // inside a list or an object of the field, too
      if (Array.isArray(good[field])) {
        cases.push({ ...base, why: `${field}[0]=NUL`, body: { ...good, [field]: ['a\u0000@example.com'] }, intendedBad: true })
      }
    }
    // several fields broken together, chosen by the seeded generator
    const all = [...INTENDED_BAD, ...MAYBE_BAD]
    for (let round = 0; round < 8 && fields.length > 1; round++) {
      const body: Record<string, unknown> = { ...(fullBody as object) }
      let intendedBad = false
      for (const field of fields) {
        if (random() < 0.5) continue
        const value = all[Math.floor(random() * all.length)]
        body[field] = value
        intendedBad ||= INTENDED_BAD.includes(value as never)
      }
      cases.push({ ...base, why: `mixed #${round}`, body, intendedBad })
    }
    for (const raw of RAW_BODIES) cases.push({ ...base, why: raw.why, body: undefined, raw, intendedBad: true })
  } else if (operation.method !== 'GET') {
    // a call without a body: broken JSON still may not get through
    for (const raw of RAW_BODIES.filter((candidate) => candidate.why.startsWith('broken'))) {
      cases.push({ ...base, why: raw.why, raw, intendedBad: true })
    }
  }
  return cases
}

/** Whether an integer path parameter's text is not spelled as its `pattern` says (JSON Schema checks `pattern` on strings only). */
const misspelled = (operation: Operation, path: Record<string, string>): boolean =>
  Object.entries((operation.schema.params?.properties ?? {}) as Record<string, JsonSchema>).some(
    ([name, schema]) =>
      [schema.type].flat().includes('integer') && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(path[name] ?? ''),
  )

/** Whether the contract's schemas (plainly read) refuse the case. */
const refusedByContract = (operation: Operation, item: Case): boolean => {
  if (item.raw) return true
  const path = Object.fromEntries(Object.entries(item.path).map(([name, value]) => [name, safeDecode(value)]))
  if (misspelled(operation, path)) return true
  if (!validates(plainText, operation.schema.params, path)) return true
  if (!validates(plainText, operation.schema.querystring, item.query ?? {})) return true
  if (operation.schema.body) {
    if (item.body === undefined) return true
    const parsed = JSON.parse(payloadOf(item.body)) as unknown
    return !validates(plainBody, operation.schema.body, parsed)
  }
  return false
}

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

const urlOf = (operation: Operation, item: Case): string => {
  let url = operation.url
  for (const [name, value] of Object.entries(item.path)) url = url.replace(`:${name}`, value)
  if (item.query) url += `?${new URLSearchParams(item.query).toString()}`
  return url
}

// ---- the store, row by row ----

const rowsOf = async (server: TestServer): Promise<Record<string, string>> => {
  const tables = await server.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const snapshot: Record<string, string> = {}
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    if (EXCLUDED_TABLES.has(name)) continue
    const rows = await server.db.execute(sql.raw(`select * from "${name}" order by 1`))
    snapshot[name] = JSON.stringify((rows as unknown as { rows: unknown[] }).rows)
  }
  return snapshot
}

// ---- the run ----

let server: TestServer
let identities: [string, string | undefined][]

beforeAll(async () => {
  server = await startServer()
  const people = await createOrganizationWithPeople(server)
  await createUser(server, { email: 'platform@example.com', superuser: true })
  identities = [
    ['no token', undefined],
    ['a student', people.student.token],
    ['a platform admin', await login(server, 'platform@example.com')],
  ]
})
afterAll(() => server.close())

const isErrorShape = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.values(body).length > 0 &&
  Object.values(body).every((value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')))

describe('the contract fuzzer', () => {
  it('drives every operation with bad input: no 5xx, a message with every 4xx, no change to the store', { timeout: 180_000 }, async () => {
    const random = generator(SEED)
    const operations = loadContract()
    const serverErrors: string[] = []
    const failures: string[] = []
    let requests = 0
    for (const operation of operations) {
      const cases = casesOf(operation, random).filter(
        (item) => operation.method === 'GET' || item.intendedBad || refusedByContract(operation, item),
      )
      for (const [who, token] of identities) {
        const before = await rowsOf(server)
        for (const item of cases) {
          const headers: Record<string, string> = {}
          if (token) headers.authorization = `Bearer ${token}`
          let payload: string | Buffer | undefined
          if (item.raw) {
            payload = item.raw.payload
            if (item.raw.contentType) headers['content-type'] = item.raw.contentType
          } else if (item.body !== undefined) {
            payload = payloadOf(item.body)
            headers['content-type'] = 'application/json'
          }
          const url = urlOf(operation, item)
          const response = await server.app.inject({ method: operation.method, url, headers, payload, remoteAddress: '127.0.0.1' })
          requests++
          const where = `${operation.operationId} as ${who}, ${item.why} (${operation.method} ${url.slice(0, 80)})`
          if (response.statusCode >= 500) {
            serverErrors.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`)
          } else if (response.statusCode >= 400) {
            let body: unknown
            try {
              body = JSON.parse(response.body)
            } catch {
              body = undefined
            }
            if (!isErrorShape(body)) failures.push(`${where} → ${response.statusCode} without a message: ${response.body.slice(0, 200)}`)
          }
        }
        const after = await rowsOf(server)
        for (const table of Object.keys(before)) {
          if (before[table] !== after[table]) failures.push(`${operation.operationId} as ${who}: the table ${table} changed`)
        }
      }
    }
    console.log(`fuzz: ${requests} requests over ${operations.length} operations, ${serverErrors.length} 5xx (seed ${SEED})`)
    expect(serverErrors.slice(0, 20), `${serverErrors.length} answers were a 5xx`).toEqual([])
    expect(failures.slice(0, 20), `${failures.length} other failures`).toEqual([])
  })
})
