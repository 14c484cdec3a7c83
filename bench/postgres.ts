/**
 * A PostgreSQL server of the bench's own, as .ci/run starts one: initdb in a temporary folder (as the
 * user postgres when run as root), on loopback, on a port free now; `stop` stops it and removes the folder.
 * Undefined when no PostgreSQL is installed (/usr/lib/postgresql/<version>/bin).
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const binaries = (): string | undefined => {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  return versions.length > 0 ? join(root, versions.at(-1)!, 'bin') : undefined
}

/** A port free on loopback now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export const startLocalPostgres = async (): Promise<{ url: string; stop: () => void } | undefined> => {
  const bin = binaries()
  if (!bin) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' })
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres'])
  const port = await freePort()
  run('pg_ctl', ['-D', join(dir, 'data'), '-o', `-h 127.0.0.1 -p ${port} -k ${dir}`, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
