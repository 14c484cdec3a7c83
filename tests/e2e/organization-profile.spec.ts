import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { bearer, createAccount, createOrganization, newPerson, organizationName, platformAdmin } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { errorPanel, logIn, logInWith, toast } from './support/ui'

/**
 * The profile view of the organization page (spec §2 Profile view, §4 Organization status and the
 * admin invite, §5 Invite admin, §6 admin-only actions): an organization admin uploads a logo,
 * invites another admin, disables with a wrong then the right password, enables, deletes with the
 * password and the typed name; the platform admin restores the organization (through the API: the
 * admin list shows deleted ones) and edits it.
 */

const logo = path.resolve('tests/fixtures/logo.png')
const profileHeading = (page: Page) => page.getByRole('heading', { name: 'Organization profile', level: 2 })
const dialog = (page: Page) => page.getByRole('dialog')

test('an organization admin manages the profile: logo, another admin, disable and enable with the password, delete; the platform admin restores it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const owner = await createAccount(request, newPerson('profileowner', 'Edna', 'Krabappel'))
  const name = organizationName('Springfield Elementary')
  const organization = await createOrganization(request, name, { owner: owner.email })

  // the owner accepts the mailed invitation while logged in, and is an admin of the organization
  await logIn(page, owner)
  const { link } = await newestMailLink(request, owner.email, '/invite')
  await page.goto(link.pathname)
  await expect(toast(page, `You joined ${name}.`)).toBeVisible()

  await page.goto(`/organization/${organization.id}/profile`)
  await expect(profileHeading(page)).toBeVisible()
  const admins = page.getByRole('list', { name: 'Admins' })
  await expect(admins.getByText(owner.email)).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'America/Los_Angeles' })).toBeVisible()
  await screenAtWidths(page, 'organization-profile', () => expect(admins.getByText(owner.email)).toBeVisible())

  // the logo: a file that is not an image is refused in the browser, then a PNG is uploaded
  const fileInput = page.locator('input[type="file"]')
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(errorPanel(page).filter({ hasText: 'File type is not allowed' })).toBeVisible()
  await fileInput.setInputFiles(logo)
  await expect(toast(page, 'The logo was saved.')).toBeVisible()
  const image = page.getByRole('img', { name: `Logo of ${name}` })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Replace the logo' })).toBeVisible()

  // invite another admin: the button waits for a valid e-mail; the address is trimmed
  const second = newPerson('secondadmin', 'Seymour', 'Skinner')
  const emailBox = page.getByRole('textbox', { name: 'Email of the new admin' })
  const send = page.getByRole('button', { name: 'Send invitation' })
  await expect(send).toBeDisabled()
  await emailBox.fill('seymour@')
  await expect(page.getByText('Please input correct email address')).toBeVisible()
  await expect(send).toBeDisabled()
  await emailBox.fill(`  ${second.email}  `)
  await expect(send).toBeEnabled()
  const invited = page.waitForResponse((r) => r.url().endsWith('/v1/accounts/invite/') && r.request().method() === 'POST')
  await send.click()
  expect((await invited).status()).toBe(201)
  const invitedAt = Date.now()
  // the list reloads 1 second after (spec §4)
  const reload = await page.waitForRequest((r) => r.url().includes(`/v1/organizations/${organization.id}/users`) && r.url().includes('roles=admin'))
  expect(Date.now() - invitedAt).toBeGreaterThanOrEqual(900)
  expect(reload.method()).toBe('GET')
  await expect(toast(page, `An invitation was sent to ${second.email}.`)).toBeVisible()
  await expect(emailBox).toHaveValue('')
  const { mail } = await newestMailLink(request, second.email, '/invite')
  expect(mail.subject).toBe(`You are invited to join ${name}`)

  // disable: a wrong password keeps the dialog open and says so; the right one disables and leaves
  await page.getByRole('button', { name: 'Disable organization' }).click()
  await expect(dialog(page)).toBeVisible()
  const password = dialog(page).getByRole('textbox', { name: 'Your password', exact: true })
  await password.fill('not my password')
  await dialog(page).getByRole('button', { name: 'Disable organization' }).click()
  await expect(dialog(page).getByText('Your current password is not correct.')).toBeVisible()
  await screenAtWidths(page, 'organization-disable-wrong-password', () => expect(dialog(page).getByText('Your current password is not correct.')).toBeVisible())
  await password.fill(owner.password)
  await dialog(page).getByRole('button', { name: 'Disable organization' }).click()
  await expect(toast(page, 'The organization was disabled.')).toBeVisible()
  await expect(page).toHaveURL(/\/(organization\/\d+\/dashboard)?$/)

  // enable again from the profile
  await page.goto(`/organization/${organization.id}/profile`)
  await expect(page.getByText('Disabled', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Enable organization' }).click()
  await dialog(page).getByRole('textbox', { name: 'Your password', exact: true }).fill(owner.password)
  await dialog(page).getByRole('button', { name: 'Enable organization' }).click()
  await expect(toast(page, 'The organization was enabled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disable organization' })).toBeVisible()
  // the toast goes before the next dialog's screenshots
  await expect(toast(page, 'The organization was enabled.')).toBeHidden({ timeout: 15_000 })

  // delete: the password and the organization's name typed out
  await page.getByRole('button', { name: 'Delete organization' }).click()
  const confirmDelete = dialog(page).getByRole('button', { name: 'Delete organization' })
  await dialog(page).getByRole('textbox', { name: 'Your password', exact: true }).fill(owner.password)
  await expect(confirmDelete).toBeDisabled()
  const typedName = dialog(page).getByRole('textbox', { name: `Type the organization name to confirm: ${name}` })
  await typedName.fill('Springfield')
  await expect(dialog(page).getByText('The name does not match.')).toBeVisible()
  await expect(confirmDelete).toBeDisabled()
  await typedName.fill(name)
  await expect(confirmDelete).toBeEnabled()
  await screenAtWidths(page, 'organization-delete-dialog', () => expect(confirmDelete).toBeEnabled())
  await confirmDelete.click()
  await expect(toast(page, 'The organization was deleted.')).toBeVisible()
  await expect(page).not.toHaveURL(new RegExp(`/organization/${organization.id}/$`))

  // the platform admin restores it (a deleted organization is listed on the admin list, not opened:
  // GET answers 404 for it), then sees it whole again and edits it, with the verified box only they have
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await adminPage.goto('/login')
  await logInWith(adminPage, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
  await expect(adminPage).toHaveURL(/\/admin$/)
  const admin = await platformAdmin(request)
  const restored = await request.post(`/v1/organizations/${organization.id}/restore/`, { headers: bearer(admin.token) })
  expect(restored.status()).toBe(200)
  await adminPage.goto(`/organization/${organization.id}/profile`)
  await expect(adminPage.getByRole('heading', { name: 'Organization profile', level: 2 })).toBeVisible()
  await expect(adminPage.getByRole('img', { name: `Logo of ${name}` })).toBeVisible()
  await expect(adminPage.getByRole('button', { name: 'Disable organization' })).toBeVisible()

  await adminPage.getByRole('button', { name: 'Edit organization' }).click()
  const edit = adminPage.getByRole('dialog', { name: 'Edit organization' })
  await expect(edit.getByRole('checkbox', { name: 'Verified' })).toBeChecked()
  const city = edit.getByRole('textbox', { name: 'City' })
  await city.fill('')
  await expect(edit.getByText('Please input a city')).toBeVisible()
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled()
  await city.fill('Shelbyville')
  // the platform admin's number of invitations a day (issue 18): empty is the default; a number out of range is named
  const cap = edit.getByRole('textbox', { name: 'Invitations a day' })
  await expect(cap).toHaveValue('')
  await cap.fill('12 a day')
  await expect(edit.getByText('Enter a whole number from 0 to 1000000, or leave it empty.')).toBeVisible()
  await cap.fill('50')
  await expect(edit.getByText('Enter a whole number from 0 to 1000000, or leave it empty.')).toBeHidden()
  await screenAtWidths(adminPage, 'organization-edit-dialog', () => expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled())
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(adminPage, 'The organization was saved.')).toBeVisible()
  await expect(adminPage.getByRole('definition').filter({ hasText: 'Shelbyville' })).toBeVisible()
  const saved = await request.get(`/v1/organizations/${organization.id}/`, { headers: bearer(admin.token) })
  expect(((await saved.json()) as { invitations_per_day: number | null }).invitations_per_day).toBe(50)
  await adminContext.close()
})
