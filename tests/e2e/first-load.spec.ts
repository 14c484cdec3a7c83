import { expect, test } from '@playwright/test'
import { describeFirstLoad, FIRST_LOAD_BUDGET_BYTES, measureFirstLoad } from './support/first-load'
import { loginHeading } from './support/ui'

// Not timed: it counts the bytes of JavaScript a fresh browser fetches for /login (`npm run bench` prints the same).
test('the first load of /login stays within its JavaScript budget, compressed, without the logged-in parts', async ({ page }) => {
  const load = await measureFirstLoad(page, '/login', (page) => expect(loginHeading(page)).toBeVisible())
  const report = describeFirstLoad(load)
  console.log(report.join('\n'))
  await test.info().attach('first-load', { body: report.join('\n'), contentType: 'text/plain' })

  expect(load.transferred, report.join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
  // every script comes precompressed (the build writes .gz beside it, the server picks it)
  for (const script of load.scripts) expect(script.encoding, script.path).toBe('gzip')
  // the date formatters (Temporal's polyfill), the logged-in navigation, the other screens, the toasts' store and region,
  // the invitation flow, the loaders of the dictionary namespaces and the namespaces of the other screens and of the server load later
  const later = /formatters|namespaces|TopNav|SignUpForm|Dialog|pages|toaster|toast-store|invite-token|organization|adminOrganizations|legal|mail|api/
  expect(load.scripts.map((script) => script.path).filter((path) => later.test(path))).toEqual([])
})

test('the scripts do not point to their source maps', async ({ page, request }) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) scripts.push(new URL(response.url()).pathname)
  })
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  for (const path of scripts) expect(await (await request.get(path)).text(), path).not.toContain('sourceMappingURL')
})
