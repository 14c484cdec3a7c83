import { expect, test } from '@playwright/test'
import { PLATFORM_ADMIN } from './support/env'
import { createAccount, createOrganization, invite, newPerson, organizationName } from './support/api'
import { screen } from './support/screens'
import { emailBox, loginHeading, logIn, logInWith, passwordBox, toast, userMenu } from './support/ui'

test('a page opened logged out is shown after the login', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('deeplink', 'Alan', 'Turing'))
  await page.goto('/profile')
  await expect(loginHeading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)

  await logInWith(page, person.email, person.password)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(userMenu(page, person)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile')
})

test('a login never leads off the app, whatever ?next= says', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('nextevil', 'Mallory', 'Evil'))
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/profile')}`)
  await logInWith(page, person.email, person.password)
  await expect(userMenu(page, person)).toBeVisible()
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(organization\/\d+\/dashboard|onboarding)?$/)

  // logged in, a login link with an encoded backslash still stays home
  await page.goto(`/login?next=${encodeURIComponent('/%5Cevil.example')}`)
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(organization\/\d+\/dashboard|onboarding)?$/)
})

test('an organization that is not theirs, or does not exist, is refused with a page that says so', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('orgguard', 'Lisa', 'Simpson'))
  const mine = await createOrganization(request, organizationName('Springfield Elementary'))
  const theirs = await createOrganization(request, organizationName('Shelbyville Elementary'))
  const link = await invite(request, mine, person.email, 'teacher')
  await logIn(page, person)
  // the invitation link, opened logged in, is accepted
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText(mine.name, { exact: true }).first()).toBeVisible()

  for (const id of [theirs.id, 999999999, 'abc']) {
    await page.goto(`/organization/${id}/dashboard`)
    await expect(page.getByRole('heading', { name: 'You are not a member of this organization', level: 1 })).toBeVisible()
    await expect(page.getByText(theirs.name)).toBeHidden()
  }
  await screen(page, 'organization-not-member')

  // the way back is their own dashboard
  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'You are not a member of this organization' })).toBeHidden()
  await expect(page.getByText(mine.name, { exact: true }).first()).toBeVisible()
})

test('the organization of the route becomes the current one', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('orgswitch', 'Marge', 'Simpson'))
  const first = await createOrganization(request, organizationName('Evergreen Terrace School'))
  const second = await createOrganization(request, organizationName('Ogdenville Academy'))
  const firstLink = await invite(request, first, person.email, 'teacher')
  const secondLink = await invite(request, second, person.email, 'teacher')
  await logIn(page, person)
  for (const [organization, link] of [[first, firstLink], [second, secondLink]] as const) {
    await page.goto(`${link.pathname}${link.search}`)
    await expect(toast(page, `You joined ${organization.name}.`)).toBeVisible()
  }

  for (const organization of [first, second, first]) {
    await page.goto(`/organization/${organization.id}/dashboard`)
    // the organization switcher names it, and it is what the next visit starts with
    await expect(page.getByRole('button', { name: `Switch organization: Current organization: ${organization.name}` })).toBeVisible()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.organization'))).toBe(String(organization.id))
  }
})

test('a platform admin may open any organization, which becomes the current one', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Capital City College'))
  await page.goto('/login')
  await emailBox(page).fill(PLATFORM_ADMIN.email)
  await passwordBox(page).fill(PLATFORM_ADMIN.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)

  await page.goto(`/organization/${organization.id}/dashboard`)
  await expect(page.getByRole('heading', { name: 'You are not a member of this organization' })).toBeHidden()
  // the top navigation leads to the organization the admin is in
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', `/organization/${organization.id}/dashboard`)
  await expect(nav.getByRole('link', { name: 'Teachers' })).toHaveAttribute('href', `/organization/${organization.id}/teachers`)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.organization'))).toBe(String(organization.id))
})
