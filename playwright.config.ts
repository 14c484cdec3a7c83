import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { PLATFORM_ADMIN, SHORT_SESSION_TTL } from './tests/e2e/support/env'

// End-to-end tests run the built app (dist/) on its own server with a fresh store, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4173)
// A second server whose sessions last a few seconds, for the session-expiry journey.
const shortSessionPort = port + 1
export const baseURL = `http://127.0.0.1:${port}`
const shortSessionURL = `http://127.0.0.1:${shortSessionPort}`

// The config is also loaded by the test workers: only the runner (which starts the servers) makes stores.
const isWorker = process.env.TEST_WORKER_INDEX !== undefined
const dataDirs: string[] = []
const freshDataDir = () => {
  if (isWorker) return ''
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  dataDirs.push(dir)
  return dir
}
// the servers are stopped before the runner exits: their stores go with them
if (!isWorker) process.once('exit', () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
// each run's screenshots (tests/e2e/support/screens.ts) replace the last run's
if (!isWorker) rmSync('test-results/screenshots', { recursive: true, force: true })

/** The server on a fresh store; the platform admin is created at start, everything else through the API. */
const server = (serverPort: number, url: string, sessionTtl: string) => ({
  command: 'node --import tsx server/main.ts',
  url: `${url}/v1/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: freshDataDir(),
    NODE_ENV: 'development',
    // the suite makes its own data through the API; the demo would only slow the start
    DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: PLATFORM_ADMIN.email,
    ADMIN_PASSWORD: PLATFORM_ADMIN.password,
    SESSION_TTL: sessionTtl,
    // every request comes from 127.0.0.1: the per-address limit would be the whole suite's; the
    // per-e-mail limit stays the real one (5), and the machine paths reach it on purpose
    RATE_LIMIT_PER_ADDRESS: '100000',
    // the tests' API client (the request fixture) keeps its connections and never retries: a request sent on
    // one just as the server closes it idle (5 s by default) ends in ECONNRESET. A test never idles this long.
    KEEP_ALIVE_TIMEOUT: '120',
  },
})

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // generous: the longest journeys take ~40 s on a loaded 2-core machine; a limit is a safety net, not a measure
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /session-ttl\.spec\.ts/ },
    { name: 'short-session', testMatch: /session-ttl\.spec\.ts/, use: { baseURL: shortSessionURL } },
  ],
  webServer: [
    server(port, baseURL, process.env.E2E_SESSION_TTL ?? '1209600'),
    server(shortSessionPort, shortSessionURL, String(SHORT_SESSION_TTL)),
  ],
})
