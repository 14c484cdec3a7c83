import { expect, test, type Page } from '@playwright/test'
import { createAccount, newPerson, type Person } from './support/api'
import { logIn, userMenu } from './support/ui'

/**
 * The header's menus come after the page (src/app/TopNav.tsx, issue 21): their buttons stand in for them
 * until their code has come. Here their code is held back at the server's door, so that the person acts
 * before it comes: nothing they did is lost.
 */

/** `person` logged in arrives at a page again with the menus' code held back until the returned function is called. */
const arriveWithMenusHeld = async (page: Page, person: Person): Promise<() => void> => {
  await logIn(page, person)
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/TopNavMenus-*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.reload()
  return release
}

test('a click on the user menu before its code came opens it when the code comes', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('early-click', 'Dorothy', 'Vaughan'))
  const release = await arriveWithMenusHeld(page, person)
  await userMenu(page, person).click()
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeHidden()
  release()
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'My profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
})

test('the user menu button focused from the keyboard before its code came keeps the focus, and opens with Enter', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('early-focus', 'Mary', 'Jackson'))
  const release = await arriveWithMenusHeld(page, person)
  await userMenu(page, person).focus()
  const came = page.waitForResponse('**/assets/TopNavMenus-*.js')
  release()
  await came
  await expect(userMenu(page, person)).toBeFocused()
  await expect(userMenu(page, person)).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible()
})
