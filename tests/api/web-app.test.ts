import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness.js'

/**
 * How the built app's files go out: the build's precompressed variants by Accept-Encoding, the
 * cache lifetimes, the page for app routes, and no source maps in production. The tree is a small
 * build as vite.config.ts writes it: each text file with its `.br` and `.gz` beside it, and a map.
 */

const INDEX = '<!doctype html><title>Portal</title><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>'
const SCRIPT = `console.log(${JSON.stringify('the entry script '.repeat(40))})`
const MAP = '{"version":3,"sources":["../../src/main.tsx"],"mappings":""}'

let webRoot: string
let development: TestServer
let production: TestServer

const writeWithVariants = async (file: string, content: string) => {
  await writeFile(file, content)
  await writeFile(`${file}.br`, brotliCompressSync(content))
  await writeFile(`${file}.gz`, gzipSync(content))
}

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
  await mkdir(path.join(webRoot, 'assets'))
  await writeWithVariants(path.join(webRoot, 'index.html'), INDEX)
  await writeWithVariants(path.join(webRoot, 'assets', 'index-abc123.js'), SCRIPT)
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js.map'), MAP)
  development = await startServer({ webRoot })
  production = await startServer({ webRoot, env: { NODE_ENV: 'production' } })
})
afterAll(async () => {
  await development.close()
  await production.close()
  await rm(webRoot, { recursive: true, force: true })
})

const get = (server: TestServer, url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

const decoded = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return gunzipSync(body).toString()
  return body.toString()
}

describe('compression', () => {
  it.each([
    // what Chromium sends, then what other clients send
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s', async (acceptEncoding, expected) => {
    for (const [url, content, type] of [
      ['/assets/index-abc123.js', SCRIPT, /javascript/],
      ['/', INDEX, /text\/html/],
      ['/login', INDEX, /text\/html/],
    ] as const) {
      const reply = await get(production, url, acceptEncoding)
      expect(reply.statusCode, url).toBe(200)
      expect(reply.headers['content-encoding'], url).toBe(expected)
      expect(reply.headers['content-type'], url).toMatch(type)
      expect(reply.headers.vary, url).toMatch(/accept-encoding/i)
      expect(decoded(expected, reply.rawPayload), url).toBe(content)
      if (expected) expect(reply.rawPayload.length, url).toBeLessThan(Buffer.byteLength(content))
    }
  })
})

describe('caching', () => {
  it('keeps hashed assets for a year, unchanged, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const reply = await get(production, '/assets/index-abc123.js', encoding)
      expect(reply.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable')
    }
  })

  it('revalidates index.html every time, also as the page of an app route', async () => {
    for (const url of ['/', '/index.html', '/login', '/organization/4/students?page=2']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const reply = await get(production, url, encoding)
        expect(reply.statusCode, `${url} ${encoding}`).toBe(200)
        expect(reply.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache')
        expect(decoded(reply.headers['content-encoding'] as string | undefined, reply.rawPayload)).toBe(INDEX)
      }
    }
  })

  it('answers a missing asset with 404, not with the page or a compressed variant', async () => {
    const reply = await get(production, '/assets/missing-5678.js', 'gzip, br')
    expect(reply.statusCode).toBe(404)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.json()).toEqual({ detail: 'Not found.' })
  })
})

describe('source maps', () => {
  it('are not served in production, in any encoding', async () => {
    for (const encoding of [undefined, 'gzip', 'br']) {
      const reply = await get(production, '/assets/index-abc123.js.map', encoding)
      expect(reply.statusCode, encoding).toBe(404)
      expect(reply.json()).toEqual({ detail: 'Not found.' })
    }
  })

  it('are served in development', async () => {
    const reply = await get(development, '/assets/index-abc123.js.map')
    expect(reply.statusCode).toBe(200)
    expect(reply.body).toBe(MAP)
  })
})
