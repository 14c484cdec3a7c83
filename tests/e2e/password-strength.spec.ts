import { expect, test } from '@playwright/test'
import { screen } from './support/screens'

/** The strength hint under a new password (issue 5, item 10): zxcvbn, loaded on the first keystroke. */

test('sign-up: typing a weak then a strong password changes the hint; zxcvbn is fetched only then', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/signup')
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  await expect(password).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((url) => url.includes('zxcvbn')), 'zxcvbn in the first load').toEqual([])
  await expect(page.getByText(/^Password strength/)).toBeHidden()

  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Hedy')
  await password.pressSequentially('password1')
  await expect(page.getByText('Password strength: weak', { exact: true })).toBeVisible()
  await expect(page.getByText('This password is among the most common ones. Choose one nobody would guess.')).toBeVisible()
  expect(scripts.filter((url) => url.includes('zxcvbn')).length, 'zxcvbn fetched on typing').toBeGreaterThan(0)
  await screen(page, 'signup-password-weak')

  await password.fill('copper kettle drums at 7 lighthouses')
  await expect(page.getByText('Password strength: strong', { exact: true })).toBeVisible()
  await expect(page.getByText('Password strength: weak', { exact: true })).toBeHidden()
  await expect(page.getByText(/Choose one nobody would guess/)).toBeHidden()
  await screen(page, 'signup-password-strong')

  // emptied: no hint, the rule's message instead
  await password.fill('')
  await expect(page.getByText(/^Password strength/)).toBeHidden()
  await expect(page.getByText('Please input password', { exact: true })).toBeVisible()
})

test('sign-up refuses a password of spaces only', async ({ page }) => {
  await page.goto('/signup')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('        ')
  await expect(page.getByText('The password cannot be only spaces', { exact: true })).toBeVisible()
})
