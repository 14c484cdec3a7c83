import { expect, test } from '@playwright/test'
import { createAccount, newPerson } from './support/api'
import { followMailLink } from './support/mail'
import { screen } from './support/screens'
import { emailBox, errorPanel, loginHeading, logInWith, userMenu } from './support/ui'

test('recover a forgotten password through the mailed link; the old password is refused, the new one lets in', async ({
  page,
  request,
}) => {
  const person = await createAccount(request, newPerson('recover', 'Alan', 'Turing'))
  const newPassword = 'a brand new secret'

  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Forgot your password?' })
  await expect(dialog).toBeVisible()
  const send = dialog.getByRole('button', { name: 'Send reset link' })
  await expect(send).toBeDisabled()
  await screen(page, 'recover-password')

  await emailBox(dialog).fill(person.email)
  await send.click()
  const sent = page.getByRole('dialog', { name: 'Check your inbox' })
  await expect(sent).toContainText(`If an account exists for ${person.email}, we sent it a link to reset the password.`)
  await screen(page, 'recover-password-sent')
  await sent.getByRole('button', { name: 'Back to login' }).click()
  await expect(sent).toBeHidden()

  const subject = await followMailLink(page, person.email, '/reset-password')
  expect(subject).toBe('Reset your password')
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible()
  const save = page.getByRole('button', { name: 'Save password' })
  await expect(save).toBeDisabled()
  await screen(page, 'reset-password')

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('a brand new secreT')
  await expect(page.getByText("Two inputs don't match!")).toBeVisible()
  await expect(save).toBeDisabled()
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword)
  await save.click()
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed. You can log in with it now.' })).toBeVisible()
  await screen(page, 'reset-password-done')

  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, person.email, person.password)
  await expect(errorPanel(page)).toHaveText('The email or password is not correct.')
  await screen(page, 'login-wrong-password')

  await logInWith(page, person.email, newPassword)
  await expect(userMenu(page, person)).toBeVisible()
})

test('a used reset link says so before anything is typed, and offers to ask for a new one', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('relink', 'Edsger', 'Dijkstra'))
  await request.post('/v1/accounts/reset_password/', { data: { email: person.email } })
  await followMailLink(page, person.email, '/reset-password')
  const link = page.url()
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('first new secret')
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('first new secret')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('Your password has been changed. You can log in with it now.')).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used. Ask for a new one.' })).toBeVisible()
  // no form to fill in for nothing
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Save password' })).toBeHidden()
  await screen(page, 'reset-password-invalid')

  // the way to a new link: the recover-password dialog, and its mail
  await page.getByRole('button', { name: 'Ask for a new link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Forgot your password?' })
  await emailBox(dialog).fill(person.email)
  await dialog.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible()
  await followMailLink(page, person.email, '/reset-password', { count: 2 })
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible()
})

test('an unknown reset link says so at once', async ({ page }) => {
  await page.goto('/reset-password?token=no-such-token')
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used. Ask for a new one.' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Ask for a new link' })).toBeVisible()
})
