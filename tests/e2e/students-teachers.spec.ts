import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, type Organization, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { logIn, toast } from './support/ui'

/**
 * The student and teacher lists and details (spec §2, §6, §8): an admin sees both lists, searches,
 * sorts by name, opens a student and removes it after the confirmation, invites a teacher from the
 * teachers' invite mode (no role select); a teacher sees the students without the admin actions; a
 * student sees neither; the lists work from the keyboard. The teachers list counts each teacher's
 * classes and their students; the details show a student's first 3 classes and a teacher's counts
 * and first 5 classes.
 */

async function acceptInvitation(request: APIRequestContext, person: Person): Promise<void> {
  const { link } = await newestMailLink(request, person.email, '/invite')
  const token = link.pathname.split('/').pop() ?? ''
  const session = await login(request, person.email, person.password)
  const response = await request.post('/v1/accounts/invite/accept', { headers: bearer(session.token), data: { token, email: person.email } })
  expect(response.status(), await response.text()).toBe(200)
}

/** A person with an account who joined the organization in `role`. */
async function member(request: APIRequestContext, organization: Organization, person: Person, role: 'student' | 'teacher' | 'admin'): Promise<Person> {
  await createAccount(request, person)
  await invite(request, organization, person.email, role)
  await acceptInvitation(request, person)
  return person
}

async function asPerson(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await logIn(page, person)
  return page
}

/** A class from 2026 to 2099 (active), taught by `ownerId` when given, with these students. */
async function classWith(request: APIRequestContext, token: string, organization: Organization, name: string, ownerId: number | null, studentIds: number[]) {
  const created = await request.post(`/v1/groups/${organization.id}/`, {
    headers: bearer(token),
    data: { name, start_date: '2026-01-01', end_date: '2099-12-31', ...(ownerId ? { owner: ownerId } : {}) },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  if (studentIds.length === 0) return id
  const added = await request.post(`/v1/groups/${id}/users`, { headers: bearer(token), data: { user_ids: studentIds } })
  expect(added.status(), await added.text()).toBeLessThan(300)
  return id
}

const userId = async (request: APIRequestContext, person: Person) => (await login(request, person.email, person.password)).user_id

const table = (page: Page) => page.getByRole('table')
const classesOf = (page: Page) => page.getByRole('region', { name: 'Classes', exact: true })
const rows = (page: Page) => table(page).getByRole('row')

test('an admin lists students and teachers, searches, opens a student and removes it after confirming; a teacher sees the students without admin actions; a student sees neither', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Springfield Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  const teacher = await member(request, organization, newPerson('teacher', 'Edna', 'Krabappel'), 'teacher')
  const bart = await member(request, organization, newPerson('bart', 'Bart', 'Simpson'), 'student')
  const lisa = await member(request, organization, newPerson('lisa', 'Lisa', 'Simpson'), 'student')
  const milhouse = await member(request, organization, newPerson('milhouse', 'Milhouse', 'Van Houten'), 'student')
  const invitedStudent = newPerson('nelson')
  await invite(request, organization, invitedStudent.email, 'student')

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/students`)
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible()
  // students only, by first name
  await expect(rows(page)).toHaveCount(4)
  await expect(rows(page).nth(1)).toContainText('Bart Simpson')
  await expect(rows(page).nth(3)).toContainText('Milhouse Van Houten')
  await expect(table(page)).not.toContainText(owner.email)
  await expect(table(page)).not.toContainText(teacher.email)
  await screenAtWidths(page, 'students-list', () => expect(rows(page).nth(1)).toBeVisible())

  // the students' pending invitations only (the teacher's accepted one is not there)
  await page.getByRole('button', { name: 'Pending invites (1)' }).click()
  const pendingStudents = page.getByRole('dialog', { name: 'Pending invites' })
  await expect(pendingStudents).toContainText(invitedStudent.email)
  await pendingStudents.getByRole('button', { name: 'Close' }).last().click()

  // the name column turns the order around
  await page.getByRole('button', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sort=-first_name/)
  await expect(rows(page).nth(1)).toContainText('Milhouse Van Houten')

  // the search, kept in the URL
  await page.getByRole('searchbox', { name: 'Search students' }).fill('simpson')
  await expect(page).toHaveURL(/search=simpson/)
  await expect(rows(page)).toHaveCount(3)
  await page.getByRole('searchbox', { name: 'Search students' }).fill('nobody-here')
  await expect(page.getByText('Nobody matches the search.')).toBeVisible()

  // the invite menu has its two modes; the e-mail one opens the invite dialog over the list
  await page.getByRole('searchbox', { name: 'Search students' }).fill('')
  await expect(page).not.toHaveURL(/search=/)
  await expect(rows(page)).toHaveCount(4)
  await page.getByRole('button', { name: 'Invite', exact: true }).click()
  await expect(page.getByRole('menuitem', { name: 'Import users' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Invite by email' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/students/new$`))
  const dialog = page.getByRole('dialog', { name: 'Invite by email' })
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toContainText('Student')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/students$`))

  // a row opens the student's details: the profile box
  await rows(page).filter({ hasText: lisa.email }).getByRole('cell', { name: lisa.email }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/students/\\d+$`))
  await expect(page.getByRole('heading', { name: 'Lisa Simpson', level: 1 })).toBeVisible()
  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile).toContainText(lisa.email)
  await expect(profile).toContainText('Joined')
  await screenAtWidths(page, 'student-details', () => expect(profile).toBeVisible())

  // removing, after the confirmation; cancelling first changes nothing
  await page.getByRole('button', { name: 'Remove from organization' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove Lisa Simpson?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await page.getByRole('button', { name: 'Remove from organization' }).click()
  await confirm.getByRole('button', { name: 'Remove from organization' }).click()
  await expect(toast(page, `Lisa Simpson is no longer a student of ${organization.name}.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/students$`))
  await expect(rows(page)).toHaveCount(3)
  await expect(table(page)).not.toContainText(lisa.email)

  // the teachers: name and e-mail, the details with the roles, the invite mode without a role select
  await page.goto(`/organization/${organization.id}/teachers`)
  await expect(page.getByRole('heading', { name: 'Teachers', level: 1 })).toBeVisible()
  await expect(rows(page)).toHaveCount(2)
  await page.getByRole('link', { name: 'Edna Krabappel' }).click()
  await expect(page.getByRole('heading', { name: 'Edna Krabappel', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Roles' })).toContainText('Teacher')
  await screenAtWidths(page, 'teacher-details', () => expect(page.getByRole('region', { name: 'Profile' })).toBeVisible())
  // the teacher's department and title: a dash until an admin sets them in the edit dialog
  const profileValue = (label: string) => page.getByRole('region', { name: 'Profile' }).locator('dt', { hasText: label }).locator('+ dd')
  await expect(profileValue('Department')).toHaveText('—')
  await expect(profileValue('Title')).toHaveText('—')
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit user' })
  await edit.getByRole('textbox', { name: 'Title' }).fill('x'.repeat(101))
  await expect(edit.getByText('Enter at most 100 characters.')).toBeVisible()
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled()
  await edit.getByRole('textbox', { name: 'Department' }).fill('  Languages ')
  await edit.getByRole('textbox', { name: 'Title' }).fill('Head of English')
  await screenAtWidths(page, 'teacher-edit', () => expect(edit).toBeVisible())
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'The user was saved.')).toBeVisible()
  await expect(profileValue('Department')).toHaveText('Languages')
  await expect(profileValue('Title')).toHaveText('Head of English')
  await page.reload()
  await expect(profileValue('Title')).toHaveText('Head of English')
  await page.getByRole('link', { name: 'Back to teachers' }).click()
  await page.getByRole('button', { name: 'Invite by email' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/teachers/new$`))
  const inviteTeachers = page.getByRole('dialog', { name: 'Invite by email' })
  await expect(inviteTeachers.getByRole('combobox', { name: 'Role' })).toHaveCount(0)
  const newcomer = newPerson('newteacher')
  await inviteTeachers.getByRole('textbox', { name: 'Email addresses' }).pressSequentially(`${newcomer.email},`)
  await inviteTeachers.getByRole('button', { name: 'Send invitations' }).click()
  await expect(toast(page, '1 invitation sent.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/teachers$`))
  // the teachers' pending invitations: the new one, not the student's
  await page.getByRole('button', { name: 'Pending invites (1)' }).click()
  const pendingTeachers = page.getByRole('dialog', { name: 'Pending invites' })
  await expect(pendingTeachers).toContainText(newcomer.email)
  await expect(pendingTeachers).not.toContainText(invitedStudent.email)
  await pendingTeachers.getByRole('button', { name: 'Close' }).last().click()
  const mail = await newestMailLink(request, newcomer.email, '/invite')
  expect(mail.link.pathname).toMatch(/^\/invite\//)

  // a teacher sees the students and their details, without the admin actions
  const teacherPage = await asPerson(browser, teacher)
  await teacherPage.goto(`/organization/${organization.id}/students`)
  await expect(rows(teacherPage)).toHaveCount(3)
  await expect(teacherPage.getByRole('button', { name: 'Invite' })).toHaveCount(0)
  await teacherPage.getByRole('link', { name: 'Bart Simpson' }).click()
  await expect(teacherPage.getByRole('heading', { name: 'Bart Simpson', level: 1 })).toBeVisible()
  await expect(teacherPage.getByRole('region', { name: 'Profile' })).toContainText(bart.email)
  await expect(teacherPage.getByRole('button', { name: 'Remove from organization' })).toHaveCount(0)
  await teacherPage.context().close()

  // a student sees no student list
  const studentPage = await asPerson(browser, milhouse)
  await studentPage.goto(`/organization/${organization.id}/students`)
  await expect(studentPage.getByRole('table')).toHaveCount(0)
  await studentPage.context().close()
})

test('the student list and details work from the keyboard, and a company says employees', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('boss', 'Montgomery', 'Burns'))
  const organization = await createOrganization(request, organizationName('Power Plant'), { owner: owner.email, type: 'company' })
  await acceptInvitation(request, owner)
  await member(request, organization, newPerson('homer', 'Homer', 'Simpson'), 'student')
  await member(request, organization, newPerson('lenny', 'Lenny', 'Leonard'), 'student')

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/students`)
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search employees' })
  await search.focus()
  await page.keyboard.type('lenny')
  await expect(rows(page)).toHaveCount(2)
  // from the search box, Tab reaches the table's scroll region, the name sort, then the first name link
  // the list follows the search without taking the focus from the search box
  await expect(page).toHaveURL(/search=lenny/)
  await expect(search).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('region', { name: 'Employees' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Name' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Lenny Leonard' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Lenny Leonard', level: 1 })).toBeVisible()

  // the removal dialog, from the keyboard; its messages speak of employees
  await page.getByRole('button', { name: 'Remove from organization' }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Remove Lenny Leonard?' })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await page.getByRole('button', { name: 'Remove from organization' }).focus()
  await page.keyboard.press('Enter')
  await expect(confirm).toBeVisible()
  // the dialog moves the focus into itself as it opens: the confirm button is focused only after that
  // (focused sooner, the opening took the focus to the first button, and Enter cancelled)
  await expect(confirm.locator(':focus')).toHaveCount(1)
  const removeButton = confirm.getByRole('button', { name: 'Remove from organization' })
  await removeButton.focus()
  await expect(removeButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, `Lenny Leonard is no longer an employee of ${organization.name}.`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Homer Simpson' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Lenny Leonard' })).toHaveCount(0)
})

test("the teachers list counts each teacher's classes and their students; a student's and a teacher's details show their classes", async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Springfield Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  const edna = await member(request, organization, newPerson('edna', 'Edna', 'Krabappel'), 'teacher')
  const dewey = await member(request, organization, newPerson('dewey', 'Dewey', 'Largo'), 'teacher')
  const bart = await member(request, organization, newPerson('bart', 'Bart', 'Simpson'), 'student')
  const milhouse = await member(request, organization, newPerson('milhouse', 'Milhouse', 'Van Houten'), 'student')
  await member(request, organization, newPerson('lisa', 'Lisa', 'Simpson'), 'student')
  // Edna teaches 4 classes: Bart is in all of them and Milhouse in two (2 students, each counted once);
  // Bart is in a fifth, untaught, class too; Lisa is in none; Dewey teaches an empty class
  const token = (await login(request, owner.email, owner.password)).token
  const [ednaId, bartId, milhouseId] = [await userId(request, edna), await userId(request, bart), await userId(request, milhouse)]
  const grade4a = await classWith(request, token, organization, 'Grade 4 A', ednaId, [bartId, milhouseId])
  await classWith(request, token, organization, 'Grade 4 B', ednaId, [bartId, milhouseId])
  await classWith(request, token, organization, 'Grade 4 Drama', ednaId, [bartId])
  await classWith(request, token, organization, 'Grade 4 Music', ednaId, [bartId])
  await classWith(request, token, organization, 'Chess club', null, [bartId])
  await classWith(request, token, organization, 'Band', await userId(request, dewey), [])

  await logIn(page, owner)
  // the teachers list: name, e-mail and the two counts, each sortable
  await page.goto(`/organization/${organization.id}/teachers`)
  await expect(rows(page)).toHaveCount(3)
  await expect(rows(page).nth(0).getByRole('columnheader')).toHaveText(['Name', 'Email', 'Classes', 'Students'])
  await expect(rows(page).filter({ hasText: edna.email }).getByRole('cell')).toHaveText(['Edna Krabappel', edna.email, '4', '2'])
  await table(page).getByRole('button', { name: 'Students' }).click()
  await expect(page).toHaveURL(/sort=users_groups_count/)
  await expect(page.getByRole('columnheader', { name: 'Students' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none')
  await expect(rows(page).filter({ hasText: dewey.email }).getByRole('cell')).toHaveText(['Dewey Largo', dewey.email, '1', '0'])
  await expect(rows(page).nth(2)).toContainText('Edna Krabappel')
  await table(page).getByRole('button', { name: 'Students' }).click()
  await expect(page).toHaveURL(/sort=-users_groups_count/)
  await expect(rows(page).nth(1)).toContainText('Edna Krabappel')
  await screenAtWidths(page, 'teachers-list', () => expect(rows(page).nth(1)).toBeVisible())

  // Edna's details: the counts and her 4 classes (fewer than 5: no "show all"), each with its students
  await page.getByRole('link', { name: 'Edna Krabappel' }).click()
  await expect(page.getByRole('heading', { name: 'Edna Krabappel', level: 1 })).toBeVisible()
  const count = (label: string) => classesOf(page).locator('dt', { hasText: label }).locator('+ dd')
  await expect(count('Classes taught')).toHaveText('4')
  await expect(count('Students in these classes')).toHaveText('2')
  await expect(classesOf(page).getByRole('listitem')).toHaveCount(4)
  await expect(classesOf(page).getByRole('listitem').filter({ hasText: 'Grade 4 A' })).toContainText('Students: 2')
  await expect(classesOf(page)).not.toContainText('Chess club')
  await expect(classesOf(page).getByRole('button', { name: /Show all/ })).toHaveCount(0)
  await screenAtWidths(page, 'teacher-details-classes', () => expect(classesOf(page)).toBeVisible())

  // Bart's first 3 classes, the newest first, the other 2 in place; each links to its class
  await page.goto(`/organization/${organization.id}/students`)
  await page.getByRole('link', { name: 'Bart Simpson' }).click()
  await expect(page.getByRole('heading', { name: 'Bart Simpson', level: 1 })).toBeVisible()
  const bartClasses = classesOf(page).getByRole('listitem')
  await expect(bartClasses).toHaveCount(3)
  await expect(bartClasses.first()).toContainText('Chess club')
  await expect(bartClasses.first()).toContainText('Active')
  await classesOf(page).getByRole('button', { name: 'Show all 5 classes' }).click()
  await expect(bartClasses).toHaveCount(5)
  await screenAtWidths(page, 'student-details-classes', () => expect(classesOf(page)).toBeVisible())
  await classesOf(page).getByRole('link', { name: 'Grade 4 A' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/classes/${grade4a}$`))
  await expect(page.getByRole('heading', { name: 'Grade 4 A', level: 1 })).toBeVisible()

  // Lisa is in no class yet
  await page.goto(`/organization/${organization.id}/students`)
  await page.getByRole('link', { name: 'Lisa Simpson' }).click()
  await expect(classesOf(page)).toContainText('Not in a class yet.')

  // Edna sees, of Bart's classes, the 4 she teaches: 3, then all 4; not the chess club
  const teacherPage = await asPerson(browser, edna)
  await teacherPage.goto(`/organization/${organization.id}/students/${bartId}`)
  await expect(classesOf(teacherPage).getByRole('listitem')).toHaveCount(3)
  await classesOf(teacherPage).getByRole('button', { name: 'Show all 4 classes' }).click()
  await expect(classesOf(teacherPage).getByRole('listitem')).toHaveCount(4)
  await expect(classesOf(teacherPage)).not.toContainText('Chess club')
  await teacherPage.context().close()
})
