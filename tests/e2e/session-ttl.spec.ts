import { expect, test } from '@playwright/test'
import { bearer, createAccount, newPerson } from './support/api'
import { SHORT_SESSION_TTL } from './support/env'
import { screen } from './support/screens'
import { loginHeading, logIn, toast, userMenu } from './support/ui'

// Runs in the project short-session: a server whose sessions last SHORT_SESSION_TTL seconds.
test('a session that runs out sends the person to Login with "Your session has expired, please login"', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('ttl', 'Katherine', 'Johnson'))
  await logIn(page, person)
  const token = await page.evaluate(() => localStorage.getItem('portal.token'))
  const userId = await page.evaluate(() => localStorage.getItem('portal.userId'))

  // the person leaves the tab open until the server no longer knows the session
  await expect
    .poll(async () => (await request.get(`/v1/accounts/${userId}`, { headers: bearer(token as string) })).status(), {
      timeout: (SHORT_SESSION_TTL + 10) * 1000,
      intervals: [500],
    })
    .toBe(401)

  // and comes back to it
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page, 'Your session has expired, please login')).toBeVisible()
  await expect(loginHeading(page)).toBeVisible()
  await expect(userMenu(page, person)).toBeHidden()
  await screen(page, 'login-session-ran-out')

  // logging in again works and the warning goes away
  await logIn(page, person)
  await expect(toast(page, 'Your session has expired, please login')).toBeHidden()
})
