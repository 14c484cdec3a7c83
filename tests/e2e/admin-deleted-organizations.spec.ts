import { expect, test, type Page } from '@playwright/test'
import { bearer, createOrganization, organizationName, platformAdmin } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { screenAtWidths } from './support/screens'
import { loginHeading, logInWith, toast } from './support/ui'

/**
 * The admin list's deleted organizations (issue 6: a delete can be undone for 30 days): a platform
 * admin deletes an organization from its profile with the password, finds it under Deleted with the
 * day it goes for good, restores it after a confirmation, and opens it from the list again.
 */

/** The day as the app shows it (en: MM/dd/yyyy), in the browser's time zone. */
const shownDate = (page: Page, iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value)), iso)

test('a platform admin deletes an organization with the password, finds it under Deleted, restores it and opens it', async ({ page, request }) => {
  test.setTimeout(90_000)
  const name = organizationName('Capital City Academy')
  const organization = await createOrganization(request, name)

  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)

  // delete it from its profile: the password and the name typed out
  await page.goto(`/admin/organization/${organization.id}?view=profile`)
  await page.getByRole('button', { name: 'Delete organization' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Your password', exact: true }).fill(PLATFORM_ADMIN.password)
  await dialog.getByRole('textbox', { name: `Type the organization name to confirm: ${name}` }).fill(name)
  await dialog.getByRole('button', { name: 'Delete organization' }).click()
  await expect(toast(page, 'The organization was deleted.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin$/)

  // gone from the list, found under Deleted with the day it goes for good
  const search = page.getByRole('searchbox', { name: 'Search organizations' })
  await search.fill(name)
  await expect(page.getByText('No organization matches these filters.')).toBeVisible()
  await page.getByRole('button', { name: 'Deleted', exact: true }).click()
  await expect(page).toHaveURL(/filter=deleted/)
  const deletedRow = page.getByRole('row').filter({ hasText: name })
  await expect(deletedRow).toBeVisible()
  const admin = await platformAdmin(request)
  const listed = await request.get(`/v1/organizations/?deleted=true&search=${encodeURIComponent(name)}`, { headers: bearer(admin.token) })
  const [deleted] = (await listed.json()).results as { deleted_at: string; purge_at: string }[]
  await expect(deletedRow.getByRole('cell').nth(2)).toHaveText(await shownDate(page, deleted!.deleted_at))
  await expect(deletedRow.getByRole('cell').nth(3)).toHaveText(await shownDate(page, deleted!.purge_at))
  await expect(page.getByRole('columnheader', { name: 'Removed for good' })).toBeVisible()
  // a deleted organization is no link: it does not open until restored
  await expect(deletedRow.getByRole('link')).toHaveCount(0)
  await screenAtWidths(page, 'admin-deleted-organizations', () => expect(deletedRow).toBeVisible())

  // restore: a confirmation first; cancel leaves it deleted
  await deletedRow.getByRole('button', { name: `Restore ${name}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Restore ${name}?` })
  await expect(confirm).toBeVisible()
  await screenAtWidths(page, 'admin-restore-organization-dialog', () => expect(confirm).toBeVisible())
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(deletedRow).toBeVisible()
  await deletedRow.getByRole('button', { name: `Restore ${name}` }).click()
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(toast(page, `${name} was restored.`)).toBeVisible()
  await expect(deletedRow).toHaveCount(0)
  await expect(page.getByText('No organization matches these filters.')).toBeVisible()

  // back in the list, and it opens
  await page.getByRole('button', { name: 'All', exact: true }).click()
  const link = page.getByRole('row').getByRole('link', { name, exact: true })
  await expect(link).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/admin/organization/${organization.id}$`))
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})
