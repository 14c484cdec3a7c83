import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { deflateSync } from 'node:zlib'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, type Organization, type Person } from './support/api'
import { mailsTo, newestMailLink } from './support/mail'
import { screen, screenAtWidths } from './support/screens'
import { logIn, logInWith, loginHeading, toast, userMenu } from './support/ui'

/**
 * The profile (spec §2 Profile, §4 and §6 withdrawing, §5 edit profile, change password, avatar, delete
 * account): names edited, the password changed (a wrong current one refused, then the new one logs in),
 * a photo uploaded and shown cropped square, a student withdrawing after two confirmations, the only
 * admin told to invite another owner first (and refused by the server), and an account deleted for good.
 */

/** A member of `organization` in `role`: invited by the platform admin, the invitation accepted through the API. */
async function memberOf(request: APIRequestContext, organization: Organization, prefix: string, role: 'student' | 'teacher' | 'admin'): Promise<Person> {
  const person = await createAccount(request, newPerson(prefix, 'Lisa', 'Simpson'))
  const link = await invite(request, organization, person.email, role)
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
  return person
}

const openProfile = async (page: Page) => {
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible()
}

/** A PNG of width × height in one colour, made here: a photo that is not square. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('a person edits their names, changes the password (a wrong current one is refused) and logs in with the new one', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('profile-edit', 'Homer', 'Simpson'))
  await logIn(page, person)
  await openProfile(page)

  await page.getByRole('button', { name: 'Edit profile' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit profile' })
  await edit.getByRole('textbox', { name: 'First name' }).fill('')
  await expect(edit.getByText('Please input first name')).toBeVisible()
  await screen(page, 'profile-edit-dialog')
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled()
  await edit.getByRole('textbox', { name: 'First name' }).fill('Max')
  await edit.getByRole('textbox', { name: 'Last name' }).fill('Power')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Your profile was saved.')).toBeVisible()
  await expect(edit).toHaveCount(0)
  await expect(userMenu(page, { firstName: 'Max', lastName: 'Power' })).toBeVisible()

  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  const newPassword = 'violet tandem orchard 1987'
  await dialog.getByRole('textbox', { name: 'Current password' }).fill('not my password at all')
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
  await dialog.getByRole('textbox', { name: 'Confirm the new password' }).fill(`${newPassword}!`)
  await expect(dialog.getByText("Two inputs don't match!")).toBeVisible()
  await screen(page, 'profile-change-password-dialog')
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Confirm the new password' }).fill(newPassword)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Your current password is not correct.')

  await dialog.getByRole('textbox', { name: 'Current password' }).fill(person.password)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Your password was changed. Your other devices were logged out.')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // the old password is refused, the new one logs in
  expect((await request.post('/v1/accounts/login-legacy/', { data: { email: person.email, password: person.password } })).status()).toBe(400)
  await userMenu(page, { firstName: 'Max', lastName: 'Power' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, person.email, newPassword)
  await expect(userMenu(page, { firstName: 'Max', lastName: 'Power' })).toBeVisible()
})

test('a new e-mail waits for its link: the confirm dialog, the not-verified warning and its resend link, then the new login', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('profile-email', 'Ned', 'Flanders'))
  const newEmail = person.email.replace('profile-email', 'profile-email-new')
  await logIn(page, person)
  await openProfile(page)

  await page.getByRole('button', { name: 'Edit profile' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit profile' })
  await edit.getByRole('textbox', { name: 'E-mail' }).fill(newEmail)
  // a new address needs the current password
  const current = edit.getByRole('textbox', { name: 'Your current password (needed to change the e-mail)' })
  await expect(current).toBeVisible()
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled()
  await current.fill(person.password)
  await edit.getByRole('button', { name: 'Save' }).click()

  const confirm = page.getByRole('alertdialog', { name: 'Confirm your new e-mail' })
  await expect(confirm).toContainText(`We sent a confirmation link to ${newEmail}. Until you open it, you keep logging in with ${person.email}.`)
  await screen(page, 'profile-confirm-new-email')
  await confirm.getByRole('button', { name: 'Close' }).click()
  const warning = page.getByRole('status').filter({ hasText: 'Not verified' })
  await expect(warning).toContainText(newEmail)
  await expect.poll(async () => (await mailsTo(request, newEmail)).length).toBe(1)
  await warning.getByRole('button', { name: 'Send the link again' }).click()
  await expect(toast(page, 'We sent the confirmation link again.')).toBeVisible()
  await expect.poll(async () => (await mailsTo(request, newEmail)).length).toBe(2)

  const { link } = await newestMailLink(request, newEmail, '/confirm-account', 2)
  const confirmed = await request.post('/v1/accounts/confirm/', { data: { token: link.searchParams.get('token') } })
  expect(confirmed.status()).toBe(200)
  await openProfile(page)
  await expect(page.locator('#main').getByText(newEmail, { exact: true })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Not verified' })).toHaveCount(0)
  expect((await request.post('/v1/accounts/login-legacy/', { data: { email: newEmail, password: person.password } })).status()).toBe(200)
})

test('a photo is uploaded, cropped square and shown; a file that is no image is refused before sending', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('profile-photo', 'Marge', 'Simpson'))
  await logIn(page, person)
  await openProfile(page)

  const chooser = page.getByLabel('Upload a photo', { exact: true })
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByRole('alert')).toContainText('File type is not allowed')

  await chooser.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(240, 120) })
  const photo = page.getByRole('img', { name: 'Photo of Marge Simpson' })
  await expect(photo).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  const size = await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])
  expect(size).toEqual([120, 120])
  await screenAtWidths(page, 'profile-photo', () => expect(page.getByRole('img', { name: 'Photo of Marge Simpson' })).toBeVisible())
  // stored on the account: it is there after a reload
  await page.reload()
  await expect(page.getByRole('img', { name: 'Photo of Marge Simpson' })).toBeVisible()
})

test('a student withdraws after two confirmations and then belongs to no organization', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Withdraw School'))
  const student = await memberOf(request, organization, 'withdraw-student', 'student')
  await logIn(page, student)
  await openProfile(page)

  const row = page.getByRole('listitem').filter({ hasText: organization.name })
  await expect(row).toContainText('Student')
  await screenAtWidths(page, 'profile-organizations', () => expect(row).toBeVisible())
  await row.getByRole('button', { name: `Withdraw from ${organization.name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Withdraw from ${organization.name}` })
  await expect(dialog).toContainText(`Do you want to withdraw from ${organization.name}?`)
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
  // the second message, by role; nothing is removed yet
  await expect(dialog).toContainText(`A student needs a new invitation to rejoin ${organization.name}.`)
  await screen(page, 'profile-withdraw-confirmed')
  const session = await login(request, student.email, student.password)
  const before = await (await request.get(`/v1/accounts/${session.user_id}`, { headers: bearer(session.token) })).json()
  expect(before.organizations).toHaveLength(1)
  await dialog.getByRole('button', { name: 'Yes, withdraw' }).click()

  await expect(dialog).toHaveCount(0)
  await expect(toast(page, `You withdrew from ${organization.name}.`)).toBeVisible()
  await expect(page.getByText('You belong to no organization.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Join an organization' })).toHaveAttribute('href', '/join')
  await expect(page.getByRole('link', { name: 'Create a school or company' })).toHaveAttribute('href', '/onboarding')
  await screenAtWidths(page, 'profile-no-organization', () => expect(page.getByText('You belong to no organization.')).toBeVisible())
  const after = await (await request.get(`/v1/accounts/${session.user_id}`, { headers: bearer(session.token) })).json()
  expect(after.organizations).toEqual([])
})

test('a teacher and an admin who is not the only one each get their role\'s second message and withdraw', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Staff School'))
  await memberOf(request, organization, 'withdraw-first-admin', 'admin')
  const cases = [
    { person: await memberOf(request, organization, 'withdraw-teacher', 'teacher'), message: `Teachers who have classes must ask an admin of ${organization.name} to hand them over first.` },
    { person: await memberOf(request, organization, 'withdraw-admin', 'admin'), message: `You are an admin of ${organization.name}; the other admins keep running it.` },
  ]
  for (const { person, message } of cases) {
    await logIn(page, person)
    await openProfile(page)
    await page.getByRole('button', { name: `Withdraw from ${organization.name}` }).click()
    const dialog = page.getByRole('alertdialog', { name: `Withdraw from ${organization.name}` })
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect(dialog).toContainText(message)
    await dialog.getByRole('button', { name: 'Yes, withdraw' }).click()
    await expect(page.getByText('You belong to no organization.')).toBeVisible()
    await userMenu(page, person).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(loginHeading(page)).toBeVisible()
  }
})

test('the only admin is told to invite another owner first, and the server refuses it too', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Sole Admin School'))
  const owner = await memberOf(request, organization, 'withdraw-owner', 'admin')
  await logIn(page, owner)
  await openProfile(page)

  await page.getByRole('button', { name: `Withdraw from ${organization.name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Withdraw from ${organization.name}` })
  await expect(dialog).toContainText(`You are the only admin of ${organization.name}. Invite another owner (an admin) first; then you can withdraw.`)
  await expect(dialog.getByRole('button', { name: 'Withdraw', exact: true })).toHaveCount(0)
  await screen(page, 'profile-withdraw-sole-admin')
  await expect(dialog.getByRole('link', { name: 'Invite an admin' })).toHaveAttribute('href', `/organization/${organization.id}/profile`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  const session = await login(request, owner.email, owner.password)
  const refused = await request.delete(`/v1/organizations/${organization.id}/membership/`, { headers: bearer(session.token) })
  expect(refused.status()).toBe(409)
  expect((await refused.json()).detail).toBe('Cannot remove the only admin of an organization.')
  await expect(page.getByRole('listitem').filter({ hasText: organization.name })).toContainText('Admin')
})

test('a person deletes their account with the password and the accepted conditions; the login then fails', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Delete School'))
  const person = await memberOf(request, organization, 'profile-delete', 'student')
  await logIn(page, person)
  await openProfile(page)

  await page.getByRole('button', { name: 'Delete account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account' })
  const confirm = dialog.getByRole('button', { name: 'Delete my account' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Password' }).fill(person.password)
  await expect(confirm).toBeDisabled()
  await screen(page, 'profile-delete-dialog')
  await dialog.getByText('I understand that my account and its data are deleted and cannot be restored.').click()
  await confirm.click()

  await expect(loginHeading(page)).toBeVisible()
  await expect(toast(page, 'Your account was deleted.')).toBeVisible()
  await logInWith(page, person.email, person.password)
  await expect(page.getByRole('alert')).toBeVisible()
  expect((await request.post('/v1/accounts/login-legacy/', { data: { email: person.email, password: person.password } })).status()).toBe(400)
})
