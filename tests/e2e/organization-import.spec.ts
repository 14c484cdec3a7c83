import { expect, test, type Page } from '@playwright/test'
import { organizationName, uniqueEmail } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { loginHeading, logInWith } from './support/ui'

/** Organization import on the admin list: a file with a bad row is previewed and refused, the fixed file creates them all. */

const HEADER = 'name,type,industry,address_1,address_2,city,state,postal_code,country,phone,timezone,is_verified,owner_email'
const line = (name: string, owner: string) =>
  [name, 'school', 'education', '19 Plympton St', '', 'Springfield', 'OR', '97477', 'US', '+1 5415550100', 'America/Los_Angeles', 'no', owner].join(',')
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\n${lines.join('\n')}\n`) })

async function logInAsPlatformAdmin(page: Page): Promise<void> {
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible()
}

test('the platform admin imports organizations: a bad row is shown and blocks the import, the fixed file creates them all', async ({ page }) => {
  await logInAsPlatformAdmin(page)
  const first = organizationName('Imported Elementary')
  const second = organizationName('Imported Middle')
  const owners = [uniqueEmail('import-owner-a'), uniqueEmail('import-owner-b')]

  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Import organizations' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Download the template (.csv)' })).toBeVisible()

  // a file with one bad row: its error names the column, and the import cannot be confirmed
  await dialog.locator('input[type=file]').setInputFiles(csvFile('organizations.csv', [line(first, owners[0]!), line(second, 'not-an-email')]))
  await expect(dialog.getByText('2 rows, 1 with errors')).toBeVisible()
  const badRow = dialog.getByRole('row').filter({ hasText: second })
  await expect(badRow).toContainText('owner_email: Invalid owner email')
  await expect(dialog.getByRole('row').filter({ hasText: first })).toContainText('Ready')
  await expect(dialog.getByText('Fix the rows with errors in the file and upload it again. Nothing was created.')).toBeVisible()
  const confirm = dialog.getByRole('button', { name: 'Create 2 organizations' })
  await expect(confirm).toBeDisabled()
  await screenAtWidths(page, 'organization-import-errors', async () => {
    await expect(badRow).toBeVisible()
  })
  // only the rows with errors
  await dialog.getByText('Only rows with errors').click()
  await expect(dialog.getByRole('row').filter({ hasText: first })).toHaveCount(0)
  await expect(badRow).toBeVisible()

  // the fixed file: no error, confirmed, created
  await dialog.locator('input[type=file]').setInputFiles(csvFile('organizations-fixed.csv', [line(first, owners[0]!), line(second, owners[1]!)]))
  await expect(dialog.getByText('2 rows, 0 with errors')).toBeVisible()
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(dialog.getByText('2 organizations were created and their owners invited by email.')).toBeVisible()
  await screenAtWidths(page, 'organization-import-created', async () => {
    await expect(dialog.getByText('2 organizations were created and their owners invited by email.')).toBeVisible()
  })
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()

  // the list shows them, and each owner was mailed an invitation
  for (const name of [first, second]) {
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(name)
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
  }
  for (const [owner, name] of [[owners[0]!, first], [owners[1]!, second]] as const) {
    const { mail, link } = await newestMailLink(page.request, owner, '/invite')
    expect(link.pathname).toMatch(/^\/invite\/./)
    expect(mail.text).toContain(name)
  }
})
