// `npm test`: every check in order — generated files up to date, the contract's lint, typecheck, unit + model + API tests (vitest),
// the production build, then the end-to-end tests in Chromium (Playwright). Ends with one summary line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

mkdirSync('test-results', { recursive: true })
const counts = { passed: 0, failed: 0, skipped: 0 }
let broken = false
const failedSteps = []

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    console.error(`=== ${name}: failed (exit ${r.status})`)
    broken = true
    failedSteps.push(name)
  }
  return r.status === 0
}

step('generated files', 'node', ['scripts/gen.mjs', '--check'])
// the contract's lint with the pinned local Redocly CLI and redocly.yaml's rules: any error fails
step('contract lint (Redocly)', 'npx', ['--no-install', 'redocly', 'lint', 'openapi/openapi.yaml'], { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' })
step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])

step('unit, model and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'])
if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
  counts.passed += v.numPassedTests
  counts.failed += v.numFailedTests
  counts.skipped += v.numPendingTests + v.numTodoTests
}

if (step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' })
  if (existsSync('test-results/playwright.json')) {
    const s = JSON.parse(readFileSync('test-results/playwright.json', 'utf8')).stats
    counts.passed += s.expected
    counts.failed += s.unexpected + s.flaky
    counts.skipped += s.skipped
  }
}

if (failedSteps.length) console.error(`\nfailed steps: ${failedSteps.join('; ')}`)
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(broken ? 1 : 0)
