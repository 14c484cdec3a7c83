import { expect, test } from '@playwright/test'
import { bearer, createAccount, login, newPerson, uniqueEmail } from './support/api'
import { followMailLink } from './support/mail'
import { errorPanel } from './support/ui'

test('the old address undoes an e-mail change through the mailed link, which then is spent', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('undo', 'Ada', 'Byron'))
  const session = await login(request, person.email, person.password)
  const thief = uniqueEmail('thief')
  const changed = await request.patch(`/v1/accounts/${session.user_id}`, {
    headers: bearer(session.token),
    data: { email: thief, current_password: person.password },
  })
  expect(changed.status()).toBe(200)

  const subject = await followMailLink(page, person.email, '/undo-email-change')
  expect(subject).toBe('A change of your email address was requested')
  const link = page.url()
  await expect(page.getByRole('heading', { name: 'Undo the email change', level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'The email change was undone' })).toBeVisible()
  // every session ended, the old address is the account's again
  expect((await request.get(`/v1/accounts/${session.user_id}`, { headers: bearer(session.token) })).status()).toBe(401)
  const again = await login(request, person.email, person.password)
  const account = await (await request.get(`/v1/accounts/${again.user_id}`, { headers: bearer(again.token) })).json()
  expect(account).toMatchObject({ email: person.email, unconfirmed_email: null })

  await page.getByRole('link', { name: 'Go to the login page' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto(link)
  await expect(errorPanel(page)).toHaveText('This link is invalid, has expired or was already used.')
})
