import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, openStore } from '../../server/app.js'
import { loadContract } from '../../server/contract/load.js'
import type { Store } from '../../server/db/store.js'
import { createUser, login, startServer, testConfig, type TestServer } from './harness.js'

/** The server around the API: health, unknown addresses, the web app, shutdown. */

let webRoot: string
let server: TestServer

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
  await mkdir(path.join(webRoot, 'assets'))
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>')
  await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")')
  // the practice roll-up worker polls only when kicked: its statements would be counted with the health check's
  server = await startServer({ webRoot, rollupPollMs: 0 })
})
afterAll(async () => {
  await server.close()
  await rm(webRoot, { recursive: true, force: true })
})

describe('routes', () => {
  it('serves every operation of the contract', () => {
    for (const operation of loadContract()) {
      // with ignoreTrailingSlash the router keeps paths without their trailing slash
      const url = operation.url.replace(/(.)\/$/, '$1')
      expect(server.app.hasRoute({ method: operation.method, url }), operation.operationId).toBe(true)
    }
  })

  it('answers the health check after asking the store', async () => {
    await server.app.portal.rollups.rollUpDue() // its first pass, at the start, is over
    const asked = vi.spyOn(server.db, 'execute')
    try {
      const reply = await server.api('GET', '/v1/health')
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({ status: 'ok' })
      expect(asked).toHaveBeenCalledTimes(1)
    } finally {
      asked.mockRestore()
    }
  })

  it('is not ready (503) while the store fails', async () => {
    const failing = vi.spyOn(server.db, 'execute').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'))
    try {
      // (the harness's api() fails on any 5xx: this one is the answer the test expects)
      const reply = await server.app.inject({ method: 'GET', url: '/v1/health', headers: { 'accept-language': 'es-MX' } })
      expect(reply.statusCode).toBe(503)
      expect(reply.json()).toEqual({
        detail: 'El servicio no puede conectarse a su base de datos. Inténtalo de nuevo en un momento.',
        code: 'store_unavailable',
      })
      expect(reply.headers['retry-after']).toBe('5')
    } finally {
      failing.mockRestore()
    }
  })

  it('is not ready (503) when the store does not answer in time', async () => {
    const hanging = vi.spyOn(server.db, 'execute').mockImplementationOnce(() => new Promise(() => {}) as never)
    try {
      const reply = await server.app.inject({ method: 'GET', url: '/v1/health' })
      expect(reply.statusCode).toBe(503)
      expect(reply.json()).toEqual({ detail: 'The service cannot reach its database. Try again in a moment.', code: 'store_unavailable' })
    } finally {
      hanging.mockRestore()
    }
    expect((await server.api('GET', '/v1/health')).status).toBe(200)
  })

  it('answers an unknown API address with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing-here'],
      ['POST', '/v1/accounts/unknown/'],
      ['DELETE', '/v1/health'],
      ['GET', '/v1'],
    ] as const) {
      const reply = await server.api(method, url)
      expect(reply.status, `${method} ${url}`).toBe(404)
      expect(reply.body).toEqual({ detail: 'Not found.' })
    }
  })

  it('accepts paths with or without the trailing slash', async () => {
    expect((await server.api('GET', '/v1/health/')).status).toBe(200)
    expect((await server.api('POST', '/v1/accounts/reset_password', { body: { email: 'x@example.com' } })).status).toBe(200)
  })
})

describe('the web app', () => {
  it('serves its files, and index.html for any other page', async () => {
    const asset = await server.api('GET', '/assets/app-1234.js')
    expect(asset.status).toBe(200)
    expect(asset.text).toContain('console.log')
    expect(asset.headers['cache-control']).toContain('immutable')
    for (const page of ['/', '/login', '/organization/4/students?page=2', '/profile']) {
      const reply = await server.api('GET', page)
      expect(reply.status, page).toBe(200)
      expect(reply.headers['content-type']).toMatch(/text\/html/)
      expect(reply.text).toContain('<div id="root">')
    }
  })

  it('does not answer a missing file with the page', async () => {
    expect((await server.api('GET', '/assets/missing-5678.js')).status).toBe(404)
  })

  it('says plainly when the app is not built', async () => {
    const bare = await startServer({ webRoot: path.join(webRoot, 'missing') })
    try {
      const reply = await bare.api('GET', '/login')
      expect(reply.status).toBe(404)
      expect(reply.text).toContain('The web app is not built')
      expect(reply.text).toContain('npm run build')
      expect((await bare.api('GET', '/v1/health')).status).toBe(200)
    } finally {
      await bare.close()
    }
  })
})

describe('the platform admin of a new store', () => {
  it('is created once, confirmed, with the configured or a generated password', async () => {
    const { ensurePlatformAdmin } = await import('../../server/app.js')
    const fresh = await startServer()
    try {
      const printed: string[] = []
      const created = await ensurePlatformAdmin(fresh.db, { adminEmail: 'boss@example.com', adminPassword: undefined }, new Date(), (line) => printed.push(line))
      expect(created?.generatedPassword).toBeTruthy()
      expect(printed.join('\n')).toContain(created?.generatedPassword ?? 'missing')
      const token = await login(fresh, 'boss@example.com', created?.generatedPassword)
      const reply = await fresh.api('GET', '/v1/accounts/1', { token })
      expect(reply.body).toMatchObject({ email: 'boss@example.com', is_superuser: true })
      expect(await ensurePlatformAdmin(fresh.db, { adminEmail: 'other@example.com', adminPassword: 'x' }, new Date(), () => {})).toBeUndefined()
    } finally {
      await fresh.close()
    }
  })
})

describe('shutdown', () => {
  it('lets a request in flight finish before the store closes', async () => {
    const inner = await openStore({ memory: true })
    const events: string[] = []
    const store: Store = { ...inner, close: async () => { events.push('store closed'); await inner.close() } }
    const app = await buildApp({ config: testConfig(), store: { ...store } })
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    app.addHook('preHandler', async (request) => {
      if (request.url.startsWith('/v1/health')) {
        entered()
        await held
      }
    })
    app.addHook('onResponse', async (request, reply) => {
      if (request.url.startsWith('/v1/health')) events.push(`answered ${reply.statusCode}`)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const pending = fetch(`http://127.0.0.1:${port}/v1/health`).then((response) => response.json())
    await inside
    const closing = app.close().then(() => store.close())
    setTimeout(release, 100)
    expect(await pending).toEqual({ status: 'ok' })
    await closing
    expect(events).toEqual(['answered 200', 'store closed'])
  })
})

describe('logins of the seeded users work with the harness', () => {
  it('logs in', async () => {
    await createUser(server, { email: 'plain@example.com' })
    expect(await login(server, 'plain@example.com')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
