import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from './harness.js'
import { baseEnv, freePort, serverChildren, serverProcess, sleep, waitUntil, type ServerProcess } from './server-process.js'

/**
 * Issue 19, "many processes": `WEB_CONCURRENCY=2 node --import tsx server/main.ts`, as npm start runs
 * it. On PostgreSQL the process forks two workers that serve its one port, forks another when one
 * dies, and on SIGTERM stops them and ends; on PGlite (embedded in one process) it serves alone.
 */

const folder = mkdtempSync(join(tmpdir(), 'portal-cluster-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** The pids of the log's "worker <pid> serves port <port>" lines, with their ports. */
const serving = (output: string) => [...output.matchAll(/worker (\d+) serves port (\d+)/g)].map((match) => ({ pid: Number(match[1]), port: Number(match[2]) }))

describe.skipIf(!process.env.DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL (needs DATABASE_URL: several processes share a PostgreSQL server, never PGlite)', () => {
  let server: ServerProcess | undefined
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await drop?.()
  })

  it('serves one port from two worker processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!)
    drop = database.drop
    const port = await freePort()
    server = serverProcess({ ...baseEnv(port), DATABASE_URL: database.url, WEB_CONCURRENCY: '2' })
    await server.start()
    const primary = server.pid()!
    await waitUntil('two workers', () => serving(server!.output()).length === 2)

    const workers = serving(server.output())
    expect(workers.map((worker) => worker.port)).toEqual([port, port])
    expect(serverChildren(primary).sort()).toEqual(workers.map((worker) => worker.pid).sort())
    expect(server.output()).toContain('2 processes on one port')
    // the first-start work ran once, in the primary: one platform admin
    expect(server.output().match(/Created the platform admin/g)).toHaveLength(1)

    // a worker killed outright: the other keeps serving, and the primary forks a new one
    process.kill(workers[0]!.pid, 'SIGKILL')
    await sleep(500) // the test's kept-alive connection to it is closed (a client would see it reset), new ones go to the other
    for (let index = 0; index < 20; index++) expect((await server.call('GET', '/v1/health')).status).toBe(200)
    await waitUntil('a third worker', () => serving(server!.output()).length === 3)
    const now = serverChildren(primary)
    expect(now).toHaveLength(2)
    expect(now).not.toContain(workers[0]!.pid)
    expect(server.output()).toContain(`worker ${workers[0]!.pid} died`)

    const code = await server.stop('SIGTERM')
    expect(code).toBe(0)
    await sleep(100)
    for (const pid of now) expect(() => process.kill(pid, 0), `worker ${pid} still runs`).toThrow()
  }, 120_000)
})

describe('WEB_CONCURRENCY=2 on PGlite', () => {
  let server: ServerProcess | undefined
  afterAll(() => server?.stop('SIGKILL'))

  it('serves from the one process: the store is embedded in it', async () => {
    const port = await freePort()
    server = serverProcess({ ...baseEnv(port), DATA_DIR: join(folder, 'data'), WEB_CONCURRENCY: '2' })
    await server.start()
    expect((await server.call('GET', '/v1/health')).status).toBe(200)
    expect(serverChildren(server.pid()!)).toEqual([])
    expect(serving(server.output())).toEqual([])
    expect(await server.stop('SIGTERM')).toBe(0)
  }, 120_000)
})
