// `npm start`: builds the web app when dist/ is missing or older than its sources, then serves app and API on one port.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = join(dir, e.name)
    return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }, 0)
const sources = ['src', 'locales', 'machines', 'openapi', 'public'].map(newest).concat(['index.html', 'panda.config.ts'].map((f) => statSync(f).mtimeMs))
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (built < Math.max(...sources)) {
  console.log('start: building the web app…')
  execFileSync('node', ['scripts/gen.mjs'], { stdio: 'inherit' })
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
