import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BODY_LIMIT, parseContract } from '../../server/contract/load.js'
import { MAX_REPORTED_FIELDS } from '../../server/contract/validation-messages.js'
import { snapshot, startServer, type TestServer } from './harness.js'

/**
 * What one client without a login cannot do to the server: send a huge body, make it write a huge
 * error, or hold a connection open by sending its request slowly.
 */

let server: TestServer

beforeAll(async () => {
  // a short request timeout, so that the slow client below is cut off within the test
  server = await startServer({ env: { REQUEST_TIMEOUT: '1' } })
})
afterAll(async () => {
  await server.close()
})

const unknownFields = (count: number) => {
  const body: Record<string, number> = {}
  for (let index = 0; index < count; index++) body[`field${index}`] = 1
  return JSON.stringify(body)
}

describe('request bodies', () => {
  it('a 0.5 MB body of 50,000 unknown fields gets a small 413 and changes nothing', async () => {
    const payload = unknownFields(50_000)
    expect(payload.length).toBeGreaterThan(500_000)
    const before = await snapshot(server)
    const reply = await server.api('POST', '/v1/accounts/sign_in', { raw: { payload, contentType: 'application/json' } })
    expect(reply.status).toBe(413)
    expect(reply.body).toEqual({ detail: 'The request is too large: at most 64 KB.' })
    expect(await snapshot(server)).toEqual(before)
  })

  it('a body under the limit with thousands of unknown fields names the first 20 only', async () => {
    const payload = unknownFields(4_000)
    expect(payload.length).toBeLessThan(DEFAULT_BODY_LIMIT)
    const before = await snapshot(server)
    const reply = await server.api('POST', '/v1/accounts/sign_in', { raw: { payload, contentType: 'application/json' } })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body)).toHaveLength(MAX_REPORTED_FIELDS)
    expect(reply.body.field0).toEqual(['This field is not accepted.'])
    expect(reply.text.length).toBeLessThan(2_000)
    expect(await snapshot(server)).toEqual(before)
  })

  it('refuses a body over 64 KB with 413 and a message, in the reader’s language', async () => {
    const body = { first_name: 'a'.repeat(DEFAULT_BODY_LIMIT), last_name: 'b', email: 'big@example.com', password: 'long enough' }
    const reply = await server.api('POST', '/v1/accounts/sign_in', { body })
    expect(reply.status).toBe(413)
    expect(reply.body).toEqual({ detail: 'The request is too large: at most 64 KB.' })
    const spanish = await server.api('POST', '/v1/accounts/login-legacy/', { body, language: 'es-MX' })
    expect(spanish.status).toBe(413)
    expect(spanish.body.detail).toBe('La solicitud es demasiado grande: como máximo 64 KB.')
    // an address that is no operation has the same limit
    expect((await server.api('POST', '/v1/nothing', { body })).status).toBe(413)
  })

  it('takes an operation’s own limit from the contract (x-body-limit)', () => {
    const contract = parseContract(`
openapi: 3.1.0
paths:
  /small:
    post:
      operationId: small
      requestBody: { required: true, content: { application/json: { schema: { type: object } } } }
      responses: { '204': { description: done } }
  /large:
    post:
      operationId: large
      x-body-limit: 1048576
      requestBody: { required: true, content: { application/json: { schema: { type: object } } } }
      responses: { '204': { description: done } }
`)
    expect(contract.map((operation) => [operation.operationId, operation.bodyLimit])).toEqual([
      ['small', DEFAULT_BODY_LIMIT],
      ['large', 1_048_576],
    ])
  })
})

describe('slow clients', () => {
  it('a body trickled a byte at a time is cut off after REQUEST_TIMEOUT', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = server.app.server.address() as AddressInfo
    const before = await snapshot(server)
    const socket = connect(port, '127.0.0.1')
    const started = performance.now()
    let received = ''
    let sent = 0
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) })
    socket.write(
      `POST /v1/accounts/login-legacy/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    // one byte every 50 ms: the whole body would take over 10 s, and the connection is never idle
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '')
    }, 50)
    await new Promise<void>((resolve) => socket.once('close', () => resolve()))
    clearInterval(trickle)
    const elapsed = performance.now() - started
    // cut off before the body was through (it takes over 10 s), and not before the timeout
    expect(sent).toBeLessThan(body.length)
    expect(elapsed).toBeGreaterThanOrEqual(900)
    expect(received).toMatch(/^HTTP\/1\.1 408/)
    expect(await snapshot(server)).toEqual(before)
  })
})
