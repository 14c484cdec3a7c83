import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

/**
 * A real server process, as `npm start` runs it (node --import tsx server/main.ts), for the tests of
 * several processes: started with an environment of the test's own (nothing of the machine's SMTP_URL or
 * S3_* reaches it), asked over HTTP, stopped with a signal.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url))

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds, or throws `what` after `ms`. */
export const waitUntil = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(50)
  }
  throw new Error(`timed out waiting for ${what}`)
}

export interface Answer {
  status: number
  body: any
}

/** The environment every test server gets, on top of the test's own variables. */
export const baseEnv = (port: number): Record<string, string> => ({
  ...Object.fromEntries(['PATH', 'HOME', 'TMPDIR'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : []))),
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DEMO: 'false',
  LOG_LEVEL: 'info',
  ADMIN_EMAIL: 'root@example.com',
  ADMIN_PASSWORD: 'a root passphrase',
})

export const serverProcess = (env: Record<string, string>) => {
  const port = Number(env.PORT)
  const base = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  let output = ''

  const start = async () => {
    output = ''
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child = started
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await waitUntil(
      `the server on port ${port}`,
      async () => {
        if (started.exitCode !== null) throw new Error(`the server stopped on start (${started.exitCode}):\n${output}`)
        return fetch(`${base}/v1/health`).then(
          (reply) => reply.ok,
          () => false,
        )
      },
      60_000,
    )
  }

  /** Sends `signal` and waits for the process to end; answers its exit code (null when killed by the signal). */
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => {
    const running = child
    child = undefined
    if (!running) return null
    if (running.exitCode !== null || running.signalCode !== null) return running.exitCode
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)))
    running.kill(signal)
    return exited
  }

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => {
    const reply = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await reply.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON
    }
    return { status: reply.status, body: parsed }
  }

  return { start, stop, call, port, pid: () => child?.pid, output: () => output }
}

export type ServerProcess = ReturnType<typeof serverProcess>

/** The server processes whose parent is `pid` (the workers of a primary), from /proc. */
export const serverChildren = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // the fields after the command's name, which is in parentheses and may hold spaces
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        const command = readFileSync(`/proc/${name}/cmdline`, 'utf8')
        return parent === pid && command.includes('server/main.ts') ? [Number(name)] : []
      } catch {
        return [] // ended meanwhile
      }
    })
