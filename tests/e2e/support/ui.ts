import { expect, type Locator, type Page } from '@playwright/test'
import type { Person } from './api'

/** What a person does and sees again and again: the login form, the user menu, toasts. Texts are the English locale's. */

export const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Log in', level: 1 })
export const emailBox = (page: Page | Locator) => page.getByRole('textbox', { name: 'Email', exact: true })
export const passwordBox = (page: Page | Locator) => page.getByRole('textbox', { name: 'Password', exact: true })

/** A toast in the notifications region (named in the interface language). */
export const toast = (page: Page, text: string, region = 'Notifications') =>
  page.getByRole('region', { name: region, exact: true }).getByText(text, { exact: true })

export const userMenu = (page: Page, person: Pick<Person, 'firstName' | 'lastName'>) =>
  page.getByRole('button', { name: `User menu: ${person.firstName} ${person.lastName}` })

/** Logs in on the login page that is open. */
export async function logInWith(page: Page, email: string, password: string, button = 'Log in'): Promise<void> {
  await emailBox(page).fill(email)
  await passwordBox(page).fill(password)
  await page.getByRole('button', { name: button, exact: true }).click()
}

/** Opens /login (of another origin than the suite's, say http://localhost:port) and logs in; waits until the user menu shows the person is in. */
export async function logIn(page: Page, person: Person, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`)
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, person.email, person.password)
  await expect(userMenu(page, person)).toBeVisible()
}

/** The message of the form's error panel. */
export const errorPanel = (page: Page | Locator) => page.getByRole('alert')
