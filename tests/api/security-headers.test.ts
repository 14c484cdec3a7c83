import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness.js'

/** Every answer (the app's page, its files, the API, errors) carries the security headers. */

const directivesOf = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  )

let webRoot: string
let plain: TestServer
let secure: TestServer

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
  await mkdir(path.join(webRoot, 'assets'))
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>')
  await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")')
  plain = await startServer({ webRoot, env: { PUBLIC_URL: 'http://portal.test' } })
  secure = await startServer({ webRoot, env: { PUBLIC_URL: 'https://portal.example.com' } })
})
afterAll(async () => {
  await plain.close()
  await secure.close()
  await rm(webRoot, { recursive: true, force: true })
})

const ANSWERS = [
  ['the app page', 'GET', '/login'],
  ['index.html', 'GET', '/'],
  ['a hashed asset', 'GET', '/assets/app-1234.js'],
  ['an API call', 'GET', '/v1/health'],
  ['an API error', 'POST', '/v1/accounts/login-legacy/'],
  ['an unknown API address', 'GET', '/v1/nothing'],
] as const

describe('security headers', () => {
  for (const [what, method, url] of ANSWERS) {
    it(`are on ${what}`, async () => {
      const reply = await plain.api(method, url)
      const csp = directivesOf(reply.headers['content-security-policy'])
      expect(csp.get('default-src')).toEqual(["'self'"])
      // no inline script, no eval, nothing from elsewhere
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('style-src')).toEqual(["'self'"])
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
      expect(csp.get('connect-src')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      expect(csp.get('form-action')).toEqual(["'self'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(reply.headers['x-content-type-options']).toBe('nosniff')
      // reset and confirmation tokens ride in query strings: never sent on as a referrer
      expect(reply.headers['referrer-policy']).toBe('no-referrer')
      expect(reply.headers['x-frame-options']).toBe('DENY')
      expect(reply.headers['strict-transport-security']).toBeUndefined()
    })
  }

  it('include HSTS for a year, subdomains too, when PUBLIC_URL is https', async () => {
    for (const [, method, url] of ANSWERS) {
      const reply = await secure.api(method, url)
      expect(reply.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
      expect(directivesOf(reply.headers['content-security-policy']).get('script-src')).toEqual(["'self'"])
    }
  })
})
