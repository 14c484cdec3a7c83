import { expect, test, type Page } from '@playwright/test'
import { bearer, createAccount, createOrganization, login, newPerson, organizationName, type Person } from './support/api'
import { mailsTo, newestMailLink } from './support/mail'
import { expectAccessible } from './support/screens'
import { logIn } from './support/ui'

/**
 * Inviting students from a file (spec 000 §2 File import panels, §4 File import flow; issue 7): a real
 * csv and a real xlsx are uploaded through the browser to their presigned address, the preview shows
 * the bad rows, the admin confirms, the invitations are in /dev/mail, and the same file again invites
 * nobody twice; the admin's own address in a list is refused in the preview and never sent.
 */

const CSV = new URL('../fixtures/students.csv', import.meta.url).pathname
const XLSX = new URL('../fixtures/students.xlsx', import.meta.url).pathname

/** An organization whose admin (its owner, invitation accepted) is logged in on the import screen (of `origin`, default the suite's). */
const adminOnImport = async (page: Page, request: Parameters<typeof createAccount>[0], origin = ''): Promise<{ owner: Person; organizationId: number }> => {
  const owner = await createAccount(request, newPerson('importer', 'Edna', 'Krabappel'))
  const organization = await createOrganization(request, organizationName('Import School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)
  await logIn(page, owner, origin)
  await page.goto(`${origin}/organization/${organization.id}/students/import`)
  return { owner, organizationId: organization.id }
}

const rowOf = (page: Page, value: string) => page.getByRole('row').filter({ hasText: value })

test('a csv: the preview shows the bad rows, a confirmed send mails the others, the same file again invites nobody twice', async ({ page, request }) => {
  await adminOnImport(page, request)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Import')
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Student' })
  await page.getByLabel('Choose a file').setInputFiles(CSV)

  await expect(page.getByText('4 rows: 2 to invite, 2 with a problem')).toBeVisible()
  // the organization's invitations a day against the two this would send (issue 18); no warning: they fit
  const allowance = page.getByTestId('invitation-allowance')
  await expect(allowance).toContainText(/This organization can send \d+ more invitations today \(2000 a day\); this would send up to 2\./)
  await expect(allowance.getByRole('alert')).toHaveCount(0)
  await expect(rowOf(page, 'not-an-email')).toContainText('Column E-mail: not a valid e-mail address')
  await expect(rowOf(page, 'Same as row 2')).toContainText('ANN.csv@example.com')
  await expect(rowOf(page, 'bob.csv@example.com')).toContainText('Will be invited')
  await page.getByRole('tab', { name: 'With a problem' }).click()
  await expect(page.getByRole('row')).toHaveCount(3)
  // the tabs' selected panel is the table (issue 22: axe's aria-valid-attr-value, a tab controlling nothing)
  await expectAccessible(page, 'invitation-import-problems')
  expect(await mailsTo(request, 'ann.csv@example.com')).toHaveLength(0)

  await page.getByRole('button', { name: 'Send 2 invitations' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Send the invitations?' })
  await confirm.getByRole('button', { name: 'Yes, send' }).click()
  await expect(page.getByText('2 invitations were sent.')).toBeVisible()
  await expect.poll(async () => (await mailsTo(request, 'ann.csv@example.com')).length).toBe(1)
  await expect.poll(async () => (await mailsTo(request, 'bob.csv@example.com')).length).toBe(1)

  // the same file again: everyone is already invited, nothing can be sent
  await page.getByRole('button', { name: 'Import another file' }).click()
  await page.getByLabel('Choose a file').setInputFiles(CSV)
  await expect(page.getByText('4 rows: 0 to invite, 4 with a problem')).toBeVisible()
  await expect(page.getByTestId('invitation-allowance')).toHaveCount(0)
  await expect(rowOf(page, 'bob.csv@example.com')).toContainText('Already invited')
  await expect(page.getByRole('button', { name: 'Send 0 invitations' })).toBeDisabled()
  expect(await mailsTo(request, 'ann.csv@example.com')).toHaveLength(1)
  expect(await mailsTo(request, 'bob.csv@example.com')).toHaveLength(1)
})

test("opened at localhost while PUBLIC_URL names 127.0.0.1, the file goes to the page's own origin and is read (issue 22)", async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!)
  expect(origin.hostname).toBe('127.0.0.1') // the server's PUBLIC_URL (playwright.config.ts)
  origin.hostname = 'localhost'
  const elsewhere = origin.origin
  await adminOnImport(page, request, elsewhere)
  const puts: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'PUT') puts.push(sent.url())
  })
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Student' })
  await page.getByLabel('Choose a file').setInputFiles(CSV)
  await expect(page.getByText('4 rows: 2 to invite, 2 with a problem')).toBeVisible()
  expect(puts).toEqual([expect.stringMatching(new RegExp(`^${elsewhere}/v1/uploads/\\?key=`))])
})

test('an xlsx written by a spreadsheet program: its bad row shown, the rest invited after a yes; a wrong file is refused; the admin\'s own address is never sent', async ({ page, request }) => {
  const { owner } = await adminOnImport(page, request)
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Student' })

  // not a spreadsheet: refused in the browser
  await page.getByLabel('Choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByText('File type is not allowed')).toBeVisible()

  await page.getByLabel('Choose a file').setInputFiles(XLSX)
  await expect(page.getByText('3 rows: 2 to invite, 1 with a problem')).toBeVisible()
  await expect(rowOf(page, 'dan.xlsx@example')).toContainText('not a valid e-mail address')
  await page.getByRole('button', { name: 'Send 2 invitations' }).click()
  // "no" sends nothing
  await page.getByRole('alertdialog', { name: 'Send the invitations?' }).getByRole('button', { name: 'No' }).click()
  expect(await mailsTo(request, 'cat.xlsx@example.com')).toHaveLength(0)
  await page.getByRole('button', { name: 'Send 2 invitations' }).click()
  await page.getByRole('alertdialog', { name: 'Send the invitations?' }).getByRole('button', { name: 'Yes, send' }).click()
  await expect(page.getByText('2 invitations were sent.')).toBeVisible()
  await expect.poll(async () => (await mailsTo(request, 'cat.xlsx@example.com')).length).toBe(1)
  await expect.poll(async () => (await mailsTo(request, 'eve.xlsx@example.com')).length).toBe(1)
  const [mail] = await mailsTo(request, 'eve.xlsx@example.com')
  expect(mail!.text).toContain('/invite/')

  // a list with the admin's own address: refused in the preview, only the other one is sent
  const ownMails = (await mailsTo(request, owner.email)).length
  await page.getByRole('button', { name: 'Import another file' }).click()
  const list = `email\n${owner.email.toUpperCase()}\nfay.csv@example.com\n`
  await page.getByLabel('Choose a file').setInputFiles({ name: 'with-me.csv', mimeType: 'text/csv', buffer: Buffer.from(list) })
  await expect(page.getByText('2 rows: 1 to invite, 1 with a problem')).toBeVisible()
  await expect(rowOf(page, owner.email.toUpperCase())).toContainText('Your own address: you cannot invite yourself')
  await page.getByRole('button', { name: 'Send 1 invitation' }).click()
  await page.getByRole('alertdialog', { name: 'Send the invitations?' }).getByRole('button', { name: 'Yes, send' }).click()
  await expect.poll(async () => (await mailsTo(request, 'fay.csv@example.com')).length).toBe(1)
  expect(await mailsTo(request, owner.email)).toHaveLength(ownMails)
})
