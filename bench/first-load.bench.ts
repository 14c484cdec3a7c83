/**
 * `npm run bench`, the first load — not a test. Builds the web app as `npm run build` does (into a
 * temporary folder, dist/ is left alone), serves it from the production server on loopback, opens
 * /login in Chromium on a fresh profile and prints the JavaScript it transferred, gzipped, file by
 * file, against the budget (tests/e2e/first-load.spec.ts fails past it).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { buildApp, loadConfig, openStore } from '../server/app.js'
import { describeFirstLoad, measureFirstLoad } from '../tests/e2e/support/first-load.js'

const work = mkdtempSync(join(tmpdir(), 'portal-bench-web-'))
const webRoot = join(work, 'dist')
try {
  await build({ logLevel: 'warn', build: { outDir: webRoot, emptyOutDir: true } })
  const config = loadConfig({ ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: undefined, NODE_ENV: 'production' })
  const store = await openStore({ dataDir: config.dataDir })
  const app = await buildApp({ config, store, webRoot, social: null })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await (await browser.newContext()).newPage()
    const load = await measureFirstLoad(page, `${base}/login`, (page) =>
      page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor(),
    )
    for (const line of describeFirstLoad(load)) console.log(line)
  } finally {
    await browser.close()
    await app.close()
    await store.close()
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
