import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, uniqueEmail, type Organization } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { logIn } from './support/ui'

/**
 * User import into classes (specification 001 §2 User import into classes; issue 9): from the class
 * list's "Import users into classes", an xlsx of addresses for two classes with one bad row is uploaded
 * through the browser; the preview shows each class in its tab and the bad row's error with its row and
 * column, and refuses to send; each good row says what will happen to it (a student of the organization
 * joins at once with consent, anyone else is invited); the fixed file sends the invitations, the result
 * says how many per class, and each class shows its pending invitations; the preview and result at 360
 * and 1440 px.
 */

const HEADER = ['E-mail', 'Class name']

const xlsxOf = async (name: string, rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Users')
  for (const row of [HEADER, ...rows]) sheet.addRow(row)
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) }
}

/** An organization with the classes Reading and Writing, whose admin is logged in on the class list. */
const adminWithClasses = async (page: Page, request: Parameters<typeof createAccount>[0]) => {
  const owner = await createAccount(request, newPerson('usersclasses', 'Elizabeth', 'Hoover'))
  const organization = await createOrganization(request, organizationName('Users Classes School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)
  const ids: number[] = []
  for (const name of ['Reading', 'Writing']) {
    const created = await request.post(`/v1/groups/${organization.id}/`, { headers: bearer(session.token), data: { name, start_date: '2026-01-01', end_date: '2099-12-31' } })
    expect(created.status()).toBe(201)
    ids.push(((await created.json()) as { id: number }).id)
  }
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes`)
  return { organizationId: organization.id, organization, ids }
}

/** A student of the organization (invited and accepted), in no class yet. */
const organizationStudent = async (request: Parameters<typeof createAccount>[0], organization: Organization) => {
  const person = await createAccount(request, newPerson('dora', 'Dora', 'Student'))
  const link = await invite(request, organization, person.email)
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', { headers: bearer(session.token), data: { token: link.pathname.split('/').pop(), email: person.email } })
  expect(accepted.status()).toBe(200)
  return person.email
}

test('users into two classes from an xlsx: the bad row is an error, the fixed file invites them, and both classes show their pending invites', async ({ page, request }) => {
  const { organizationId, organization, ids } = await adminWithClasses(page, request)
  const dora = await organizationStudent(request, organization)
  const [ann, bob, cat] = [uniqueEmail('ann'), uniqueEmail('bob'), uniqueEmail('cat')]
  await page.getByRole('link', { name: 'Import users into classes' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/classes/import-users$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import users into classes')

  // xlsx and csv are taken, nothing else
  await page.getByLabel('Choose a file').setInputFiles({ name: 'users.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') })
  await expect(page.getByText('File type is not allowed')).toBeVisible()

  await page.getByLabel('Choose a file').setInputFiles(await xlsxOf('users.xlsx', [[ann, 'Reading'], [bob, 'reading'], [cat, 'Writing'], ['dan at example', 'Writing']]))
  await expect(page.getByText('4 rows in the file, 1 with errors')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Fix these rows' })).toContainText('Row 5, E-mail: Enter a valid email address.')
  await expect(page.getByRole('button', { name: 'Send the invitations (4)' })).toBeDisabled()
  await screenAtWidths(page, 'class-user-import-preview', () => expect(page.getByText('4 rows in the file, 1 with errors')).toBeVisible())
  // each class in its tab with its rows
  await page.getByRole('tab', { name: 'Writing (2)' }).click()
  await expect(page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'dan at example' })).toContainText('Enter a valid email address.')
  await expect(page.getByRole('tabpanel').getByRole('row').filter({ hasText: cat })).toContainText('Will be invited to the organization and the class')

  // the fixed file
  await page.getByRole('button', { name: 'Remove the file' }).click()
  await page.getByLabel('Choose a file').setInputFiles(await xlsxOf('users-fixed.xlsx', [[ann, 'Reading'], [bob, 'reading'], [cat, 'Writing'], [dora, 'Writing']]))
  await expect(page.getByText('4 rows in the file, 0 with errors')).toBeVisible()
  await expect(page.getByText('Ready to send the invitations.')).toBeVisible()
  const consent = page.getByRole('checkbox', { name: 'Enroll them at once: I have their permission' })
  await expect(consent).toBeChecked()
  // what will happen to each row: the organization's student joins at once, only with consent
  await page.getByRole('tab', { name: 'Writing (2)' }).click()
  const doraRow = page.getByRole('tabpanel').getByRole('row').filter({ hasText: dora })
  await expect(doraRow).toContainText('Joins the class at once (a student of the organization)')
  await page.getByText('Enroll them at once: I have their permission').click()
  await expect(consent).not.toBeChecked()
  await expect(doraRow).toContainText('Will be invited to the class and accept on their own (a student of the organization)')
  await expect(page.getByRole('tabpanel').getByRole('row').filter({ hasText: cat })).toContainText('Will be invited to the organization and the class')
  await page.getByText('Enroll them at once: I have their permission').click()
  await expect(doraRow).toContainText('Joins the class at once')
  await page.getByRole('button', { name: 'Send the invitations (4)' }).click()
  await expect(page.getByRole('heading', { name: 'The invitations were sent' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reading: 2 invited, 0 enrolled' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Writing: 1 invited, 1 enrolled' })).toBeVisible()
  await screenAtWidths(page, 'class-user-import-sent', () => expect(page.getByRole('heading', { name: 'The invitations were sent' })).toBeVisible())

  // each class shows its pending invites
  await page.getByRole('link', { name: 'Reading: 2 invited, 0 enrolled' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/classes/${ids[0]}$`))
  await expect(page.getByRole('button', { name: 'Pending invites (2)' })).toBeVisible()
  await page.goto(`/organization/${organizationId}/classes/${ids[1]}`)
  await expect(page.getByRole('heading', { name: 'Writing', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pending invites (1)' })).toBeVisible()
  // the mail went out
  expect((await newestMailLink(request, cat, '/invite')).link.pathname).toMatch(/^\/invite\//)
})
