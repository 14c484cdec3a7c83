import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { bearer, createAccount, createOrganization, login, newPerson, organizationName, uniqueEmail, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { logIn, toast } from './support/ui'

/**
 * The class creation wizard (spec 001 §2 Creation wizard, §4 Draft and Wizard): an admin creates a
 * class through every step with pasted e-mails and a file (the back button moves between steps, the overview's
 * list removes a student, the confirmation says who is invited); another is saved as a draft, survives
 * a reload, reopens from the class list at its step and is finished. Screenshots at 360 and 1440 px.
 */

const schoolAdmin = async (request: APIRequestContext) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Wizard School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)
  return { owner: owner as Person, organization }
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 })

/** Pastes text into the e-mail tags box as a clipboard paste would. */
const paste = async (page: Page, text: string) => {
  const box = page.getByRole('textbox', { name: 'Student e-mails' })
  await box.focus()
  await box.evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

test('an admin creates a class through every step with pasted e-mails and a file', async ({ page, request }) => {
  const { owner, organization } = await schoolAdmin(request)
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes`)
  await page.getByRole('button', { name: 'New class' }).first().click()
  await expect(page).toHaveURL(/\/classes\/new\?step=details$/)
  await expect(stepHeading(page, 'Details')).toBeVisible()

  // details: the name is required; the dates default to today and 30 days later
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Please provide a team/class name')).toBeVisible()
  await page.getByRole('textbox', { name: 'Class name' }).fill('Physics 9')
  const teacher = uniqueEmail('teacher')
  await page.getByRole('textbox', { name: 'Teacher e-mail' }).fill(teacher)
  await page.getByRole('button', { name: 'Next' }).click()

  // goals; the browser's back button returns to the details, with what was typed
  await expect(stepHeading(page, 'Goals')).toBeVisible()
  await expect(page).toHaveURL(/step=goals$/)
  await page.goBack()
  await expect(stepHeading(page, 'Details')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Class name' })).toHaveValue('Physics 9')
  await page.goForward()
  await expect(stepHeading(page, 'Goals')).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: 'Practice minutes per day' })).toHaveValue('10')
  await page.getByRole('spinbutton', { name: 'Practice days per week' }).fill('4')
  await page.getByRole('button', { name: 'Next' }).click()

  // students: pasted e-mails become tags; consent off: each one accepts the invitation
  await expect(stepHeading(page, 'Add students')).toBeVisible()
  const [ana, ben, cy] = [uniqueEmail('ana'), uniqueEmail('ben'), uniqueEmail('cy')]
  await paste(page, `${ana}, ${ben}\n${cy}; not-an-address`)
  await expect(page.getByText(ana)).toBeVisible()
  await expect(page.getByText(cy)).toBeVisible()
  // and a file: its good addresses join the pasted ones, each once (ana is in both); its bad row is shown, not added
  const dee = uniqueEmail('dee')
  await page.getByLabel('Choose a file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(`E-mail\n${dee}\n${ana}\nnot-an-email\n`) })
  await expect(page.getByText('3 rows: 2 to invite, 1 with a problem')).toBeVisible()
  await page.getByRole('button', { name: 'Add 2 addresses to the class' }).click()
  await expect(page.getByText(dee)).toBeVisible()
  await page.getByText('Enroll them at once').click()
  await page.getByRole('button', { name: 'Next' }).click()

  // overview: counts, the list where a student is removed, an edit shortcut
  await expect(stepHeading(page, 'Overview')).toBeVisible()
  await expect(page.getByText('4 students')).toBeVisible()
  await expect(page.getByText('4 days a week')).toBeVisible()
  await page.getByRole('button', { name: 'Show list' }).click()
  const list = page.getByRole('dialog', { name: 'Students of the class' })
  await list.getByRole('button', { name: `Remove ${cy}` }).click()
  await list.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByText('3 students')).toBeVisible()
  await page.getByRole('button', { name: 'Edit Goals' }).click()
  await expect(stepHeading(page, 'Goals')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(stepHeading(page, 'Overview')).toBeVisible()

  await page.getByRole('button', { name: 'Create and send invites' }).click()
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText('Create the class and invite 3 students? Each one accepts the invitation individually.')
  await question.getByRole('button', { name: 'Yes' }).click()
  await expect(toast(page, 'The class was created.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/classes$`))
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Physics 9' })).toBeVisible()
  // the invitations went with the class: the students and the teacher (no account yet) got theirs
  await newestMailLink(request, ana, '/invite')
  await newestMailLink(request, dee, '/invite')
  await newestMailLink(request, teacher, '/invite')
})

test('a draft survives a reload, reopens from the class list at its step and is finished', async ({ page, request }) => {
  const { owner, organization } = await schoolAdmin(request)
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes/new`)
  await page.getByRole('textbox', { name: 'Class name' }).fill('Chemistry 9')
  await page.getByRole('textbox', { name: 'Teacher e-mail' }).fill(uniqueEmail('teacher'))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: "I'll do this later" }).click()
  const dee = uniqueEmail('dee')
  await paste(page, dee)
  await expect(page.getByText(dee)).toBeVisible()

  // a reload keeps the class being built, at its step
  await page.reload()
  await expect(stepHeading(page, 'Add students')).toBeVisible()
  await expect(page.getByText(dee)).toBeVisible()

  // cancel asks first
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Keep editing' }).click()
  await expect(page.getByText(dee)).toBeVisible()

  await page.getByRole('button', { name: 'Save and finish later' }).click()
  await expect(toast(page, 'The class was saved as a draft.')).toBeVisible()
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Chemistry 9' })
  await expect(row).toContainText('Draft')

  // the draft reopens at the step it was left, with its students
  await row.getByRole('link', { name: 'Chemistry 9' }).click()
  await expect(stepHeading(page, 'Add students')).toBeVisible()
  await expect(page).toHaveURL(/step=students$/)
  await expect(page.getByText(dee)).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('No goals set')).toBeVisible()
  await expect(page.getByText('1 student', { exact: true })).toBeVisible()

  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 })
    await page.screenshot({ path: `test-results/class-wizard-overview-${width}.png`, fullPage: true })
  }

  await page.getByRole('button', { name: 'Create and send invites' }).click()
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText('Create the class and enroll 1 student at once?')
  await question.getByRole('button', { name: 'Yes' }).click()
  await expect(toast(page, 'The class was created.')).toBeVisible()
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Chemistry 9' })).not.toContainText('Draft')
  await newestMailLink(request, dee, '/invite')
})
