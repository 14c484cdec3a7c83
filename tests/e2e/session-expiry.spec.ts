import { expect, test } from '@playwright/test'
import { createAccount, newPerson, revoke } from './support/api'
import { screen } from './support/screens'
import { loginHeading, logIn, toast, userMenu } from './support/ui'

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
