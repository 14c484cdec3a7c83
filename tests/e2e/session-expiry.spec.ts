import { expect, test } from '@playwright/test'
import { createAccount, newPerson, revoke } from './support/api'
import { screen } from './support/screens'
import { loginHeading, logIn, logInWith, toast, userMenu } from './support/ui'

test('a session ended on the server sends the person to Login with "Your session has expired, please login" at their next action', async ({
  page,
  request,
}) => {
  const person = await createAccount(request, newPerson('revoked', 'Marie', 'Curie'))
  await logIn(page, person)

  // the session ends elsewhere (a logout on another device); this tab still shows the person in
  const token = await page.evaluate(() => localStorage.getItem('portal.token'))
  expect(token).toBeTruthy()
  await revoke(request, token as string)

  // the next thing they do that reaches the server (saving the language choice) is answered 401
  await userMenu(page, person).click()
  await page.getByRole('menuitem', { name: 'Language' }).click()
  await page.getByRole('menuitem', { name: 'Español (México)' }).click()

  // the screens already speak Spanish when the answer comes
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page, 'Tu sesión expiró, inicia sesión de nuevo', 'Notificaciones')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Menú de usuario/ })).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull()
  await screen(page, 'login-session-expired')
})

test('the warning is shown once: after a reload of the login page it is gone', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('once', 'Rosalind', 'Franklin'))
  await logIn(page, person)
  await revoke(request, (await page.evaluate(() => localStorage.getItem('portal.token'))) as string)
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page, 'Your session has expired, please login')).toBeVisible()
  await page.reload()
  await expect(loginHeading(page)).toBeVisible()
  await expect(toast(page, 'Your session has expired, please login')).toBeHidden()
})

test('a logout in one tab logs out the other tabs, and a login there logs them in again, without a reload', async ({ page, context, request }) => {
  const person = await createAccount(request, newPerson('tabs', 'Ada', 'Lovelace'))
  await logIn(page, person)
  const other = await context.newPage()
  await other.goto('/profile')
  await expect(userMenu(other, person)).toBeVisible()

  // log out in the first tab
  await page.bringToFront()
  await userMenu(page, person).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(loginHeading(page)).toBeVisible()

  // the other one follows: the login page, nobody's menu, no expiry warning (it was a logout)
  await expect(loginHeading(other)).toBeVisible()
  await expect(other).toHaveURL(/\/login(\?|$)/)
  await expect(userMenu(other, person)).toBeHidden()
  await expect(toast(other, 'Your session has expired, please login')).toBeHidden()

  // log in again in the first tab: the other one is logged in too, back on the page it showed
  await logInWith(page, person.email, person.password)
  await expect(userMenu(page, person)).toBeVisible()
  await expect(userMenu(other, person)).toBeVisible()
  await expect(other).toHaveURL(/\/profile$/)
  await other.close()
})

test('a session revoked on the server is noticed when the tab is shown again: Login with the warning, no click needed', async ({
  page,
  context,
  request,
}) => {
  const person = await createAccount(request, newPerson('shown', 'Grace', 'Hopper'))
  await logIn(page, person)

  // the person switches to another tab; meanwhile the session ends on the server (a logout with the same token)
  const other = await context.newPage()
  await other.bringToFront()
  await revoke(request, (await page.evaluate(() => localStorage.getItem('portal.token'))) as string)

  // coming back to the tab is enough (headless Chromium keeps every page visible and focused, so
  // the focus a person gives the tab is dispatched by hand)
  await page.bringToFront()
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')))
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page, 'Your session has expired, please login')).toBeVisible()
  await expect(userMenu(page, person)).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull()
  await other.close()
})

test('a start that cannot reach the server keeps the saved login: the next start restores it', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('unreached', 'Katherine', 'Johnson'))
  await logIn(page, person)
  const token = await page.evaluate(() => localStorage.getItem('portal.token'))

  // the account's request of the start fails on the way (the network dropped, or the page was being left)
  await page.route('**/v1/accounts/*', (route) => (route.request().method() === 'GET' ? route.abort('failed') : route.continue()))
  await page.reload()
  await expect(loginHeading(page)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBe(token)

  // the server is reachable again: the next start logs the person in with what was kept
  await page.unroute('**/v1/accounts/*')
  await page.goto('/profile')
  await expect(userMenu(page, person)).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
})
