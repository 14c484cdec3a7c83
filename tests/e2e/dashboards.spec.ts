import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, practiceRolledUp, type Organization, type Person, type Session } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { logIn } from './support/ui'

/**
 * The dashboards (spec 001 §2 Dashboards, §8): each role lands on its own after logging in, on data
 * built through the API, practice included (recorded as the mobile app does, POST /v1/practice/events/).
 * The admin's counts, the week's activity and who has not practised; the teacher's class cards (with
 * the load failure of §8 and a retry); the student's start-learning view before practising and its own
 * week after; each says as of when its practice figures hold (issue 19). The week runs Saturday to Friday; its figures, the teacher's learners and the weak-goal
 * alerts are counted exactly by the API tests (tests/api/dashboards.test.ts).
 */

const accept = async (request: APIRequestContext, person: Person, link: URL): Promise<Session> => {
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
  return session
}

interface School {
  organization: Organization
  owner: Person
  ownerSession: Session
  teacher: Person
  teacherSession: Session
  students: { person: Person; session: Session }[]
  classId: number
}

/** A school with its admin, a teacher owning a class with goals, two students, and one invitation still pending. */
const school = async (request: APIRequestContext, name: string): Promise<School> => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName(name), { owner: owner.email })
  const ownerSession = await accept(request, owner, (await newestMailLink(request, owner.email, '/invite')).link)
  const teacher = await createAccount(request, newPerson('teacher', 'Edna', 'Krabappel'))
  const teacherSession = await accept(request, teacher, await invite(request, organization, teacher.email, 'teacher'))
  const students = []
  for (const [first, last] of [
    ['Lisa', 'Simpson'],
    ['Bart', 'Simpson'],
  ] as const) {
    const person = await createAccount(request, newPerson(first.toLowerCase(), first, last))
    students.push({ person, session: await accept(request, person, await invite(request, organization, person.email)) })
  }
  await invite(request, organization, `pending-${Date.now()}@example.com`)
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(ownerSession.token),
    data: { name: 'Algebra', start_date: '2026-01-01', end_date: '2099-12-31', owner: teacherSession.user_id },
  })
  expect(created.status()).toBe(201)
  const classId = ((await created.json()) as { id: number }).id
  const goals = await request.post(`/v1/assignments/${classId}/`, { headers: bearer(ownerSession.token), data: { practice_days_per_week: 3, practice_minutes_per_day: 10 } })
  expect(goals.status()).toBe(200)
  return { organization, owner, ownerSession, teacher, teacherSession, students, classId }
}

/** Practice recorded as the mobile app records it, with the learner's own session. */
const practise = async (request: APIRequestContext, session: Session, organizationId: number, events: Record<string, unknown>[]) => {
  const response = await request.post('/v1/practice/events/', { headers: bearer(session.token), data: { events } })
  expect(response.status(), await response.text()).toBeLessThan(300)
  // the server rolls the events up a moment after its answer
  const last = events.map((event) => String(event.occurred_at)).sort((a, b) => new Date(a).getTime() - new Date(b).getTime()).pop()!
  await practiceRolledUp(request, session, organizationId, last)
}
const lesson = (id: string, seconds: number) => ({
  client_event_id: id,
  kind: 'lesson',
  // now, after the learner joined: an organization counts only what its learners did as its members
  occurred_at: new Date().toISOString(),
  module_name: 'Everyday English',
  lesson_name: 'Ordering coffee',
  difficulty_level: 'beginner',
  seconds,
  native_score: 80,
})

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`)
/** The time zone of the organizations the support creates. */
const organizationTimeZone = 'America/Los_Angeles'

test("an admin lands on the organization's dashboard: counts with their lists, the week's activity, who has not practised", async ({ page, request }) => {
  const place = await school(request, 'Dashboard School')
  await practise(request, place.students[0]!.session, place.organization.id, [lesson('lisa-1', 420), lesson('lisa-2', 300)])

  await logIn(page, place.owner)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(figure(page, 'Students')).toContainText('2')
  await expect(figure(page, 'Teachers')).toContainText('1')
  await expect(figure(page, 'Classes')).toContainText('1')
  await expect(figure(page, 'Pending invitations')).toContainText('1')
  await expect(page.getByText('1 of 2 active this week')).toBeVisible()
  // §9: the week runs from Saturday to Friday in the organization's time zone, and says so
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: organizationTimeZone }).format(new Date()).split('-').map(Number) as [number, number, number]
  const today = new Date(Date.UTC(year, month - 1, day))
  const saturday = new Date(today.getTime() - ((today.getUTCDay() + 1) % 7) * 86_400_000)
  const dayAfter = (days: number) => new Date(saturday.getTime() + days * 86_400_000)
  const shown = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`
  await expect(page.getByText(`This week, Saturday to Friday: ${shown(saturday)} – ${shown(dayAfter(6))}`)).toBeVisible()
  // issue 19: the practice figures say how fresh they are, a moment ago, by the clock of the viewer; Refresh renews it
  const asOf = page.getByTestId('as-of')
  await expect(asOf).toBeVisible()
  await expect(asOf.locator('time')).toHaveText(/^As of \d{1,2}:\d{2}\s?(AM|PM)?$/)
  await expect(asOf).toContainText(/Practice figures as of \w+day, /)
  const shownAsOf = Date.parse((await asOf.locator('time').getAttribute('datetime'))!)
  expect(shownAsOf).toBeLessThanOrEqual(Date.now())
  expect(shownAsOf).toBeGreaterThan(Date.now() - 60_000)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect.poll(async () => Date.parse((await asOf.locator('time').getAttribute('datetime'))!)).toBeGreaterThan(shownAsOf)
  const days = page.getByRole('region', { name: "This week's activity" }).getByRole('listitem')
  await expect(days).toHaveCount(7)
  await expect(days.first()).toHaveAttribute('aria-label', new RegExp(`^Saturday ${shown(saturday)}: \\d+ active$`))
  const notPractised = page.getByRole('region', { name: 'Not practised this week' })
  await expect(notPractised.getByRole('link', { name: 'Bart Simpson' })).toBeVisible()
  await expect(notPractised.getByRole('link', { name: 'Lisa Simpson' })).toHaveCount(0)
  // side by side, a short panel is as tall as its content, not as its neighbour: three links beside the week's bars
  await page.setViewportSize({ width: 1440, height: 900 })
  const manage = (await page.getByRole('region', { name: 'Manage' }).boundingBox())!
  const activity = (await page.getByRole('region', { name: "This week's activity" }).boundingBox())!
  expect(manage.y).toBe(activity.y)
  expect(manage.height).toBeLessThan(activity.height - 20)
  const card = page.locator('[data-class-card="Algebra"]')
  await expect(card).toContainText('Teacher: Edna Krabappel')
  await expect(card).toContainText('Goal: 3 days a week, 10 minutes a day')
  await expect(card.getByRole('link', { name: 'View class' })).toHaveAttribute('href', `/organization/${place.organization.id}/classes/${place.classId}`)
  await expect(figure(page, 'Students').getByRole('link', { name: 'Invite by e-mail' })).toHaveAttribute('href', `/organization/${place.organization.id}/students/new`)
  await expect(figure(page, 'Classes').getByRole('link', { name: 'Import classes' })).toHaveAttribute('href', `/organization/${place.organization.id}/classes/import`)
  // a new class opens the wizard, not the list (issue 22)
  await expect(figure(page, 'Classes').getByRole('link', { name: 'New class' })).toHaveAttribute('href', `/organization/${place.organization.id}/classes/new`)
  await screenAtWidths(page, 'dashboard-admin', () => expect(page.getByText('1 of 2 active this week')).toBeVisible())

  // by keyboard: the students' "View all" leads to the student list
  await figure(page, 'Students').getByRole('link', { name: 'View all: Students' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/organization/${place.organization.id}/students$`))
})

test("a teacher's dashboard shows its classes as cards, says 'Could not load resource' when loading fails, and tries again", async ({ page, request }) => {
  const place = await school(request, 'Teacher Dashboard School')
  let failing = true
  await page.route('**/v1/organizations/*/dashboard/', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Internal error' }) }) : route.continue(),
  )
  await logIn(page, place.teacher)
  await expect(page.getByText('Could not load resource')).toBeVisible()
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()

  await expect(page.getByRole('heading', { name: 'My classes', level: 2 })).toBeVisible()
  const card = page.locator('[data-class-card="Algebra"]')
  await expect(card.getByRole('heading', { name: 'Algebra' })).toBeVisible()
  await expect(card).toContainText('Active')
  await expect(card.getByRole('progressbar')).toBeVisible()
  await expect(card.getByRole('link', { name: 'View class' })).toHaveAttribute('href', `/organization/${place.organization.id}/classes/${place.classId}`)
  await expect(figure(page, 'Students').getByRole('link', { name: 'View all: Students' })).toHaveAttribute('href', `/organization/${place.organization.id}/students`)
  // no learner is in its class yet: an honest empty overview
  await expect(page.getByText('0 of 0 active this week')).toBeVisible()
  await expect(page.getByText('Nobody to follow yet.')).toBeVisible()
  await expect(page.getByText('Nobody is below a goal this week.')).toBeVisible()
  await screenAtWidths(page, 'dashboard-teacher', () => expect(card).toBeVisible())
})

test("a student starts with the start-learning view, then sees its own week, level and classes' goals", async ({ page, request }) => {
  const place = await school(request, 'Student Dashboard School')
  const bart = place.students[1]!
  await logIn(page, bart.person)
  await expect(page.getByRole('heading', { name: 'Start learning', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send the link by e-mail' })).toBeVisible()

  await practise(request, bart.session, place.organization.id, [
    lesson('bart-1', 600),
    {
      client_event_id: 'bart-assessment-1',
      kind: 'assessment',
      occurred_at: new Date(Date.now() + 1_000).toISOString(),
      eps: 72.4,
      overall_score: 70,
      pronunciation: 68,
      intonation: 74,
      fluency: 70,
      skills: [{ name: 'TH sound', score: 55 }],
    },
  ])
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(figure(page, 'Days practised this week')).toContainText('1')
  await expect(figure(page, 'Minutes this week')).toContainText('10')
  await expect(figure(page, 'Lessons this week')).toContainText('1')
  await expect(page.getByTestId('level')).toHaveText('72%')
  await expect(page.getByText('No classes yet.')).toBeVisible()
  await expect(page.getByTestId('as-of').locator('time')).toHaveText(/^As of \d{1,2}:\d{2}/)
  await screenAtWidths(page, 'dashboard-student', () => expect(page.getByTestId('level')).toBeVisible())

  // the class list refuses a student: no Classes in the navigation, and its address leads here
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Classes' })).toHaveCount(0)
  await page.goto(`/organization/${place.organization.id}/classes`)
  await expect(page).toHaveURL(new RegExp(`/organization/${place.organization.id}/dashboard$`))
  await expect(page.getByTestId('level')).toHaveText('72%')
})

test("an admin who arrives logged in gets the dashboard's figures read beside the session's restore, once", async ({ page, request }) => {
  const { organization, owner } = await school(request, 'Arrival')
  await logIn(page, owner)
  // the account's restore is held back: the dashboard's read goes out meanwhile (src/app/route-data.ts)
  let releaseAccount: () => void = () => undefined
  const accountHeld = new Promise<void>((resolve) => (releaseAccount = resolve))
  await page.route('**/v1/accounts/*', async (route) => {
    await accountHeld
    await route.continue()
  })
  const reads: string[] = []
  page.on('request', (sent) => {
    if (sent.url().includes(`/v1/organizations/${organization.id}/dashboard/`)) reads.push(sent.url())
  })
  await page.reload()
  await expect.poll(() => reads.length, { message: 'the dashboard is read before the account is restored' }).toBe(1)
  releaseAccount()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByText('Students', { exact: true }).first()).toBeVisible()
  // the dashboard's flow took the read sent ahead: no second request
  await page.waitForLoadState('networkidle')
  expect(reads).toHaveLength(1)
})

test("the dates are the browser's Temporal's where it has one, and the polyfill's where it has not", async ({ page, browser, request }) => {
  const { owner } = await school(request, 'Temporal')
  const polyfill = (loaded: string[]) => loaded.filter((url) => /\/assets\/(?:shim|temporal-polyfill)-[\w-]+\.js$/.test(url))
  const week = /This week, Saturday to Friday: \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/

  const native: string[] = []
  page.on('request', (sent) => native.push(sent.url()))
  await logIn(page, owner)
  await expect(page.getByText(week)).toBeVisible()
  expect(await page.evaluate(() => 'Temporal' in globalThis)).toBe(true)
  expect(polyfill(native)).toEqual([])

  // a browser without Temporal (this Chromium, its Temporal taken away before the app starts)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  await context.addInitScript(() => delete (globalThis as { Temporal?: unknown }).Temporal)
  const older = await context.newPage()
  const loaded: string[] = []
  older.on('request', (sent) => loaded.push(sent.url()))
  await logIn(older, owner)
  await expect(older.getByText(week)).toBeVisible()
  expect(polyfill(loaded)).toHaveLength(1)
  await context.close()
})
