import { expect, test } from '@playwright/test'
import { createAccount, createOrganization, getAccount, invite, login, newPerson, organizationName } from './support/api'
import { followMailLink } from './support/mail'
import { screen } from './support/screens'
import { emailBox, loginHeading, logInWith, passwordBox, toast, userMenu } from './support/ui'

test('a new person accepts an invitation: the short mailed link opens a sign-up that states organization and role, with the e-mail fixed and no join code; no confirmation mail; a toast names the organization', async ({
  page,
  request,
}) => {
  const organization = await createOrganization(request, organizationName('Springfield High'))
  const person = newPerson('invitee', 'Lisa', 'Simpson')
  await invite(request, organization, person.email)

  // the link of the invitation mail, from the outbox: /invite/<token>
  const subject = await followMailLink(page, person.email, '/invite')
  expect(subject).toBe(`You are invited to join ${organization.name}`)
  await expect(page).toHaveURL(/\/signup\?invite=/)
  await expect(page.getByRole('heading', { name: `Join ${organization.name}`, level: 1 })).toBeVisible()
  await expect(page.getByText(`You're invited to join ${organization.name} as Student.`)).toBeVisible()
  // the invited address, and only it
  await expect(emailBox(page)).toHaveValue(person.email)
  await expect(emailBox(page)).not.toBeEditable()
  await expect(page.getByText('The invitation was sent to this address.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Invitation code (optional)' })).toHaveCount(0)
  await screen(page, 'signup-invited')

  await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName)
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName)
  await passwordBox(page).fill(person.password)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(userMenu(page, person)).toBeVisible()
  await expect(toast(page, `You joined ${organization.name}.`)).toBeVisible()
  await expect(page.getByText(organization.name, { exact: true }).first()).toBeVisible()
  await screen(page, 'dashboard-after-invite')

  // the account is confirmed (login is not refused as unconfirmed) and a student of the organization
  const account = await getAccount(request, await login(request, person.email, person.password))
  expect(account.organizations).toEqual([expect.objectContaining({ id: organization.id, name: organization.name, roles: ['student'] })])
})

test('an existing user accepts an invitation: the e-mail is filled in, logging in accepts it', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Shelbyville Elementary'))
  const person = await createAccount(request, newPerson('member', 'Bart', 'Simpson'))
  await invite(request, organization, person.email, 'teacher')

  await followMailLink(page, person.email, '/invite')
  await expect(page).toHaveURL(/\/login\?invite=/)
  await expect(loginHeading(page)).toBeVisible()
  await expect(page.getByText(`You have been invited to join ${organization.name}.`)).toBeVisible()
  await expect(emailBox(page)).toHaveValue(person.email)
  // they already have an account for this e-mail: logging in accepts, no sign-up is offered
  await expect(page.getByText(`This invitation is for your existing account ${person.email}. Log in to accept it.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create account' })).toBeHidden()
  await screen(page, 'login-invited')

  await passwordBox(page).fill(person.password)
  await page.getByRole('button', { name: 'Log in and accept invitation' }).click()
  await expect(userMenu(page, person)).toBeVisible()
  await expect(toast(page, `You joined ${organization.name}.`)).toBeVisible()
  await expect(page.getByText(organization.name, { exact: true }).first()).toBeVisible()

  const account = await getAccount(request, await login(request, person.email, person.password))
  expect(account.organizations).toEqual([expect.objectContaining({ id: organization.id, roles: ['teacher'] })])
})

for (const [kind, invite] of [
  ['not readable', 'not-a-valid-invite'],
  [
    'with an unknown token',
    Buffer.from(JSON.stringify({ token: 'no-such-token-abcdefghijklmnopqrstuvwxyz', organization_name: 'Nowhere', email: 'x@example.com', new_user: true })).toString('base64url'),
  ],
] as const) {
  test(`an invitation link ${kind} says 'Invitation is expired or not valid' and goes back to Login`, async ({ page }) => {
    await page.goto(`/login?invite=${invite}`)
    await expect(toast(page, 'Invitation is expired or not valid')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginHeading(page)).toBeVisible()
    await expect(emailBox(page)).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    await screen(page, `login-invalid-invite-${kind.replace(/\W+/g, '-')}`)
  })
}

test('a logged-in member opening an invitation link joins at once, and a toast names the organization', async ({ page, request }) => {
  const organization = await createOrganization(request, organizationName('Ogdenville Tech'))
  const person = await createAccount(request, newPerson('joiner', 'Milhouse', 'Van Houten'))
  await page.goto('/login')
  await logInWith(page, person.email, person.password)
  await expect(userMenu(page, person)).toBeVisible()

  const link = await invite(request, organization, person.email, 'teacher')
  await page.goto(link.pathname)
  await expect(toast(page, `You joined ${organization.name}.`)).toBeVisible()
  await expect(userMenu(page, person)).toBeVisible()
  const account = await getAccount(request, await login(request, person.email, person.password))
  expect(account.organizations).toEqual([expect.objectContaining({ id: organization.id, roles: ['teacher'] })])
})

test('a dead invitation link says so and opens the login', async ({ page }) => {
  await page.goto('/invite/no-such-token-abcdefghijklmnopqrstuvwxyz')
  await expect(toast(page, 'Invitation is expired or not valid')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(loginHeading(page)).toBeVisible()
})
