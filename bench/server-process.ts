/**
 * A benchmark's server as production runs it: its own process, `node --import tsx server/main.ts` with
 * NODE_ENV=production, on a fresh store, on loopback. Unlike support.ts's server (built in the bench's
 * process), nothing of the bench shares its event loop, and the environment decides what production's
 * would: WEB_CONCURRENCY (processes of node:cluster, where the server has them) and LOG_LEVEL are passed
 * through from the bench's environment (LOG_LEVEL `warn` when unset, so that the figures are the server's,
 * not its request log's).
 *
 * The store is filled before the server starts, by the bench's own process through the existing seed paths
 * (the demo, server/dev/seed.ts): `prepare` gets the store opened as the server opens it (its migrations
 * applied) and closed after. Everything after that goes through the server's HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openStore, type Database } from '../server/db/store.js'
import { freePort } from './postgres.js'
import { onServer } from './support.js'

const root = fileURLToPath(new URL('..', import.meta.url))

export const ADMIN_EMAIL = 'bench@example.com'
export const ADMIN_PASSWORD = 'bench-password-1'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface ServerProcess<T> {
  base: string
  /** postgres or pglite. */
  driver: string
  /** What `prepare` answered. */
  prepared: T
  /** The last of the server's output (its log file), to show when something failed. */
  log: () => string
  stop: () => Promise<void>
}

export interface ServerProcessOptions<T> {
  /** A PostgreSQL server's URL (a database of its own is made on it, dropped by `stop`); unset: embedded PGlite. */
  postgresUrl?: string
  /** Fills the store before the server opens it. */
  prepare: (db: Database) => Promise<T>
  /** Adds to or overrides the server's environment (limits a bench would otherwise reach). */
  env?: Record<string, string>
}

/** Fills a fresh store with `prepare`, then starts the server on it and waits until its health answers. */
export const startServerProcess = async <T>(options: ServerProcessOptions<T>): Promise<ServerProcess<T>> => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-bench-process-'))
  const database = `portal_bench_${randomBytes(6).toString('hex')}`
  let databaseUrl: string | undefined
  if (options.postgresUrl) {
    await onServer(options.postgresUrl, `create database ${database}`)
    const url = new URL(options.postgresUrl)
    url.pathname = `/${database}`
    databaseUrl = url.toString()
  }
  const target = databaseUrl ? { databaseUrl } : { dataDir: join(folder, 'data') }
  const store = await openStore(target)
  let prepared: T
  try {
    prepared = await options.prepare(store.db)
  } finally {
    await store.close()
  }

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // the server's configuration is the bench's: nothing else of the environment (no SMTP_URL, no S3_*) reaches it
  const passed = ['PATH', 'HOME', 'TMPDIR', 'WEB_CONCURRENCY', 'LOG_LEVEL'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : []))
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(passed),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    ...('databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
    FILES_DIR: join(folder, 'files'),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...options.env,
  }
  const logFile = join(folder, 'server.log')
  const out = openSync(logFile, 'a')
  // a process group of its own: with node:cluster the server is several processes, and `stop` (or the
  // bench's exit) ends every one of them, only them
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', out, out], detached: true })
  closeSync(out)
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // none left
    }
  }
  /** At the bench's exit, however it ends (the server's database goes with the bench's PostgreSQL, or stays on DATABASE_URL's). */
  const onExit = () => {
    killGroup()
    rmSync(folder, { recursive: true, force: true })
  }
  process.once('exit', onExit)
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-4000)
    } catch {
      return ''
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(killed)
    }
    killGroup()
    process.off('exit', onExit)
    if (databaseUrl) await onServer(options.postgresUrl!, `drop database if exists ${database} with (force)`)
    rmSync(folder, { recursive: true, force: true })
  }

  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) {
      const output = log()
      await stop()
      throw new Error(`the server stopped on start (${child.exitCode}):\n${output}`)
    }
    const healthy = await fetch(`${base}/v1/health`).then(
      (reply) => reply.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      const output = log()
      await stop()
      throw new Error(`the server did not answer its health in 120 s:\n${output}`)
    }
    await sleep(200)
  }
  return { base, driver: databaseUrl ? 'postgres' : 'pglite', prepared, log, stop }
}
