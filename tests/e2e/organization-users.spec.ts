import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { bearer, createAccount, createOrganization, invite, login, newPerson, organizationName, type Organization, type Person } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { newestMailLink } from './support/mail'
import { screenAtWidths } from './support/screens'
import { emailBox, logIn, passwordBox, toast, userMenu } from './support/ui'

/**
 * The organization page of an organization admin (spec §2 Organization page, §5, §6, §8): the users
 * view, inviting by e-mail, editing a member's roles, the only-admin refusal, removing, disabling and
 * enabling a member; a teacher sees no invite controls.
 */

/** Accepts the newest invitation mailed to `person` through the API, as that person. */
async function acceptInvitation(request: APIRequestContext, person: Person): Promise<void> {
  const { link } = await newestMailLink(request, person.email, '/invite')
  const token = link.pathname.split('/').pop() ?? ''
  const session = await login(request, person.email, person.password)
  const response = await request.post('/v1/accounts/invite/accept', { headers: bearer(session.token), data: { token, email: person.email } })
  expect(response.status(), await response.text()).toBe(200)
}

/** A school whose owner (an organization admin) has accepted the platform admin's invitation. */
async function schoolWithOwner(request: APIRequestContext): Promise<{ organization: Organization; owner: Person }> {
  const owner = await createAccount(request, newPerson('owner', 'Edna', 'Krabappel'))
  const organization = await createOrganization(request, organizationName('Springfield Elementary'), { owner: owner.email })
  await acceptInvitation(request, owner)
  return { organization, owner }
}

const usersTable = (page: Page) => page.getByRole('table')
const row = (page: Page, text: string) => usersTable(page).getByRole('row').filter({ hasText: text })

/** Chooses an entry of a member's actions menu in the users table. */
async function memberAction(page: Page, member: string, action: 'Remove' | 'Disable' | 'Enable'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${member}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

async function asPerson(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await logIn(page, person)
  return page
}

test('an organization admin invites a teacher, edits the roles, is refused removing the only admin, and removes a member; the teacher sees no invite controls', async ({
  page,
  request,
  browser,
}) => {
  const { organization, owner } = await schoolWithOwner(request)
  const teacher = await createAccount(request, newPerson('teacher', 'Elizabeth', 'Hoover'))

  await logIn(page, owner)
  // the top navigation names the organization
  await expect(page.getByText(organization.name, { exact: true }).first()).toBeVisible()
  await page.goto(`/organization/${organization.id}/users`)
  await expect(page.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible()
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  const menu = page.getByRole('navigation', { name: 'Organization menu' })
  for (const entry of ['All users', 'Students', 'Teachers', 'Admins', 'Profile']) await expect(menu.getByRole('link', { name: entry })).toBeVisible()
  await expect(row(page, owner.email)).toContainText('Admin')
  // one page: no pagination
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
  await screenAtWidths(page, 'organization-users', () => expect(row(page, owner.email)).toBeVisible())

  // invite by e-mail: an invalid address is shown and refused, the role is student by default
  await page.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite by email' })
  const emails = dialog.getByRole('textbox', { name: 'Email addresses' })
  await emails.pressSequentially('not-an-address')
  await emails.press('Enter')
  await expect(dialog.getByText('Not added, not an email address: not-an-address')).toBeVisible()
  await emails.clear()
  await emails.pressSequentially(`${teacher.email},`)
  await expect(dialog.getByText(teacher.email, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toContainText('Student')
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Teacher' }).click()
  await screenAtWidths(page, 'organization-users-invite', () => expect(dialog).toBeVisible())
  await dialog.getByRole('button', { name: 'Send invitations' }).click()
  await expect(toast(page, '1 invitation sent.')).toBeVisible()
  await expect(dialog).toBeHidden()

  // the same address again within the day (issue 18): renewed, not mailed a second time, and the admin is told
  await page.getByRole('button', { name: 'Invite by email' }).click()
  await dialog.getByRole('textbox', { name: 'Email addresses' }).pressSequentially(`${teacher.email},`)
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Teacher' }).click()
  await dialog.getByRole('button', { name: 'Send invitations' }).click()
  await expect(toast(page, '1 address already had an invitation mailed today: renewed, not mailed again (the link mailed then still works).')).toBeVisible()
  await expect(dialog).toBeHidden()

  // the teacher accepts, and sees the organization without invite controls
  await acceptInvitation(request, teacher)
  const teacherPage = await asPerson(browser, teacher)
  await teacherPage.goto(`/organization/${organization.id}/users`)
  await expect(teacherPage.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible()
  await expect(teacherPage.getByRole('heading', { name: 'Details', level: 2 })).toBeVisible()
  await expect(teacherPage.getByRole('button', { name: 'Invite by email' })).toHaveCount(0)
  await expect(teacherPage.getByRole('link', { name: 'All users' })).toHaveCount(0)
  await teacherPage.context().close()

  // the filter by role, from the left menu, and the search, kept in the URL
  await page.reload()
  await menu.getByRole('link', { name: 'Teachers' }).click()
  await expect(page).toHaveURL(/\?role=teacher$/)
  await expect(page.getByRole('heading', { name: 'Teachers', level: 2 })).toBeVisible()
  await expect(row(page, teacher.email)).toBeVisible()
  await expect(row(page, owner.email)).toHaveCount(0)
  await menu.getByRole('link', { name: 'All users' }).click()
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Hoover')
  await expect(page).toHaveURL(/search=Hoover/)
  await expect(row(page, owner.email)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('Hoover')
  await expect(row(page, teacher.email)).toBeVisible()
  // a search that finds nobody says so and offers the way back to the whole list
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Nobody-by-this-name')
  await expect(page.getByText('No users match your search.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('')
  await expect(page).not.toHaveURL(/search=/)
  await expect(row(page, owner.email)).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Hoover')
  await expect(row(page, owner.email)).toHaveCount(0)

  // the member's profile: edit the roles (at least one is needed)
  await row(page, teacher.email).getByRole('cell', { name: teacher.email, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Elizabeth Hoover', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit user' })
  await edit.getByRole('combobox', { name: 'Roles' }).click()
  await page.getByRole('option', { name: 'Teacher' }).click()
  await expect(edit.getByText('please select a role')).toBeVisible()
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled()
  await page.getByRole('option', { name: 'Student' }).click()
  await page.getByRole('option', { name: 'Teacher' }).click()
  await page.keyboard.press('Escape')
  await screenAtWidths(page, 'organization-user-edit', () => expect(edit).toBeVisible())
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'The user was saved.')).toBeVisible()
  const roles = page.getByRole('heading', { name: 'Roles', level: 2 }).locator('..')
  await expect(roles).toContainText('Student')
  await expect(roles).toContainText('Teacher')
  await screenAtWidths(page, 'organization-user-profile', () => expect(page.getByRole('heading', { name: 'Elizabeth Hoover' })).toBeVisible())

  // the only admin cannot be removed
  await page.getByRole('link', { name: 'Back to users' }).click()
  // nobody disables themselves: the owner's own menu has no Disable
  await page.getByRole('button', { name: `Actions for ${owner.email}` }).click()
  await expect(page.getByRole('menuitem', { name: 'Disable' })).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Remove', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove Edna Krabappel?' })
  await confirm.getByRole('button', { name: 'Remove from organization' }).click()
  await expect(confirm.getByText('Cannot remove the only admin of an organization.')).toBeVisible()
  await screenAtWidths(page, 'organization-users-sole-admin', () => expect(confirm).toBeVisible())
  await confirm.getByRole('button', { name: 'Close' }).click()
  await expect(row(page, owner.email)).toBeVisible()

  // removing a member, from the profile page
  await row(page, teacher.email).getByRole('link').click()
  await page.getByRole('button', { name: 'Remove from organization' }).click()
  const remove = page.getByRole('alertdialog', { name: 'Remove Elizabeth Hoover?' })
  await expect(remove.getByText(`Elizabeth Hoover will lose access to ${organization.name}.`)).toBeVisible()
  // an organization admin is not offered the system
  await expect(remove.getByRole('button', { name: 'Remove from the system instead' })).toHaveCount(0)
  await remove.getByRole('button', { name: 'Remove from organization' }).click()
  await expect(toast(page, `Elizabeth Hoover was removed from ${organization.name}.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/organization/${organization.id}/users$`))
  await expect(row(page, owner.email)).toBeVisible()
  await expect(row(page, teacher.email)).toHaveCount(0)
})

test('a platform admin opens an organization from /admin: back link, its name in the navigation, and a member removed from the system after a second confirmation', async ({
  page,
  request,
}) => {
  const { organization, owner } = await schoolWithOwner(request)
  const student = await createAccount(request, newPerson('student', 'Ralph', 'Wiggum'))
  await invite(request, organization, student.email)
  await acceptInvitation(request, student)

  await page.goto('/login')
  await emailBox(page).fill(PLATFORM_ADMIN.email)
  await passwordBox(page).fill(PLATFORM_ADMIN.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto(`/admin/organization/${organization.id}`)
  await expect(page.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute('href', '/admin')
  // the top navigation names the organization, never its number
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(nav.getByRole('link', { name: organization.name })).toHaveAttribute('href', `/admin/organization/${organization.id}`)
  // one current page: the organization, not Organizations too
  await expect(nav.getByRole('link', { name: organization.name })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Organizations' })).not.toHaveAttribute('aria-current', 'page')
  await expect(row(page, owner.email)).toBeVisible()
  await screenAtWidths(page, 'admin-organization-users', () => expect(row(page, student.email)).toBeVisible())

  await memberAction(page, student.email, 'Remove')
  const confirm = page.getByRole('alertdialog', { name: 'Remove Ralph Wiggum?' })
  await confirm.getByRole('button', { name: 'Remove from the system instead' }).click()
  const system = page.getByRole('alertdialog', { name: 'Remove Ralph Wiggum from the system?' })
  await expect(system.getByText('The account of Ralph Wiggum is deleted and leaves every organization. This cannot be undone.')).toBeVisible()
  // the account goes only once its e-mail is typed out
  const removeButton = system.getByRole('button', { name: 'Remove from the system', exact: true })
  await expect(removeButton).toBeDisabled()
  const typed = system.getByRole('textbox', { name: `Type ${student.email} to confirm` })
  await typed.fill('someone@else.example.com')
  await expect(system.getByText('This is not the email of this account.')).toBeVisible()
  await expect(removeButton).toBeDisabled()
  await typed.fill(student.email.toUpperCase())
  await screenAtWidths(page, 'admin-organization-remove-from-system', () => expect(system).toBeVisible())
  await removeButton.click()
  await expect(toast(page, 'Ralph Wiggum was removed from the system.')).toBeVisible()
  await expect(row(page, student.email)).toHaveCount(0)
  // the account is gone: it cannot log in
  const gone = await request.post('/v1/accounts/login-legacy/', { data: { email: student.email, password: student.password } })
  expect(gone.status()).toBeGreaterThanOrEqual(400)
})

test('an organization admin disables a member, who can no longer open the organization, and enables them again', async ({ page, request, browser }) => {
  const { organization, owner } = await schoolWithOwner(request)
  const student = await createAccount(request, newPerson('student', 'Nelson', 'Muntz'))
  await invite(request, organization, student.email)
  await acceptInvitation(request, student)

  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/users`)
  await expect(row(page, student.email)).toBeVisible()
  await memberAction(page, student.email, 'Disable')
  const confirm = page.getByRole('alertdialog', { name: 'Disable Nelson Muntz?' })
  await expect(confirm.getByText(`Nelson Muntz keeps their roles but cannot open ${organization.name} until enabled again.`, { exact: false })).toBeVisible()
  await screenAtWidths(page, 'organization-users-disable', () => expect(confirm).toBeVisible())
  await confirm.getByRole('button', { name: 'Disable', exact: true }).click()
  await expect(toast(page, 'Nelson Muntz was disabled.')).toBeVisible()
  await expect(confirm).toBeHidden()
  // the row says it in words, and is muted
  await expect(row(page, student.email)).toContainText('Disabled')
  await expect(row(page, owner.email)).not.toContainText('Disabled')
  await screenAtWidths(page, 'organization-users-disabled-row', () => expect(row(page, student.email)).toContainText('Disabled'))

  // the member logs in, keeps the account, but the organization's page is closed to them
  const studentPage = await asPerson(browser, student)
  await studentPage.goto(`/organization/${organization.id}/users`)
  await expect(studentPage.getByRole('heading', { name: 'You are not a member of this organization' })).toBeVisible()
  await studentPage.goto('/profile')
  await expect(studentPage.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible()

  // the member's page shows the state, and enables them again
  await row(page, student.email).getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'Nelson Muntz', level: 1 })).toBeVisible()
  await expect(page.getByText('This member is disabled and cannot open this organization until enabled again.')).toBeVisible()
  await screenAtWidths(page, 'organization-user-disabled', () => expect(page.getByRole('button', { name: 'Enable' })).toBeVisible())
  await page.getByRole('button', { name: 'Enable', exact: true }).click()
  const enable = page.getByRole('alertdialog', { name: 'Enable Nelson Muntz?' })
  await enable.getByRole('button', { name: 'Enable', exact: true }).click()
  await expect(toast(page, 'Nelson Muntz was enabled.')).toBeVisible()
  await expect(page.getByText('This member is disabled', { exact: false })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toBeVisible()

  // and the member reaches the organization again
  await studentPage.reload()
  // the reloaded page is up before the next one is asked for (a navigation during its start can lose the session: see issue 19's closing note)
  await expect(studentPage.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible()
  await studentPage.goto(`/organization/${organization.id}/`)
  await expect(studentPage.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible()
  await studentPage.context().close()
})

// The organization screens' texts are dictionary namespaces loaded with the screens, not with /login
// (src/app/language.ts): a language chosen on such a screen must bring them in that language too.
test('switching the language on an organization page shows its texts in the new language at once, and after a reload', async ({ page, request }) => {
  const { organization, owner } = await schoolWithOwner(request)
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/users`)
  await expect(page.getByRole('navigation', { name: 'Organization menu' }).getByRole('link', { name: 'All users' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Invite by email' })).toBeVisible()

  await userMenu(page, owner).click()
  await page.getByRole('menuitem', { name: 'Language' }).click()
  await page.getByRole('menuitem', { name: '日本語' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  const menu = page.getByRole('navigation', { name: '組織メニュー' })
  await expect(menu.getByRole('link', { name: 'すべてのユーザー' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'メールで招待' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'ユーザーを検索' })).toBeVisible()
  // another part of the area, in Japanese from its first showing
  await menu.getByRole('link', { name: 'プロフィール' }).click()
  await expect(page.getByRole('heading', { name: '組織のプロフィール', level: 2 })).toBeVisible()
  await expect(page.getByText('参加コード', { exact: true })).toBeVisible()

  // a fresh load in Japanese: the root dictionary and the area's namespaces come in it
  await page.reload()
  await expect(page.getByRole('heading', { name: '組織のプロフィール', level: 2 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: '組織メニュー' }).getByRole('link', { name: 'すべてのユーザー' })).toBeVisible()
})
