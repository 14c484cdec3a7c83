import { expect, test, type APIRequestContext } from '@playwright/test'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { expectAccessibleInBothThemes } from './support/screens'
import { logIn, toast } from './support/ui'
import { Temporal } from 'temporal-polyfill'

/**
 * The class list (spec 001 §2 Class list, §4 Class status, §6): with two classes of an admin (one a
 * draft), the list filters by status, searches, and deletes one after the confirmation;
 * a teacher sees only the classes it owns, without the owner column.
 */

const accept = async (request: APIRequestContext, person: Person, link: URL) => {
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
  return session
}

const schoolWithAdmin = async (request: APIRequestContext, name: string) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName(name), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await accept(request, owner, link)
  return { owner, organization, session }
}

// the organizations of these journeys are in Los Angeles (tests/e2e/support/api.ts), their people's browsers in
// Tokyo, and the browser's clock at noon of Los Angeles' today, 5 in the morning of the next day in Tokyo
// (issue 9): the page counts "days left" and starts a new class on the organization's date, as the server
// dates the statuses, whatever the runner's clock says
test.use({ timezoneId: 'Asia/Tokyo' })
test.beforeEach(async ({ page }) => {
  const noon = Temporal.Now.plainDateISO('America/Los_Angeles').toZonedDateTime({ timeZone: 'America/Los_Angeles', plainTime: '12:00' })
  await page.clock.setFixedTime(noon.epochMilliseconds)
})

test('an admin creates two classes, filters and searches them, and deletes one after confirming', async ({ page, request }) => {
  const { owner, organization, session } = await schoolWithAdmin(request, 'Classes School')
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes`)
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible()
  await expect(page.getByText('No classes yet')).toBeVisible()
  // made through the creation call (the wizard's own journey is tests/e2e/class-wizard.spec.ts)
  // days of the organization's calendar (its time zone, tests/e2e/support/api.ts): its statuses follow it, not the runner's
  const today = Temporal.Now.plainDateISO(organization.timezone ?? 'UTC')
  const day = (offset: number) => today.add({ days: offset }).toString()
  for (const body of [
    { name: 'Algebra 7', start_date: day(0), end_date: day(30) },
    { name: 'Biology 8', start_date: day(0), end_date: day(30), is_draft: true },
  ]) {
    const made = await request.post(`/v1/groups/${organization.id}/`, { headers: bearer(session.token), data: body })
    expect(made.status()).toBe(201)
  }
  await page.reload()

  const table = page.getByRole('table')
  const row = (name: string) => table.getByRole('row').filter({ hasText: name })
  await expect(row('Algebra 7')).toContainText('Active')
  await expect(row('Algebra 7').getByRole('progressbar')).toBeVisible()
  await expect(row('Algebra 7')).toContainText('30 days left')
  await expect(row('Biology 8')).toContainText('Draft')
  await expect(table.getByRole('columnheader', { name: 'Teacher' })).toBeVisible()

  const filters = page.getByRole('navigation', { name: 'Filter by status' })
  await filters.getByRole('button', { name: 'Drafts' }).click()
  await expect(row('Biology 8')).toBeVisible()
  await expect(row('Algebra 7')).toHaveCount(0)
  await filters.getByRole('button', { name: 'Active' }).click()
  await expect(row('Algebra 7')).toBeVisible()
  await expect(row('Biology 8')).toHaveCount(0)
  await filters.getByRole('button', { name: 'Finished' }).click()
  await expect(page.getByText('No classes match this filter or search.')).toBeVisible()
  await filters.getByRole('button', { name: 'All' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill('bio')
  await expect(row('Algebra 7')).toHaveCount(0)
  await expect(row('Biology 8')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('')
  await expect(row('Algebra 7')).toBeVisible()

  // bulk delete asks first; cancelling keeps the class
  // (the checkbox's control covers its hidden input: the label takes the click, as a person's)
  await page.locator('label').filter({ has: page.getByRole('checkbox', { name: 'Select Biology 8' }) }).click()
  await expect(page.getByRole('checkbox', { name: 'Select Biology 8' })).toBeChecked()
  await page.getByRole('button', { name: 'Delete selected (1)' }).click()
  let confirm = page.getByRole('alertdialog', { name: 'Delete 1 class?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row('Biology 8')).toBeVisible()
  await page.getByRole('button', { name: 'Delete selected (1)' }).click()
  confirm = page.getByRole('alertdialog', { name: 'Delete 1 class?' })
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible()
  // its red confirm button reads in both themes (white on red at 4.5:1 at least)
  await expectAccessibleInBothThemes(page, 'classes-delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'The classes were deleted.')).toBeVisible()
  await expect(row('Biology 8')).toHaveCount(0)
  await expect(row('Algebra 7')).toBeVisible()

  // a new class starts on the organization's today and ends 30 days later
  await page.getByRole('button', { name: 'New class' }).first().click()
  await expect(page.getByLabel('Start date')).toHaveValue(day(0))
  await expect(page.getByLabel('End date')).toHaveValue(day(30))
})

test('a teacher sees only the classes it owns, without the owner column', async ({ page, request }) => {
  const { organization, session } = await schoolWithAdmin(request, 'Teacher School')
  const teacher = await createAccount(request, newPerson('teacher', 'Edna', 'Krabappel'))
  const link = await invite(request, organization, teacher.email, 'teacher')
  const teacherSession = await accept(request, teacher, link)
  const create = async (name: string, owner: number | null) => {
    const response = await request.post(`/v1/groups/${organization.id}/`, {
      headers: bearer(session.token),
      data: { name, start_date: '2026-01-01', end_date: '2099-12-31', owner },
    })
    expect(response.status()).toBe(201)
  }
  await create('Edna’s class', teacherSession.user_id)
  await create('Somebody else’s class', null)

  await logIn(page, teacher)
  await page.goto(`/organization/${organization.id}/classes`)
  const table = page.getByRole('table')
  await expect(table.getByRole('row').filter({ hasText: 'Edna’s class' })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: 'Somebody else’s class' })).toHaveCount(0)
  await expect(table.getByRole('columnheader', { name: 'Teacher' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New class' })).toHaveCount(0)
})
