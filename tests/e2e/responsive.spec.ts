import { expect, test, type Page } from '@playwright/test'
import { createAccount, createOrganization, invite, newPerson, organizationName, signUp, type Person } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { newestMailLink } from './support/mail'
import { expectNoHorizontalScroll, screen, screenAtWidths } from './support/screens'
import { loginHeading, logIn, userMenu } from './support/ui'

/**
 * Every screen of this slice at 360 px (no horizontal scroll) and at 1440 px wide, each with a
 * screenshot and the accessibility check at both widths.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

test('the logged-out screens fit 360 px and 1440 px', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('narrow', 'Ada', 'Lovelace'))

  await page.goto('/login')
  await screenAtWidths(page, 'login', () => expect(loginHeading(page)).toBeVisible())

  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await screenAtWidths(page, 'recover-password-dialog', () => expect(page.getByRole('dialog', { name: 'Forgot your password?' })).toBeVisible())
  await page.keyboard.press('Escape')

  await page.goto('/signup')
  await screenAtWidths(page, 'signup', () => expect(heading(page, 'Create your account')).toBeVisible())

  await page.goto('/confirm-account')
  await screenAtWidths(page, 'confirm-account-check-inbox', () => expect(heading(page, 'Check your inbox')).toBeVisible())

  // a sign-up's link asks who signed up before anything happens
  const newcomer = newPerson('narrow-confirm', 'Nia', 'Sato')
  await signUp(request, newcomer)
  const confirmation = await newestMailLink(request, newcomer.email, '/confirm-account')
  await page.goto(confirmation.link.pathname + confirmation.link.search)
  await screenAtWidths(page, 'confirm-account-ask', () => expect(page.getByRole('button', { name: "This wasn't me" })).toBeVisible())

  await request.post('/v1/accounts/reset_password/', { data: { email: person.email } })
  const { link } = await newestMailLink(request, person.email, '/reset-password')
  await page.goto(link.pathname + link.search)
  await screenAtWidths(page, 'reset-password', () => expect(heading(page, 'Choose a new password')).toBeVisible())

  await page.goto('/terms')
  await screenAtWidths(page, 'terms', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())
  await page.goto('/privacy')
  await screenAtWidths(page, 'privacy', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())
})

test('the logged-in screens of a member fit 360 px and 1440 px', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Capital City High'))
  const person: Person = newPerson('member-wide', 'Maggie', 'Simpson')
  await createAccount(request, person)
  const link = await invite(request, organization, person.email)
  await page.goto(link.pathname + link.search)
  await expect(loginHeading(page)).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Log in and accept invitation' }).click()
  await expect(userMenu(page, person)).toBeVisible()

  // a student who has never practised: the dashboard starts with the start-learning view
  await screenAtWidths(page, 'dashboard', () => expect(heading(page, 'Start learning')).toBeVisible())

  // the menu of the narrow screen
  await page.setViewportSize({ width: 360, height: 740 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await screen(page, 'dashboard-menu-open-360')
  await page.getByRole('button', { name: 'Close menu' }).click()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeHidden()
  // Escape closes it too, from any of its links, and focus goes back to its button
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).focus()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  // the user menu, opened over it, closes it rather than covering part of it
  await page.getByRole('button', { name: 'Open menu' }).click()
  await userMenu(page, person).click()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeHidden()
  await page.keyboard.press('Escape')

  await page.goto('/profile')
  await screenAtWidths(page, 'profile', () => expect(heading(page, 'My profile')).toBeVisible())

  await page.goto('/no-such-page')
  await screenAtWidths(page, 'not-found', () => expect(heading(page, 'Page not found')).toBeVisible())
})

for (const [kind, prefix, name] of [
  ['', 'menu', 'user-menu-open'],
  [' with a long e-mail', 'menu-with-a-long-address-for-narrow-screens', 'user-menu-long-email-open'],
] as const) {
  test(`the open user menu${kind} fits 360 px`, async ({ page, request }) => {
    const person = await createAccount(request, newPerson(prefix, 'Ann', 'Lee'))
    await page.setViewportSize({ width: 360, height: 740 })
    await logIn(page, person)
    await userMenu(page, person).click()
    const menu = page.getByRole('menu')
    await screenAtWidths(page, name, async () => {
      await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible()
      // the whole menu is on screen (a popup is fixed: it would not make the page scroll, only be cut off)
      const box = await menu.boundingBox()
      const width = page.viewportSize()?.width ?? 0
      expect(box, 'the open menu').not.toBeNull()
      expect(box!.x, 'left edge of the menu').toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width, 'right edge of the menu').toBeLessThanOrEqual(width)
      // the e-mail is shown whole (wrapped if it must be), inside the menu
      const email = menu.getByText(person.email, { exact: true })
      await expect(email).toBeVisible()
      const emailBox = await email.boundingBox()
      expect(emailBox!.x + emailBox!.width, 'right edge of the e-mail').toBeLessThanOrEqual(box!.x + box!.width)
      expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth), 'no part of the e-mail is cut off').toBe(true)
    })
  })
}

test('a new user without organization and the platform admin fit 360 px and 1440 px', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('fresh', 'Homer', 'Simpson'))
  await logIn(page, person)
  await expect(page).toHaveURL(/\/onboarding$/)
  await screenAtWidths(page, 'onboarding', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())

  await userMenu(page, person).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(loginHeading(page)).toBeVisible()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(PLATFORM_ADMIN.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PLATFORM_ADMIN.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  // a platform admin goes to the organizations list
  await expect(page).toHaveURL(/\/admin$/)
  await screenAtWidths(page, 'admin-organizations', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())
})
