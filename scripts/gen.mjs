// Regenerates every generated file: contract types, translation helpers, Panda's styled-system.
// `--check` also fails when a committed generated file was stale (tests call it that way).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { buildFlows, FLOWS_OUTPUT } from './flows.mjs'

const check = process.argv.includes('--check')
const committed = ['openapi/schema.d.ts', 'locales/i18n-types.ts', 'locales/i18n-util.ts', 'locales/i18n-util.sync.ts', 'locales/i18n-util.async.ts', FLOWS_OUTPUT]
const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : null)
const before = new Map(committed.map((f) => [f, read(f)]))
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })

run('npx', ['openapi-typescript', 'openapi/openapi.yaml', '-o', 'openapi/schema.d.ts', '--silent'])
run('npx', ['typesafe-i18n', '--no-watch'])
run('npx', ['panda', 'codegen', '--silent'])
// the flow gallery's spec excerpts and screens (scripts/flows.mjs)
writeFileSync(FLOWS_OUTPUT, `${JSON.stringify(buildFlows(), null, 2)}\n`)

const stale = committed.filter((f) => before.get(f) !== read(f))
if (stale.length > 0) {
  console.log(`gen: regenerated ${stale.join(', ')}`)
  if (check) {
    console.error('gen: these generated files were stale; commit the regenerated versions.')
    process.exit(1)
  }
} else console.log('gen: generated files are up to date')
