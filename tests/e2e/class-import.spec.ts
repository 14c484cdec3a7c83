import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { bearer, createAccount, createOrganization, login, newPerson, organizationName } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { logIn } from './support/ui'

/**
 * Class import (specification 001 §2 Class import; issue 9): from the class list's Import action, an
 * xlsx of two classes with one duplicate name is uploaded through the browser to its presigned address;
 * the preview shows the duplicate's error and refuses to import; the fixed file imports both classes,
 * the success says how many with "import users now / later", and the list shows them; the
 * preview and the result at 360 and 1440 px (no horizontal scroll, axe).
 */

const HEADER = ['Class name', 'Start date', 'End date', 'Days of practice per week', 'Minutes per day', 'Take assessment', 'Engagement days']

/** An xlsx of these rows, as a spreadsheet program writes one. */
const xlsxOf = async (name: string, rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Classes')
  for (const row of [HEADER, ...rows]) sheet.addRow(row)
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) }
}

/** An organization whose admin (its owner, invitation accepted) is logged in on the class list. */
const adminOnClasses = async (page: Page, request: Parameters<typeof createAccount>[0]): Promise<number> => {
  const owner = await createAccount(request, newPerson('classimport', 'Elizabeth', 'Hoover'))
  const organization = await createOrganization(request, organizationName('Class Import School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes`)
  return organization.id
}

test('two classes from an xlsx: the duplicate name is an error, the fixed file imports both, and the list shows them', async ({ page, request }) => {
  const organizationId = await adminOnClasses(page, request)
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/classes/import$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import classes')

  // only an xlsx is taken
  await page.getByLabel('Choose a file').setInputFiles({ name: 'classes.csv', mimeType: 'text/csv', buffer: Buffer.from('Class name\nA\n') })
  await expect(page.getByText('File type is not allowed')).toBeVisible()

  await page.getByLabel('Choose a file').setInputFiles(
    await xlsxOf('classes.xlsx', [
      ['Algebra 7', '2026-01-05', '2026-06-30', 4, 15, 'yes', 5],
      ['algebra 7', '2026-01-05', '2026-06-30'],
    ]),
  )
  await expect(page.getByText('2 classes in the file, 1 with errors')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Fix these rows' })).toContainText('Row 3, Class name: duplicate group name')
  await expect(page.getByRole('button', { name: 'Import 2 classes' })).toBeDisabled()
  await screenAtWidths(page, 'class-import-preview', () => expect(page.getByText('2 classes in the file, 1 with errors')).toBeVisible())
  // each class in its tab: the overview and the read-only goals
  await page.getByRole('tab', { name: 'Algebra 7', exact: true }).click()
  const first = page.getByRole('tabpanel').filter({ hasText: 'Row 2' })
  await first.getByRole('tab', { name: 'Goals' }).click()
  await expect(first.getByText('Days of practice per week')).toBeVisible()
  await expect(first.getByRole('tabpanel').filter({ hasText: 'Minutes per day' })).toContainText('15')

  // the fixed file
  await page.getByRole('button', { name: 'Remove the file' }).click()
  await page.getByLabel('Choose a file').setInputFiles(
    await xlsxOf('classes-fixed.xlsx', [
      ['Algebra 7', '2026-01-05', '2026-06-30', 4, 15, 'yes', 5],
      ['Biology 7', '2026-01-05', '2026-06-30'],
    ]),
  )
  await expect(page.getByText('2 classes in the file, 0 with errors')).toBeVisible()
  await expect(page.getByText('Ready to import.')).toBeVisible()
  await page.getByRole('button', { name: 'Import 2 classes' }).click()
  await expect(page.getByRole('heading', { name: '2 classes were imported' })).toBeVisible()
  await screenAtWidths(page, 'class-import-imported', () => expect(page.getByRole('heading', { name: '2 classes were imported' })).toBeVisible())
  await expect(page.getByRole('link', { name: 'Import users now' })).toHaveAttribute('href', `/organization/${organizationId}/classes/import-users`)
  await page.getByRole('link', { name: 'Later' }).click()

  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/classes$`))
  await expect(page.getByRole('row').filter({ hasText: 'Algebra 7' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Biology 7' })).toBeVisible()
})
