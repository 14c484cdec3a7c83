/**
 * What the API benchmarks share: a server on a fresh store on loopback, a load generator, and side-by-side
 * rounds that alternate the two sides so neither always runs first.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { buildApp, ensurePlatformAdmin, loadConfig, openStore } from '../server/app.js'

export const CONCURRENCY = 16

/** Runs one statement on the PostgreSQL server of `url` (creating or dropping a database). */
export const onServer = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * A production server on embedded PGlite in a temporary folder, or, when `onPostgres`, on a database of
 * its own created on the PostgreSQL server of `postgresUrl` (default DATABASE_URL; dropped by `close`).
 * `env` adds to or overrides the server's environment (a limit a bench would otherwise reach).
 */
export const startBenchServer = async (options: { onPostgres?: boolean; postgresUrl?: string; env?: Record<string, string> } = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  const serverUrl = options.onPostgres ? (options.postgresUrl ?? process.env.DATABASE_URL) : undefined
  let databaseUrl: string | undefined
  const database = `portal_bench_${randomBytes(6).toString('hex')}`
  if (serverUrl) {
    await onServer(serverUrl, `create database ${database}`)
    const url = new URL(serverUrl)
    url.pathname = `/${database}`
    databaseUrl = url.toString()
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password-1',
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_EMAIL: '1000000',
    // the ingestion's students post thousands of events in seconds: counted as always, never refused
    PRACTICE_EVENTS_PER_HOUR: '1000000000',
    PRACTICE_EVENTS_PER_DAY: '1000000000',
    ...options.env,
  })
  const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir })
  await ensurePlatformAdmin(store.db, config, new Date(), () => {})
  const app = await buildApp({ config, store, social: null })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const login = async (email = config.adminEmail, password = config.adminPassword!) => {
    const res = await fetch(`${base}/v1/accounts/login-legacy/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`)
    return (await res.json()) as { token: string; user_id: number }
  }
  return {
    app,
    store,
    base,
    config,
    login,
    close: async () => {
      await app.close()
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
      if (serverUrl) await onServer(serverUrl, `drop database if exists ${database} with (force)`)
    },
  }
}

/**
 * Sends `total` requests (`urls` taken in turn from the `from`th), CONCURRENCY at a time; answers requests
 * per second and the latencies.
 */
export const load = async (urls: readonly string[], headers: Record<string, string>, total: number, from = 0) => {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      const url = urls[(from + next++) % urls.length]!
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

export const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN
}
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

export interface Side {
  name: string
  urls: readonly string[]
  headers: Record<string, string>
}

/**
 * Runs `rounds` rounds of `perRound` requests of each side, alternating which goes first; medians and
 * p99s. Each side's URLs are taken in turn across its rounds (a side of more URLs than requests reads
 * each once).
 */
export const sideBySide = async (sides: readonly Side[], rounds: number, perRound: number) => {
  const taken = sides.map(() => 0)
  const warmUp = Math.min(300, perRound)
  for (const [index, side] of sides.entries()) {
    await load(side.urls, side.headers, warmUp)
    taken[index] = warmUp
  }
  const results = sides.map(() => ({ rps: [] as number[], lat: [] as number[] }))
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, index) => index)
    if (round % 2 === 1) order.reverse()
    for (const index of order) {
      const r = await load(sides[index]!.urls, sides[index]!.headers, perRound, taken[index])
      taken[index]! += perRound
      results[index]!.rps.push(r.rps)
      results[index]!.lat.push(...r.latencies)
    }
  }
  return results.map((r, index) => ({ name: sides[index]!.name, rps: median(r.rps), p99: p99(r.lat) }))
}

export const f = (n: number, digits = 1) => n.toFixed(digits)
