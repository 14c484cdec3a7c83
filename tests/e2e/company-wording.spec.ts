import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, practiceRolledUp, type Person, type Session } from './support/api'
import { newestMailLink } from './support/mail'
import { logIn } from './support/ui'

/**
 * A company's words (spec 001 §1: employees, leaders and teams where a school has students, teachers
 * and classes) on its admin dashboard and on a team's reports: the lessons overview, the charts'
 * titles, legends and tables, and the time-tracking table. Built through the API: a company, its
 * admin, an employee who practised and was assessed this month and a team with that employee and goals.
 */

const ZONE = 'America/Los_Angeles'
test.use({ timezoneId: ZONE })

/** School words as whole words: student(s), teacher(s), class(es). */
const SCHOOL_WORDS = /\b(students?|teachers?|class(es)?)\b/i

const accept = async (request: APIRequestContext, person: Person): Promise<Session> => {
  const { link } = await newestMailLink(request, person.email, '/invite')
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', { headers: bearer(session.token), data: { token: link.pathname.split('/').pop(), email: person.email } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return session
}

/**
 * Two lessons and two assessments (the second better) this month, as the app sends them: seconds after
 * now, since the employee joined (a company counts only what its employees did as its members; the
 * server takes times up to an hour ahead).
 */
const practise = async (request: APIRequestContext, session: Session, organizationId: number) => {
  const now = Temporal.Now.zonedDateTimeISO(ZONE)
  const at = (seconds: number) => now.add({ seconds }).toString({ timeZoneName: 'never' })
  const lesson = { kind: 'lesson', module_name: 'Sales English', difficulty_level: 'beginner', seconds: 300, native_score: 70 }
  const assessment = { kind: 'assessment', eps: 60, pronunciation: 60, intonation: 60, fluency: 60, skills: [{ name: 'Word stress', score: 60 }] }
  const response = await request.post('/v1/practice/events/', {
    headers: bearer(session.token),
    data: {
      events: [
        { ...assessment, client_event_id: 'company-assessment-1', occurred_at: at(1), overall_score: 50 },
        { ...lesson, client_event_id: 'company-lesson-1', occurred_at: at(2), lesson_name: 'Cold calls' },
        { ...lesson, client_event_id: 'company-lesson-2', occurred_at: at(3), lesson_name: 'Follow-ups' },
        { ...assessment, client_event_id: 'company-assessment-2', occurred_at: at(4), overall_score: 60 },
      ],
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  // the server rolls the events up a moment after its answer
  await practiceRolledUp(request, session, organizationId, at(4))
}

/** The page's main content, with the words a person reads (not the shell's navigation). */
const mainText = async (page: Page) => (await page.getByRole('main').innerText()).replace(/\s+/g, ' ')

test("a company's admin reads employees, leaders and teams on the dashboard and in a team's reports, never students, teachers or classes", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('ceo', 'Monty', 'Burns'))
  const company = await createOrganization(request, organizationName('Burns Industries'), { type: 'company', owner: owner.email })
  const ownerSession = await accept(request, owner)
  const employee = await createAccount(request, newPerson('homer', 'Homer', 'Simpson'))
  await invite(request, company, employee.email)
  const employeeSession = await accept(request, employee)
  await practise(request, employeeSession, company.id)
  const created = await request.post(`/v1/groups/${company.id}/`, {
    headers: bearer(ownerSession.token),
    data: { name: 'Sector 7G', start_date: '2026-01-01', end_date: '2099-12-31' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const teamId = ((await created.json()) as { id: number }).id
  const added = await request.post(`/v1/groups/${teamId}/users`, { headers: bearer(ownerSession.token), data: { user_ids: [employeeSession.user_id] } })
  expect(added.status(), await added.text()).toBe(200)
  const goals = await request.post(`/v1/assignments/${teamId}/`, { headers: bearer(ownerSession.token), data: { practice_days_per_week: 3, practice_minutes_per_day: 10 } })
  expect(goals.status(), await goals.text()).toBe(200)

  await logIn(page, owner)
  await page.goto(`/organization/${company.id}/dashboard`)
  await expect(page.locator('[data-class-card="Sector 7G"]')).toBeVisible()
  for (const figure of ['Employees', 'Leaders', 'Teams']) await expect(page.locator(`[data-figure="${figure}"]`)).toBeVisible()
  await expect(page.locator('[data-class-card="Sector 7G"]')).toContainText('Leader: No leader yet')
  await expect(page.getByRole('link', { name: 'View team' })).toBeVisible()
  expect(await mainText(page)).not.toMatch(SCHOOL_WORDS)

  await page.goto(`/organization/${company.id}/classes/${teamId}`)
  await expect(page.getByRole('heading', { name: 'Sector 7G', level: 1 })).toBeVisible()
  await page.getByRole('navigation', { name: 'Team sections' }).getByRole('button', { name: /Time tracking/ }).click()
  const reports = page.getByRole('region', { name: 'Activity reports' })
  await expect(page.getByTestId('overview-active').locator('dd')).toHaveText('1')
  await expect(page.getByTestId('overview-active').locator('dt')).toHaveText('Active employees')
  for (const title of ['Weekly active employees', 'Active employees', 'Employees improvement']) await expect(reports.getByRole('region', { name: title, exact: true })).toBeVisible()
  // the legends and the tables that stand for the charts
  const averages = reports.getByRole('region', { name: 'Average practice time', exact: true })
  await expect(averages).toContainText('Average time per active employee')
  await expect(averages).toContainText('Average lessons per active employee')
  const improvement = reports.getByRole('region', { name: 'Employees improvement', exact: true })
  await improvement.getByRole('button', { name: 'Show as table' }).click()
  await expect(improvement.getByRole('columnheader', { name: 'Employees', exact: true })).toBeVisible()
  // the time-tracking table: each employee's minutes
  await expect(reports.getByRole('columnheader', { name: 'Employee', exact: true })).toBeVisible()
  await expect(reports.getByRole('rowheader', { name: 'Homer Simpson' })).toBeVisible()
  await expect(reports).toContainText('Minutes practiced by each employee per period')
  expect(await mainText(page)).not.toMatch(SCHOOL_WORDS)

  // the team import, its template included (issue 22: it read "Class list template")
  await page.goto(`/organization/${company.id}/classes/import`)
  await expect(page.getByRole('heading', { name: 'Import teams', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Team list template (.xlsx)' })).toBeVisible()
  expect(await mainText(page)).not.toMatch(SCHOOL_WORDS)
})
