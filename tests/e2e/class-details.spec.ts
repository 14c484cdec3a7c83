import { expect, test, type APIRequestContext } from '@playwright/test'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, uniqueEmail, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths, shot } from './support/screens'
import { logIn, toast } from './support/ui'

/**
 * Class details (spec 001 §2 Class details, §6): an admin opens a class from the list, adds students by
 * pasting e-mails (one a student of the organization, who joins; one new, who is invited), removes the
 * student after a confirmation, and assigns a teacher; the teacher then sees only their classes.
 * Screenshots of the page at 360 and 1440 px.
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

test('an admin adds students by e-mail, removes one after confirming, assigns a teacher; the teacher sees only their classes', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Details School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await accept(request, owner, link)
  const student = await createAccount(request, newPerson('pupil', 'Bart', 'Simpson'))
  await accept(request, student, await invite(request, organization, student.email, 'student'))
  const teacher = await createAccount(request, newPerson('teacher', 'Edna', 'Krabappel'))
  const teacherSession = await accept(request, teacher, await invite(request, organization, teacher.email, 'teacher'))
  for (const name of ['Grade 4 A', 'Grade 5 B']) {
    const created = await request.post(`/v1/groups/${organization.id}/`, {
      headers: bearer(session.token),
      data: { name, start_date: '2026-01-01', end_date: '2099-12-31' },
    })
    expect(created.status()).toBe(201)
  }

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes`)
  await page.getByRole('link', { name: 'Grade 4 A' }).click()
  await expect(page.getByRole('heading', { name: 'Grade 4 A', level: 1 })).toBeVisible()
  await expect(page.getByText('0 students')).toBeVisible()
  await expect(page.getByText('No goals set')).toBeVisible()
  await expect(page.getByText('No teacher assigned.')).toBeVisible()

  // students: paste two addresses
  await page.getByRole('button', { name: '2. Students' }).click()
  await page.getByRole('button', { name: 'Invite students' }).click()
  await page.getByRole('menuitem', { name: 'Paste e-mails' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add students to Grade 4 A' })
  const newcomer = uniqueEmail('newcomer')
  const emails = dialog.getByRole('textbox', { name: 'Email addresses' })
  await emails.pressSequentially(`${student.email},`)
  await expect(dialog.getByRole('button', { name: `Remove ${student.email}` })).toBeVisible()
  await emails.pressSequentially(`${newcomer},`)
  await expect(dialog.getByRole('button', { name: `Remove ${newcomer}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Invite students' }).click()
  await expect(toast(page, '1 added, 1 invited, 0 skipped.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Bart Simpson' })
  await expect(row).toBeVisible()
  await expect(row).toContainText('00:00:00')

  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('[role=region]'))
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
    )
    // nothing but the table's own scroll region is wider than the screen
    expect(wide).toEqual([])
    await shot(page, `class-details-students-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // removing asks first
  await row.getByRole('button', { name: 'Remove Bart Simpson from the class' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove Bart Simpson from Grade 4 A?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Remove Bart Simpson from the class' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expect(toast(page, 'Bart Simpson was removed from the class.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Bart Simpson' })).toHaveCount(0)

  // the overview: counts, and the teacher
  await page.getByRole('button', { name: '1. Overview' }).click()
  await expect(page.getByText('Pending invites: 1')).toBeVisible()
  await page.getByRole('button', { name: 'Assign teacher' }).click()
  const assign = page.getByRole('dialog', { name: 'Assign teacher' })
  await assign.getByRole('textbox', { name: "Teacher's e-mail" }).fill(teacher.email)
  await assign.getByRole('button', { name: 'Assign teacher' }).click()
  await expect(toast(page, 'The teacher was assigned.')).toBeVisible()
  await expect(page.getByText(teacher.email)).toBeVisible()
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, `class-details-overview-${width}`)
  }

  // the teacher-only actions of the profile: assigned to one more class, removed from it after a confirmation
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/organization/${organization.id}/users/${teacherSession.user_id}`)
  await expect(page.getByRole('link', { name: 'Grade 4 A' })).toBeVisible()
  await page.getByRole('button', { name: 'Assign to classes' }).click()
  const choose = page.getByRole('dialog', { name: 'Assign Edna Krabappel to classes' })
  await expect(choose.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled()
  await choose.getByText('Grade 5 B').click()
  await choose.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(toast(page, 'Edna Krabappel teaches 1 more class.')).toBeVisible()
  await page.getByRole('button', { name: 'Remove from Grade 5 B' }).click()
  await page.getByRole('alertdialog', { name: 'Remove Edna Krabappel from Grade 5 B?' }).getByRole('button', { name: 'Remove' }).click()
  await expect(toast(page, 'Edna Krabappel no longer teaches Grade 5 B.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Grade 5 B' })).toHaveCount(0)

  // the teacher sees their class only
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await logIn(page, teacher)
  await page.goto(`/organization/${organization.id}/classes`)
  await expect(page.getByRole('link', { name: 'Grade 4 A' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Grade 5 B' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Grade 4 A' }).click()
  await expect(page.getByRole('heading', { name: 'Grade 4 A', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Assign teacher' })).toHaveCount(0)
})

test("a company's team page speaks of its employees and leader, not of students and teachers", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('company-owner', 'Mona', 'Lisa'))
  const organization = await createOrganization(request, organizationName('Details Company'), { type: 'company', owner: owner.email })
  const session = await accept(request, owner, (await newestMailLink(request, owner.email, '/invite')).link)
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(session.token),
    data: { name: 'Sales', start_date: '2026-01-01', end_date: '2099-12-31' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes/${id}`)
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Team sections' })).toBeVisible()
  await expect(page.getByText('0 employees')).toBeVisible()
  await expect(page.getByText('No leader assigned.')).toBeVisible()
  await expect(page.getByText(/teacher|student|class/i)).toHaveCount(0)

  await page.getByRole('button', { name: 'Assign leader' }).click()
  const assign = page.getByRole('dialog', { name: 'Assign leader' })
  await assign.getByRole('textbox', { name: "Leader's e-mail" }).fill(uniqueEmail('lead'))
  await assign.getByRole('button', { name: 'Assign leader' }).click()
  await expect(toast(page, 'The leader was invited.')).toBeVisible()
  await expect(page.getByText('Pending leader invite')).toBeVisible()

  await page.getByRole('button', { name: '2. Employees' }).click()
  await page.getByRole('button', { name: 'Invite employees' }).click()
  await page.getByRole('menuitem', { name: 'Paste e-mails' }).click()
  await expect(page.getByRole('dialog', { name: 'Add employees to Sales' })).toBeVisible()
})

test("removing a pending invite from one class's list keeps the person invited to the other class", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('two-classes-owner', 'Elizabeth', 'Hoover'))
  const organization = await createOrganization(request, organizationName('Two Classes School'), { owner: owner.email })
  const session = await accept(request, owner, (await newestMailLink(request, owner.email, '/invite')).link)
  const ids: number[] = []
  for (const name of ['Reading', 'Writing']) {
    const created = await request.post(`/v1/groups/${organization.id}/`, {
      headers: bearer(session.token),
      data: { name, start_date: '2026-01-01', end_date: '2099-12-31' },
    })
    expect(created.status()).toBe(201)
    ids.push(((await created.json()) as { id: number }).id)
  }
  const invitee = uniqueEmail('both-classes')
  for (const id of ids) {
    const added = await request.post(`/v1/groups/${id}/users`, { headers: bearer(session.token), data: { emails: [invitee] } })
    expect(added.status()).toBe(200)
  }

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes/${ids[0]}`)
  await page.getByRole('button', { name: 'Pending invites (1)' }).click()
  const modal = page.getByRole('dialog', { name: 'Pending invites' })
  // the class's own name, not "Invitations to Classes" (issue 22)
  await expect(modal).toContainText('Invitations to Reading that have not been accepted yet.')
  await modal.getByRole('button', { name: `Remove the invite of ${invitee}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove the invite of ${invitee}?` })
  await expect(confirm).toContainText('is no longer invited to this class. Their invitations to other classes stay.')
  await confirm.getByRole('button', { name: 'Remove invite' }).click()
  await expect(modal.getByRole('row').filter({ hasText: invitee })).toHaveCount(0)
  await modal.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByRole('button', { name: /^Pending invites/ })).toHaveCount(0)

  await page.goto(`/organization/${organization.id}/classes/${ids[1]}`)
  await expect(page.getByRole('heading', { name: 'Writing', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pending invites (1)' })).toBeVisible()
})

test("an admin uploads a file of e-mails to a class from its students tab: the organization's students join, new people are invited, the others are skipped with their reason", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Upload School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await accept(request, owner, link)
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(session.token),
    data: { name: 'Grade 6 C', start_date: '2026-01-01', end_date: '2099-12-31' },
  })
  expect(created.status()).toBe(201)
  const { id: groupId } = (await created.json()) as { id: number }
  // a student of the school not in the class yet, and one in it already (issue 9: the upload skipped both)
  const bart = await createAccount(request, newPerson('pupil', 'Bart', 'Simpson'))
  await accept(request, bart, await invite(request, organization, bart.email, 'student'))
  const lisa = await createAccount(request, newPerson('pupil', 'Lisa', 'Simpson'))
  await accept(request, lisa, await invite(request, organization, lisa.email, 'student'))
  expect((await request.post(`/v1/groups/${groupId}/users`, { headers: bearer(session.token), data: { emails: [lisa.email] } })).status()).toBe(200)

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/classes/${groupId}`)
  await page.getByRole('button', { name: '2. Students' }).click()
  await page.getByRole('button', { name: 'Invite students' }).click()
  await page.getByRole('menuitem', { name: 'Upload e-mails' }).click()
  const dialog = page.getByRole('region', { name: 'Invite from a file' })
  const newcomer = uniqueEmail('filed')
  await dialog.getByLabel('Choose a file').setInputFiles({
    name: 'class.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`E-mail\n${newcomer}\nnot-an-email\n${bart.email}\n${lisa.email}\n`),
  })
  await expect(dialog.getByText('4 rows: 2 to invite, 2 with a problem')).toBeVisible()
  await expect(dialog.getByRole('row').filter({ hasText: lisa.email })).toContainText('Already in this class')
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click()
  await page.getByRole('alertdialog', { name: 'Send the invitations?' }).getByRole('button', { name: 'Yes, send' }).click()
  await expect(dialog.getByText('1 added, 1 invited, 2 skipped.')).toBeVisible()
  await expect(dialog.getByText('Skipped: not an e-mail address (1), already in the class (1).')).toBeVisible()
  // the student who joined is in the table, which scrolls in its region at 360 px, not the page
  await screenAtWidths(page, 'class-students-tab', () => expect(page.getByRole('row').filter({ hasText: 'Bart Simpson' })).toBeVisible())

  // the invitation is the class's: its pending invitations list it
  await newestMailLink(request, newcomer, '/invite')
  const pending = await request.get(`/v1/invitations/group/${groupId}/`, { headers: bearer(session.token) })
  expect(((await pending.json()) as { results: { email: string }[] }).results.map((row) => row.email)).toEqual([newcomer])
})

test("the class page's first view brings no code of its dialogs, other tabs and charts below it: pointing at a button fetches its dialog's before it opens", async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('On Demand School'), { owner: owner.email })
  const session = await accept(request, owner, (await newestMailLink(request, owner.email, '/invite')).link)
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(session.token),
    data: { name: 'Grade 3 C', start_date: '2026-01-01', end_date: '2099-12-31' },
  })
  expect(created.status()).toBe(201)
  const groupId = ((await created.json()) as { id: number }).id
  expect((await request.post(`/v1/groups/${groupId}/users`, { headers: bearer(session.token), data: { emails: [uniqueEmail('waiting')] } })).status()).toBe(200)

  // a phone's screen: the overview's charts are more than a screen below it
  await page.setViewportSize({ width: 360, height: 640 })
  await logIn(page, owner)
  const scripts: string[] = []
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname.split('/').pop()!)
  })
  const fetched = (name: string) => scripts.some((file) => file.startsWith(`${name}-`))
  await page.goto(`/organization/${organization.id}/classes/${groupId}`)
  await expect(page.getByRole('heading', { name: 'Grade 3 C', level: 1 })).toBeVisible()
  const chip = page.getByRole('button', { name: 'Pending invites (1)' })
  await expect(chip).toBeVisible()
  await expect(page.getByText('No goals set')).toBeVisible()
  // the overview is whole, and none of what it does not show came with it
  const notShown = ['ClassDialogs', 'AddStudentsDialog', 'UploadStudents', 'ClassStudentsTab', 'ClassReports', 'PendingInvitesDialog', 'tags-input', 'use-file-import', 'ReportCharts']
  expect(notShown.filter(fetched)).toEqual([])
  // scrolled to the end of the page, the charts come
  await page.keyboard.press('End')
  await page.mouse.wheel(0, 10_000)
  await expect(page.getByRole('region', { name: 'Progress (EPS)' })).toBeVisible()
  expect(fetched('ReportCharts')).toBe(true)
  await page.mouse.wheel(0, -10_000)

  // pointing at the edit button fetches the dialogs' code; the dialog then opens with the class's name
  await page.getByRole('button', { name: 'Edit', exact: true }).hover()
  await expect.poll(() => fetched('ClassDialogs')).toBe(true)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const edit = page.getByRole('dialog')
  await expect(edit.getByRole('textbox', { name: 'Class name' })).toHaveValue('Grade 3 C')
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(edit).toHaveCount(0)

  // the pending invitations' modal comes the same way
  await chip.hover()
  await expect.poll(() => fetched('PendingInvitesDialog')).toBe(true)
  await chip.click()
  await expect(page.getByRole('dialog').getByRole('row')).not.toHaveCount(0)
  await page.keyboard.press('Escape')

  // a tab's content comes when it is chosen (a spinner meanwhile)
  await page.getByRole('button', { name: '2. Students' }).click()
  await expect(page.getByRole('button', { name: 'Invite students' })).toBeVisible()
  expect(fetched('ClassStudentsTab')).toBe(true)
})
