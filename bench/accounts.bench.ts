/**
 * `npm run bench` — not a test. One run on loopback, side by side:
 *  - an authenticated GET /v1/accounts/{id} (session lookup + account + memberships) against the trivial
 *    GET /v1/health of the same server, as throughput and p99 ratios, measured in alternating rounds;
 *  - the cost of one login (argon2id verify + session write) in ms.
 * The store is embedded PGlite in a temporary folder, as `npm start` runs by default.
 */
import { CONCURRENCY, f, median, sideBySide, startBenchServer } from './support.js'

const ROUNDS = 6
const REQUESTS_PER_ROUND = 1500
const LOGINS = 20

const server = await startBenchServer()
try {
  const session = await server.login()
  const [h, a] = await sideBySide(
    [
      { name: 'health', urls: [`${server.base}/v1/health`], headers: {} },
      { name: 'account', urls: [`${server.base}/v1/accounts/${session.user_id}`], headers: { authorization: `Bearer ${session.token}` } },
    ],
    ROUNDS,
    REQUESTS_PER_ROUND,
  )
  const loginMs: number[] = []
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now()
    await server.login()
    loginMs.push(performance.now() - t0)
  }
  console.log(`bench: ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND} requests, ${CONCURRENCY} in flight, store ${server.store.driver}`)
  console.log(`  GET /v1/health              ${f(h!.rps, 0).padStart(7)} req/s   p99 ${f(h!.p99, 2)} ms`)
  console.log(`  GET /v1/accounts/{id} (auth) ${f(a!.rps, 0).padStart(7)} req/s   p99 ${f(a!.p99, 2)} ms`)
  console.log(`  ratio account/health: throughput ${f(a!.rps / h!.rps, 2)}x, p99 ${f(a!.p99 / h!.p99, 2)}x`)
  console.log(`  one login (argon2id verify + session): median ${f(median(loginMs))} ms, max ${f(Math.max(...loginMs))} ms over ${LOGINS}`)
} finally {
  await server.close()
}
