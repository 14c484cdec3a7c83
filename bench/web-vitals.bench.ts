/**
 * `npm run bench`, the web vitals (issue 21) - not a test. Builds the web app as `npm run build` does (into a
 * temporary folder; dist/ is left alone), serves it from the production server on loopback on a store with
 * the demo (server/dev/demo.ts), and runs Lighthouse (pinned 12.2.3) in Chromium (/usr/bin/chromium, or
 * CHROMIUM_PATH) on the pages people use every day: /login, the three dashboards (the school's admin, a
 * teacher, a student), a class's page and a student's reports (as the school's admin), and the platform
 * admin's organizations list. Each page is loaded as a person who is logged in arrives at it: the login is in
 * the browser's stored session (localStorage, as the app keeps it: the token, the user, the current
 * organization), the HTTP cache is empty. Each page runs
 * with Lighthouse's mobile preset (its default: simulated slow 4G, 4x CPU slowdown) and its desktop preset,
 * and the bench prints performance, LCP, TBT, CLS, accessibility and the JavaScript transferred (gzip: the
 * browser is made to accept gzip only; Lighthouse counts each response's headers too, some 0.3 KB a file, so
 * /login's budget of 120 KB of bodies is held by first-load.bench.ts and tests/e2e/first-load.spec.ts)
 * against the goals: performance >= 95 on mobile and 100 on desktop, CLS <= 0.02, accessibility 100.
 * WEB_VITALS_PAGES (say =login,class) runs only the pages whose names contain one of the words;
 * WEB_VITALS_REPORTS=<folder> writes each run's Lighthouse report there (JSON: its layout shifts, request chains...).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium, type BrowserContext } from 'playwright-core'
import { build } from 'vite'
import { buildApp, ensurePlatformAdmin, loadConfig, openStore } from '../server/app.js'
import { createDemo, DEMO_PASSWORD } from '../server/dev/demo.js'
import { rowsOf } from '../server/reports/figures.js'
import { sql } from 'drizzle-orm'
import { freePort } from './postgres.js'

const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }
const DOMAIN = 'demo.example.com'
const ONLY = process.env.WEB_VITALS_PAGES?.split(',').filter(Boolean)
const REPORTS = process.env.WEB_VITALS_REPORTS

interface Page {
  name: string
  path: string
  /** Who is logged in (null: nobody). */
  as: { email: string; password: string } | null
}

interface Figures {
  performance: number
  accessibility: number
  lcp: number
  tbt: number
  cls: number
  scriptBytes: number
}

const load = () => loadavg()[0]!.toFixed(2)
const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100)
const audit = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN

const figuresOf = (result: Result): Figures => {
  const requests = (result.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  return {
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    lcp: audit(result, 'largest-contentful-paint'),
    tbt: audit(result, 'total-blocking-time'),
    cls: audit(result, 'cumulative-layout-shift'),
    scriptBytes: requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  }
}

if (REPORTS) mkdirSync(REPORTS, { recursive: true })
const work = mkdtempSync(join(tmpdir(), 'portal-bench-vitals-'))
const webRoot = join(work, 'dist')
try {
  await build({ logLevel: 'warn', build: { outDir: webRoot, emptyOutDir: true } })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: undefined,
    NODE_ENV: 'production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_EMAIL: '1000000',
  })
  const store = await openStore({ dataDir: config.dataDir })
  await ensurePlatformAdmin(store.db, config, new Date(), () => {})
  await createDemo(store.db, new Date())
  const [school] = await rowsOf<{ id: number }>(store.db, sql`select id from organizations where type = 'school' order by id limit 1`)
  const [group] = await rowsOf<{ id: number }>(store.db, sql`select id from groups where organization_id = ${school!.id} order by id limit 1`)
  const [student] = await rowsOf<{ id: number }>(
    store.db,
    sql`select user_id as id from memberships where organization_id = ${school!.id} and role = 'student' order by user_id limit 1`,
  )
  const schoolAdmin = { email: `school-admin@${DOMAIN}`, password: DEMO_PASSWORD }
  const pages: Page[] = [
    { name: 'login', path: '/login', as: null },
    { name: 'admin dashboard', path: '/', as: schoolAdmin },
    { name: 'teacher dashboard', path: '/', as: { email: `teacher1@${DOMAIN}`, password: DEMO_PASSWORD } },
    { name: 'student dashboard', path: '/', as: { email: `student01@${DOMAIN}`, password: DEMO_PASSWORD } },
    { name: 'class details', path: `/organization/${school!.id}/classes/${group!.id}`, as: schoolAdmin },
    { name: "a student's reports", path: `/organization/${school!.id}/students/${student!.id}`, as: schoolAdmin },
    { name: 'admin organizations', path: '/admin', as: ADMIN },
  ].filter((page) => !ONLY || ONLY.some((word) => page.name.includes(word)))

  const app = await buildApp({ config, store, webRoot, social: null })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const login = async (who: { email: string; password: string }) => {
    const response = await fetch(`${base}/v1/accounts/login-legacy/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    })
    if (!response.ok) throw new Error(`login of ${who.email}: ${response.status} ${await response.text()}`)
    return (await response.json()) as { token: string; user_id: number }
  }

  const port = await freePort()
  const context: BrowserContext = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
    ],
  })
  /** The stored session of `who` (or none) in the browser's localStorage, and an empty HTTP cache. */
  const arrive = async (who: Page['as']) => {
    const page = await context.newPage()
    await page.goto(`${base}/terms`)
    const session = who ? await login(who) : null
    // what the app stores at a login: the token, the user and the current organization (the first one)
    const account = session
      ? ((await (await fetch(`${base}/v1/accounts/${session.user_id}`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as { organizations: { id: number }[] })
      : null
    await page.evaluate(
      ([saved, organization]) => {
        localStorage.clear()
        if (saved) {
          localStorage.setItem('portal.token', saved.token)
          localStorage.setItem('portal.userId', String(saved.user_id))
        }
        if (organization) localStorage.setItem('portal.organization', String(organization))
      },
      [session, account?.organizations[0]?.id ?? null] as const,
    )
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.close()
  }
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // the stored session is the point: Lighthouse must not empty the storage (the cache is emptied above)
    disableStorageReset: true,
    extraHeaders: { 'Accept-Encoding': 'gzip' },
  }
  const rows: string[] = []
  const missed: string[] = []
  console.log(`bench: web vitals (issue 21), Lighthouse 12.2.3 on ${base}, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`)
  try {
    for (const page of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        await arrive(page.as)
        const before = load()
        const result = (await lighthouse(`${base}${page.path}`, flags, preset === 'desktop' ? desktopConfig : undefined))?.lhr
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
        if (result.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${result.runtimeError.message}`)
        if (REPORTS) writeFileSync(join(REPORTS, `${page.name.replace(/\W+/g, '-')}-${preset}.json`), JSON.stringify(result))
        const f = figuresOf(result)
        const goals = [
          f.performance >= (preset === 'mobile' ? 95 : 100) ? null : `performance ${f.performance}`,
          f.cls <= 0.02 ? null : `CLS ${f.cls.toFixed(3)}`,
          f.accessibility === 100 ? null : `accessibility ${f.accessibility}`,
        ].filter((goal) => goal !== null)
        if (goals.length > 0) missed.push(`${page.name} (${preset}): ${goals.join(', ')}`)
        const row = `  ${page.name.padEnd(20)} ${preset.padEnd(8)} perf ${String(f.performance).padStart(3)}  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${String(Math.round(f.tbt)).padStart(4)} ms  CLS ${f.cls.toFixed(3)}  a11y ${String(f.accessibility).padStart(3)}  JS ${(f.scriptBytes / 1000).toFixed(1).padStart(6)} KB  ${goals.length ? 'MISSED' : 'holds '}  load ${before} -> ${load()}`
        rows.push(row)
        console.log(row)
      }
    }
  } finally {
    await context.close()
    await app.close()
    await store.close()
  }
  console.log(`bench: web vitals, the table (load average now ${loadavg().map((n) => n.toFixed(2)).join(' ')}); goals: mobile perf >= 95, desktop 100, CLS <= 0.02, a11y 100`)
  for (const row of rows) console.log(row)
  console.log(missed.length ? `  ${missed.length} of ${rows.length} missed: ${missed.join('; ')}` : '  every goal holds')
} finally {
  rmSync(work, { recursive: true, force: true })
}
