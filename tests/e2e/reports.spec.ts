import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { Temporal } from 'temporal-polyfill'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, practiceRolledUp, type Organization, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { logIn } from './support/ui'

/**
 * A learner's reports on the student details page (000 §2): the learner practises in the app (the
 * ingestion call, with their own session), an admin opens their details and reads the overview and
 * the charts of this month, daily; changes the scope and the range (a shortcut); opens the lesson
 * detail (rounded percentage, blank when 0, HH:mma MM/dd/yyyy) and the assessment history with its
 * skills. The browser runs in the organization's time zone, so "this month" is the same days for both.
 */

const ZONE = 'America/Los_Angeles'
test.use({ timezoneId: ZONE })

async function acceptInvitation(request: APIRequestContext, person: Person): Promise<void> {
  const { link } = await newestMailLink(request, person.email, '/invite')
  const token = link.pathname.split('/').pop() ?? ''
  const session = await login(request, person.email, person.password)
  const response = await request.post('/v1/accounts/invite/accept', { headers: bearer(session.token), data: { token, email: person.email } })
  expect(response.status(), await response.text()).toBe(200)
}

async function member(request: APIRequestContext, organization: Organization, person: Person, role: 'student' | 'teacher' | 'admin'): Promise<Person> {
  await createAccount(request, person)
  await invite(request, organization, person.email, role)
  await acceptInvitation(request, person)
  return person
}

/** Noon in the organization's zone on a date, as the app would send it. */
const noon = (date: Temporal.PlainDate) => date.toZonedDateTime({ timeZone: ZONE, plainTime: '12:00' }).toString({ timeZoneName: 'never' })

/**
 * Two lessons and an assessment today, since the learner joined (an organization counts only what its
 * learners did as its members: the seconds after now, which the server takes up to an hour ahead), and
 * one lesson last month, before joining, that the app sends only now; returns the learner's id.
 */
async function practise(request: APIRequestContext, organization: Organization, learner: Person): Promise<number> {
  const session = await login(request, learner.email, learner.password)
  const now = Temporal.Now.zonedDateTimeISO(ZONE)
  const monthStart = now.toPlainDate().with({ day: 1 })
  const earlier = now.add({ seconds: 1 }).toString({ timeZoneName: 'never' })
  const justNow = now.add({ seconds: 2 }).toString({ timeZoneName: 'never' })
  const lastMonth = noon(monthStart.subtract({ months: 1 }).with({ day: 15 }))
  const lesson = { kind: 'lesson', module_name: 'Everyday English', difficulty_level: 'beginner' }
  const response = await request.post('/v1/practice/events/', {
    headers: bearer(session.token),
    data: {
      events: [
        { ...lesson, client_event_id: 'e2e-lesson-1', occurred_at: earlier, lesson_name: 'Ordering coffee', seconds: 300, native_score: 78.6 },
        { ...lesson, client_event_id: 'e2e-lesson-2', occurred_at: justNow, lesson_name: 'At the bank', seconds: 150, native_score: 0 },
        { ...lesson, client_event_id: 'e2e-lesson-3', occurred_at: lastMonth, lesson_name: 'Small talk', seconds: 600, native_score: 55 },
        {
          kind: 'assessment',
          client_event_id: 'e2e-assessment-1',
          occurred_at: justNow,
          eps: 64,
          overall_score: 71.4,
          pronunciation: 68,
          intonation: 74,
          fluency: 70,
          skills: [
            { name: 'TH sound', score: 55 },
            { name: 'Word stress', score: 81 },
          ],
        },
      ],
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  // the server rolls the events up a moment after its answer
  await practiceRolledUp(request, session, organization.id, justNow)
  return session.user_id
}

const overviewFigure = (page: Page, key: string) => page.getByTestId(`overview-${key}`).locator('dd')
const lessonsChart = (page: Page) => page.getByRole('group', { name: 'Number of lessons practiced' })

test('an admin reads a learner\'s reports, changes the scope and the range, and opens the lesson detail and the assessment history', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Springfield Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  const lisa = await member(request, organization, newPerson('lisa', 'Lisa', 'Simpson'), 'student')
  const lisaId = await practise(request, organization, lisa)

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/students/${lisaId}`)
  await expect(page.getByRole('heading', { name: 'Lisa Simpson', level: 1 })).toBeVisible()
  const reports = page.getByRole('region', { name: 'Activity reports' })

  // at 1440 px the details are as wide as the reports under them, the profile and the classes side by side
  await page.setViewportSize({ width: 1440, height: 900 })
  const details = (await page.locator('[data-person-details]').boundingBox())!
  const reportsBox = (await reports.boundingBox())!
  expect(Math.abs(details.width - reportsBox.width)).toBeLessThan(2)
  const profileBox = (await page.getByRole('region', { name: 'Profile' }).boundingBox())!
  const classesBox = (await page.locator('[data-person-classes="student"]').boundingBox())!
  expect(classesBox.y).toBe(profileBox.y)
  expect(classesBox.x).toBeGreaterThan(profileBox.x + profileBox.width)

  // §4: this month, daily
  await expect(reports.getByRole('button', { name: 'Date shortcuts: This month' })).toBeVisible()
  await expect(reports.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  // a learner's own overview counts no active learners (it could only say 1)
  await expect(page.getByTestId('overview-active')).toHaveCount(0)
  await expect(page.getByTestId('learner-lastScore').locator('dd')).toContainText('64%')
  await expect(page.getByTestId('learner-assessment').locator('dd')).toContainText('71%')
  await expect(lessonsChart(page)).toBeVisible()
  // the chart reads from the keyboard: a period's tooltip
  await lessonsChart(page).focus()
  await page.keyboard.press('End')
  await expect(reports.getByRole('status').filter({ hasText: 'Lessons:' })).toBeVisible()
  await page.keyboard.press('Tab')
  await screenAtWidths(page, 'student-reports', () => expect(lessonsChart(page)).toBeVisible())

  // no date after tomorrow
  const tomorrow = Temporal.Now.plainDateISO(ZONE).add({ days: 1 }).toString()
  await expect(reports.getByLabel('To')).toHaveAttribute('max', tomorrow)
  // dates typed that make no interval are refused by the range's machine: its message, the dates as
  // typed, the report unchanged; a one-day range ending tomorrow is taken
  const dayAfterTomorrow = Temporal.Now.plainDateISO(ZONE).add({ days: 2 }).toString()
  await reports.getByLabel('To').fill(dayAfterTomorrow)
  await expect(reports.getByRole('alert')).toHaveText('Pick a start date before the end date, no later than tomorrow.')
  await expect(reports.getByLabel('To')).toHaveValue(dayAfterTomorrow)
  await expect(reports.getByRole('button', { name: 'Date shortcuts: This month' })).toBeVisible()
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  await reports.getByLabel('From').fill(tomorrow)
  await expect(reports.getByRole('alert')).toBeVisible()
  await reports.getByLabel('To').fill(tomorrow)
  await expect(reports.getByRole('alert')).toHaveCount(0)
  await expect(reports.getByRole('button', { name: 'Date shortcuts: Custom dates' })).toBeVisible()
  await expect(overviewFigure(page, 'lessons')).toHaveText('0')
  await reports.getByRole('button', { name: 'Date shortcuts: Custom dates' }).click()
  await page.getByRole('menuitem', { name: 'This month' }).click()
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')

  // weekly: the periods are weeks, named by their Saturday (the table stands for the chart)
  await reports.getByRole('button', { name: 'Weekly' }).click()
  await expect(reports.getByRole('button', { name: 'Weekly' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  const lessonsCard = page.getByRole('region', { name: 'Number of lessons practiced' })
  await lessonsCard.getByRole('button', { name: 'Show as table' }).click()
  const weeks = lessonsCard.getByRole('table').locator('tbody th[scope=row]')
  await expect(weeks.first()).toBeVisible()
  const saturdays = await weeks.allTextContents()
  expect(saturdays.length).toBeGreaterThan(0)
  const year = Temporal.Now.plainDateISO(ZONE).year
  for (const label of saturdays) {
    // "Nov 21": the date of a Saturday this year or the last
    const saturday = [year, year - 1].some((y) => {
      const date = new Date(`${label} ${y} 12:00`)
      return !Number.isNaN(date.getTime()) && date.getDay() === 6
    })
    expect(saturday, `${label} is a Saturday`).toBe(true)
  }
  await lessonsCard.getByRole('button', { name: 'Show as chart' }).click()

  // last month: the lesson of the 15th was done before she joined, so the school counts none
  await reports.getByRole('button', { name: 'Date shortcuts: This month' }).click()
  await page.getByRole('menuitem', { name: 'Last month' }).click()
  await expect(reports.getByRole('button', { name: 'Date shortcuts: Last month' })).toBeVisible()
  await expect(overviewFigure(page, 'lessons')).toHaveText('0')

  // back to this month: the lesson detail, newest first
  await reports.getByRole('button', { name: 'Date shortcuts: Last month' }).click()
  await page.getByRole('menuitem', { name: 'This month' }).click()
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  await reports.getByRole('button', { name: 'Lesson detail' }).click()
  const detail = page.getByRole('dialog', { name: 'Lesson detail' })
  const lessonRows = detail.getByRole('row')
  await expect(lessonRows).toHaveCount(3)
  await expect(lessonRows.nth(1).getByRole('cell').nth(1)).toHaveText('At the bank')
  await expect(lessonRows.nth(1).getByRole('cell').nth(2)).toHaveText('')
  await expect(lessonRows.nth(2).getByRole('cell').nth(2)).toHaveText('79%')
  await expect(lessonRows.nth(2).getByRole('cell').nth(3)).toHaveText(/^(0[1-9]|1[0-2]):\d{2}(AM|PM) \d{2}\/\d{2}\/\d{4}$/)
  await screenAtWidths(page, 'student-lesson-detail', () => expect(lessonRows.nth(2)).toBeVisible())
  await detail.getByRole('button', { name: 'Close' }).click()

  // the assessment history, its skills opened
  await reports.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: 'Assessment history' })
  await expect(history.getByRole('row').nth(1)).toContainText('71%')
  await history.getByRole('button', { name: 'Skills (2)' }).click()
  await expect(history.getByRole('listitem').filter({ hasText: 'TH sound' })).toBeVisible()
  await expect(history.getByRole('listitem').filter({ hasText: 'TH sound' })).toHaveText('TH sound55%')
  await expect(history.getByRole('listitem').filter({ hasText: 'Word stress' })).toHaveText('Word stress81%')
  await screenAtWidths(page, 'student-assessment-history', () => expect(history.getByRole('listitem').filter({ hasText: 'TH sound' })).toBeVisible())
})

/**
 * A class's reports (001 §2 class details: the time-tracking section, the students tab's exports): a
 * learner of the class practises, an admin opens the class's "Time tracking", reads the overview, the
 * weekly active students and the minutes per student, then exports the activity report as CSV from the
 * students tab and reads the file.
 */
test('an admin reads a class\'s reports and exports its activity report as CSV', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Shelbyville Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  const bart = await member(request, organization, newPerson('bart', 'Bart', 'Simpson'), 'student')
  const session = await login(request, owner.email, owner.password)
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(session.token),
    data: { name: 'Grade 4 B', start_date: '2026-01-01', end_date: '2099-12-31' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id: groupId } = (await created.json()) as { id: number }
  const bartId = await practise(request, organization, bart)
  const added = await request.post(`/v1/groups/${groupId}/users`, { headers: bearer(session.token), data: { user_ids: [bartId] } })
  expect(added.status(), await added.text()).toBeLessThan(300)

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes/${groupId}`)
  await expect(page.getByRole('heading', { name: 'Grade 4 B', level: 1 })).toBeVisible()
  // the overview's figures (GET /v1/reports/group/{id}/): Bart's last score, his two lessons this month
  const summary = page.getByRole('region', { name: 'Progress over the period' })
  await expect(summary.getByTestId('class-assessment')).toContainText('64%')
  await expect(summary.getByTestId('class-assessment')).toContainText('Assessed: 1 of 1')
  await expect(summary.getByTestId('overview-lessons').locator('dd')).toHaveText('2')
  await expect(summary.getByRole('region', { name: 'Active each period (%)' })).toBeVisible()
  await expect(summary.getByRole('region', { name: 'Progress (EPS)' })).toBeVisible()
  await page.getByRole('button', { name: '3. Time tracking' }).click()
  const reports = page.getByRole('region', { name: 'Activity reports' })
  await expect(reports.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  await expect(overviewFigure(page, 'active')).toHaveText('1')
  await expect(page.getByRole('region', { name: 'Weekly active students' })).toBeVisible()
  // this month by day, one column a day: 300 s and 150 s today (7.5 minutes, shown rounded), nothing before
  const minutes = page.getByRole('region', { name: 'Time tracking' }).getByRole('row').filter({ hasText: 'Bart Simpson' }).getByRole('cell')
  const today = Temporal.Now.plainDateISO(ZONE)
  await expect(minutes).toHaveCount(today.day)
  await expect(minutes.last()).toHaveText('8')
  if (today.day > 1) await expect(minutes.first()).toHaveText('0')
  await screenAtWidths(page, 'class-reports', async () => {
    await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  })

  await page.getByRole('button', { name: '2. Students' }).click()
  await page.getByRole('button', { name: 'Export' }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Activity report (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^Grade 4 B Activity Report .*\.csv$/)
  const text = await readFile((await download.path())!, 'utf8')
  const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)
  expect(header).toContain('Student email')
  expect(rows).toHaveLength(1)
  expect(rows[0]).toContain(bart.email)
})

/**
 * A teacher's reports on the teacher details page (000 §2 teacher detail): the students of the
 * teacher's two classes practise, one of them in both classes, and a third student in no class of the
 * teacher; an admin opens the teacher's details and reads the overview and the charts of this month over
 * the teacher's students only, each counted once, then changes the scope.
 */
test("an admin reads a teacher's reports over the students of the teacher's classes", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Ogdenville Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  const edna = await member(request, organization, newPerson('edna', 'Edna', 'Krabappel'), 'teacher')
  const milhouse = await member(request, organization, newPerson('milhouse', 'Milhouse', 'Van Houten'), 'student')
  const nelson = await member(request, organization, newPerson('nelson', 'Nelson', 'Muntz'), 'student')
  const ednaId = (await login(request, edna.email, edna.password)).user_id
  const milhouseId = await practise(request, organization, milhouse)
  await practise(request, organization, nelson)
  const session = await login(request, owner.email, owner.password)
  for (const name of ['Grade 4 A', 'Grade 4 B']) {
    const created = await request.post(`/v1/groups/${organization.id}/`, {
      headers: bearer(session.token),
      data: { name, start_date: '2026-01-01', end_date: '2099-12-31', owner: ednaId },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const added = await request.post(`/v1/groups/${id}/users`, { headers: bearer(session.token), data: { user_ids: [milhouseId] } })
    expect(added.status(), await added.text()).toBeLessThan(300)
  }

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/teachers/${ednaId}`)
  await expect(page.getByRole('heading', { name: 'Edna Krabappel', level: 1 })).toBeVisible()
  const reports = page.getByRole('region', { name: 'Activity reports' })
  await expect(reports.getByRole('button', { name: 'Date shortcuts: This month' })).toBeVisible()
  await expect(reports.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true')
  // Milhouse's two lessons this month, once though he is in both classes; not Nelson's
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  await expect(overviewFigure(page, 'active')).toHaveText('1')
  await expect(lessonsChart(page)).toBeVisible()
  await expect(reports.getByRole('region', { name: 'Weekly active students' })).toBeVisible()
  await expect(reports.getByRole('region', { name: 'Students improvement' })).toBeVisible()
  await reports.getByRole('button', { name: 'Monthly' }).click()
  await expect(reports.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overviewFigure(page, 'lessons')).toHaveText('2')
  await screenAtWidths(page, 'teacher-reports', () => expect(lessonsChart(page)).toBeVisible())
})
