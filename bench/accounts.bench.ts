/**
 * `npm run bench` — not a test. One run on loopback, side by side:
 *  - an authenticated GET /v1/accounts/{id} (session lookup + account + memberships) against the trivial
 *    GET /v1/health of the same server, as throughput and p99 ratios, measured in alternating rounds;
 *  - the cost of one login (argon2id verify + session write) in ms.
 * The store is embedded PGlite in a temporary folder, as `npm start` runs by default.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, ensurePlatformAdmin, loadConfig, openStore } from '../server/app.js'

const ROUNDS = 6
const REQUESTS_PER_ROUND = 1500
const CONCURRENCY = 16
const LOGINS = 20

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  NODE_ENV: 'production',
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: 'bench-password-1',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_PER_EMAIL: '1000000',
})
const store = await openStore({ dataDir })
await ensurePlatformAdmin(store.db, config, new Date(), () => {})
const app = await buildApp({ config, store })
const base = await app.listen({ host: '127.0.0.1', port: 0 })

const login = async (): Promise<{ token: string; user_id: number }> => {
  const res = await fetch(`${base}/v1/accounts/login-legacy/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { token: string; user_id: number }
}

/** Sends `total` requests, `CONCURRENCY` at a time; answers requests per second and the latencies. */
const load = async (url: string, headers: Record<string, string>, total: number) => {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const res = await fetch(url, { headers })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { rps: (total / (performance.now() - started)) * 1000, latencies }
}

const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

try {
  const session = await login()
  const auth = { authorization: `Bearer ${session.token}` }
  const health = `${base}/v1/health`
  const account = `${base}/v1/accounts/${session.user_id}`
  await load(health, {}, 300) // warm-up
  await load(account, auth, 300)

  const results = { health: { rps: [] as number[], lat: [] as number[] }, account: { rps: [] as number[], lat: [] as number[] } }
  for (let round = 0; round < ROUNDS; round++) {
    // alternate the order so neither side always runs first
    const order = round % 2 === 0 ? (['health', 'account'] as const) : (['account', 'health'] as const)
    for (const which of order) {
      const r = which === 'health' ? await load(health, {}, REQUESTS_PER_ROUND) : await load(account, auth, REQUESTS_PER_ROUND)
      results[which].rps.push(r.rps)
      results[which].lat.push(...r.latencies)
    }
  }

  const loginMs: number[] = []
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now()
    await login()
    loginMs.push(performance.now() - t0)
  }

  const h = { rps: median(results.health.rps), p99: p99(results.health.lat) }
  const a = { rps: median(results.account.rps), p99: p99(results.account.lat) }
  const f = (n: number, d = 1) => n.toFixed(d)
  console.log(`bench: ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND} requests, ${CONCURRENCY} in flight, store ${store.driver}`)
  console.log(`  GET /v1/health              ${f(h.rps, 0).padStart(7)} req/s   p99 ${f(h.p99, 2)} ms`)
  console.log(`  GET /v1/accounts/{id} (auth) ${f(a.rps, 0).padStart(7)} req/s   p99 ${f(a.p99, 2)} ms`)
  console.log(`  ratio account/health: throughput ${f(a.rps / h.rps, 2)}x, p99 ${f(a.p99 / h.p99, 2)}x`)
  console.log(`  one login (argon2id verify + session): median ${f(median(loginMs))} ms, max ${f(Math.max(...loginMs))} ms over ${LOGINS}`)
} finally {
  await app.close()
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
}
