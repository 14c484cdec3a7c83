import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { bearer, createAccount, login, newPerson, organizationName, uniqueEmail } from './support/api'
import { followMailLink, newestMailLink } from './support/mail'
import { screen, screenAtWidths } from './support/screens'
import { logIn, toast } from './support/ui'

/**
 * The onboarding of a person without an organization (spec §2, §4, §5; machines/onboarding.ts):
 * a school admin creates the school and invites a teacher; a teacher without a code is told how to
 * ask for one; a student gets the start-learning screen.
 */

const pick = async (scope: Locator, page: Page, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('a new user signs up, confirms, creates a school as its admin, invites a teacher, skips students and lands on the school; the teacher signs up from the mail and joins', async ({ page, request, browser }) => {
  // sign-up, confirmation, creation and invitation: a long journey on a shared machine
  test.setTimeout(180_000)
  const person = newPerson('onboard', 'Seymour', 'Skinner')
  const school = organizationName('Springfield Elementary')
  const username = `springfield-${Date.now().toString(36)}`
  const teacher = uniqueEmail('onboard-teacher')

  // sign up and confirm from the mail
  await page.goto('/signup')
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(person.firstName)
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(person.lastName)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible()
  await followMailLink(page, person.email, '/confirm-account')
  await page.getByRole('textbox', { name: 'Password chosen at sign-up', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your account is confirmed. You can log in now.' })).toBeVisible()
  await page.getByRole('link', { name: 'Log in' }).click()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()

  // no organization: the onboarding, and the Dashboard link leads to it (not a dead end)
  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!`, level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/onboarding$/)
  await page.getByRole('button', { name: 'Get started' }).click()
  await screenAtWidths(page, 'onboarding-roles', () => expect(page.getByRole('heading', { name: 'Who are you?', level: 1 })).toBeVisible())
  await page.getByRole('button', { name: 'I run a school' }).click()

  // the creation dialog: the type preset, §5 messages worded for a school, the postcode a number
  const dialog = page.getByRole('dialog', { name: 'Create your school' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toContainText('School')
  const create = dialog.getByRole('button', { name: 'Create', exact: true })
  await expect(create).toBeDisabled()
  const nameBox = dialog.getByRole('textbox', { name: 'Organization name' })
  await nameBox.fill('x')
  await nameBox.fill('')
  await expect(dialog.getByText('Please input the school name')).toBeVisible()
  await nameBox.fill(school)
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username)
  await pick(dialog, page, 'Industry', 'Education')
  await dialog.getByRole('textbox', { name: 'Address 1' }).fill('19 Plympton St')
  await dialog.getByRole('textbox', { name: 'City' }).fill('Springfield')
  await dialog.getByRole('textbox', { name: 'State' }).fill('OR')
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill('OR-97477')
  await dialog.getByRole('textbox', { name: 'City' }).click()
  await expect(dialog.getByText('Postcode should be a number')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill('97477')
  await pick(dialog, page, 'Country', 'United States')
  await expect(dialog.getByRole('textbox', { name: 'Phone code' })).toHaveValue('+1')
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('5415550100')
  await pick(dialog, page, 'Time zone', 'America/Los Angeles')
  // the logo: jpeg, png or gif only
  const logoInput = dialog.getByLabel('Logo (optional)')
  await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(dialog.getByRole('alert').filter({ hasText: 'File type is not allowed' })).toBeVisible()
  // the portal's own button in the portal's language, not the browser's "Choose File / No file chosen"
  await expect(dialog.getByRole('button', { name: 'Choose an image' })).toBeVisible()
  await logoInput.setInputFiles(path.resolve('tests/fixtures/logo.png'))
  await expect(dialog.getByText('logo.png')).toBeVisible()
  // a chosen logo can be taken back, and chosen again
  await dialog.getByRole('button', { name: 'Remove the logo' }).click()
  await expect(dialog.getByText('logo.png')).toBeHidden()
  await logoInput.setInputFiles(path.resolve('tests/fixtures/logo.png'))
  await expect(dialog.getByText('logo.png')).toBeVisible()
  await screen(page, 'onboarding-create-school')
  await create.click()
  await expect(toast(page, `${school} is created. You are its admin.`)).toBeVisible()

  // the setup steps: no class step (classes do not exist yet), teachers then students
  await expect(page).toHaveURL(/\/onboarding\?setup=\d+$/)
  const id = Number(new URL(page.url()).searchParams.get('setup'))
  await expect(page.getByRole('heading', { name: `Set up ${school}`, level: 1 })).toBeVisible()
  await expect(page.getByText('Step 1 of 2')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Invite your teachers' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Create a class' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Invite by e-mail' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite by email' })
  // the teachers' step invites teachers: no role to choose
  await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveCount(0)
  await invite.getByRole('textbox', { name: 'Email addresses' }).pressSequentially(`${teacher},`)
  await invite.getByRole('button', { name: 'Send invitations' }).click()
  await expect(invite).toBeHidden()
  await expect(page.getByText('1 invitation sent', { exact: true })).toBeVisible()
  await screenAtWidths(page, 'onboarding-setup', () => expect(page.getByText('Step 1 of 2')).toBeVisible())
  // the teacher's invitation is in the development outbox (/dev/mail), naming the school
  const { mail, link } = await newestMailLink(request, teacher, '/invite')
  expect(link.pathname).toMatch(/^\/invite\/./)
  expect(mail.text).toContain(school)

  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Invite your students' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip for now' }).click()

  // the school's page; from now on the Dashboard is the school's
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/$`))
  await expect(page.getByRole('heading', { name: school, level: 1 })).toBeVisible()
  // its logo is the one chosen in the creation dialog; it is unverified
  const session = await login(request, person.email, person.password)
  const made = await (await request.get(`/v1/organizations/${id}/`, { headers: bearer(session.token) })).json()
  expect(made).toMatchObject({ name: school, username, is_verified: false, logo_url: expect.stringMatching(/^\/v1\/organizations\/\d+\/logo\//) })
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page).not.toHaveURL(/\/onboarding/)

  // the teacher opens the invitation mail in their own browser, signs up and is a teacher of the school
  const teacherContext = await browser.newContext()
  const teacherPage = await teacherContext.newPage()
  await followMailLink(teacherPage, teacher, '/invite')
  await expect(teacherPage).toHaveURL(/\/signup\?invite=/)
  await expect(teacherPage.getByText(`You're invited to join ${school} as Teacher.`)).toBeVisible()
  await teacherPage.getByRole('textbox', { name: 'First name' }).fill('Edna')
  await teacherPage.getByRole('textbox', { name: 'Last name' }).fill('Krabappel')
  await teacherPage.getByRole('textbox', { name: 'Password', exact: true }).fill('teacher-password-1984')
  await teacherPage.getByRole('button', { name: 'Create account' }).click()
  await expect(toast(teacherPage, `You joined ${school}.`)).toBeVisible()
  await teacherContext.close()
  const teacherSession = await login(request, teacher, 'teacher-password-1984')
  const teacherAccount = await (await request.get(`/v1/accounts/${teacherSession.user_id}`, { headers: bearer(teacherSession.token) })).json()
  expect(teacherAccount.organizations).toEqual([expect.objectContaining({ id, name: school, roles: ['teacher'] })])
})

test('a teacher without an invitation code is told how to ask their admin, and may start learning meanwhile', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('onboard-teacher', 'Edna', 'Krabappel'))
  await logIn(page, person)
  await page.getByRole('button', { name: 'Get started' }).click()
  await page.getByRole('button', { name: 'I am a teacher' }).click()
  await expect(page.getByRole('heading', { name: 'Do you have an organization invitation code?', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'No, I do not' }).click()
  await expect(page.getByRole('heading', { name: 'Ask your admin to invite you', level: 1 })).toBeVisible()
  await screenAtWidths(page, 'onboarding-ask-admin', () => expect(page.getByRole('button', { name: 'Start learning' })).toBeVisible())
  await page.getByRole('button', { name: 'Start learning' }).click()
  await expect(page.getByRole('heading', { name: 'Start learning', level: 1 })).toBeVisible()

  // with a code: the join page, as a teacher
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByRole('button', { name: 'I am a teacher' }).click()
  await page.getByRole('button', { name: 'Yes, I have a code' }).click()
  await expect(page).toHaveURL(/\/join\?role=teacher$/)
})

test('a student gets the start-learning screen, with the way to enter an invitation code', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('onboard-student', 'Bart', 'Simpson'))
  await logIn(page, person)
  await page.getByRole('button', { name: 'Get started' }).click()
  await page.getByRole('button', { name: 'I am a student' }).click()
  await expect(page.getByRole('heading', { name: 'Start learning', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send the link by e-mail' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'I have an invitation code' })).toHaveAttribute('href', '/join')
})
