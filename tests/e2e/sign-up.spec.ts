import { expect, test } from '@playwright/test'
import { createAccount, getAccount, login, newPerson, signUp, type Session } from './support/api'
import { followMailLink, newestMailLink } from './support/mail'
import { screen } from './support/screens'

test('sign up, confirm the e-mail from the mail, log in, switch to Japanese (kept after reload), log out', async ({ page, request }) => {
  const person = newPerson('signup', 'Ada', 'Lovelace')
  let apiSession: Session | undefined
  const session = async () => (apiSession ??= await login(request, person.email, person.password))

  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible()
  await screen(page, 'login')

  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible()
  await screen(page, 'signup')

  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(person.firstName)
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(person.lastName)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Create account' }).click()

  const checkInbox = page.getByRole('dialog', { name: 'Check your inbox' })
  await expect(checkInbox).toBeVisible()
  await expect(checkInbox).toContainText(`We sent a confirmation link to ${person.email}.`)
  await screen(page, 'signup-check-inbox')

  // the mail, opened from the development outbox like from an inbox
  const subject = await followMailLink(page, person.email, '/confirm-account')
  expect(subject).toBe('Confirm your email address')
  await expect(page.getByRole('heading', { name: 'Confirm your account', level: 1 })).toBeVisible()
  // the link proves the address; the password chosen at sign-up proves who signed up, and is kept
  await expect(page.getByText(`An account was created with ${person.email}.`)).toBeVisible()
  await screen(page, 'confirm-account-ask')
  await page.getByRole('textbox', { name: 'Password chosen at sign-up', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your account is confirmed. You can log in now.' })).toBeVisible()
  await screen(page, 'confirm-account-done')

  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible()
  // the confirmed address is filled in
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(person.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()

  const userMenu = page.getByRole('button', { name: `User menu: ${person.firstName} ${person.lastName}` })
  await expect(userMenu).toBeVisible()
  // a new user without an organization starts with the onboarding
  await expect(page).toHaveURL(/\/onboarding$/)
  await screen(page, 'onboarding')

  // language: user menu > Language > 日本語
  await userMenu.click()
  await page.getByRole('menuitem', { name: 'Language' }).click()
  await page.getByRole('menuitem', { name: '日本語' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(page.getByRole('button', { name: `ユーザーメニュー: ${person.firstName} ${person.lastName}` })).toBeVisible()
  await screen(page, 'onboarding-ja')

  // the choice is saved on the account too (the server writes mails in it)
  await expect
    .poll(async () => (await getAccount(request, await session())).language)
    .toBe('ja')

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  const userMenuJa = page.getByRole('button', { name: `ユーザーメニュー: ${person.firstName} ${person.lastName}` })
  await expect(userMenuJa).toBeVisible()

  await userMenuJa.click()
  await page.getByRole('menuitem', { name: 'ログアウト' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible()
  await screen(page, 'login-ja')
})

test('the language picker of the login page switches the texts, and the choice is kept after a reload', async ({ page }) => {
  await page.goto('/login')
  // the browser's own select: its popup is not part of the page, a choice is made on the element
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Português (Brasil)' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await expect(page.getByRole('heading', { name: 'Entrar', level: 1 })).toBeVisible()
  await screen(page, 'login-pt-BR')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await expect(page.getByRole('heading', { name: 'Entrar', level: 1 })).toBeVisible()
})

test('a confirmation link opened again says the account is already confirmed and offers the login', async ({ page, request }) => {
  const person = newPerson('reconfirm', 'Grace', 'Hopper')
  await signUp(request, person)
  await followMailLink(page, person.email, '/confirm-account')
  await page.getByRole('textbox', { name: 'Password chosen at sign-up', exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your account is confirmed. You can log in now.' })).toBeVisible()
  const link = page.url()

  // days later, from the same mail
  await page.goto(link)
  await expect(page.getByRole('status').filter({ hasText: 'Your account is already confirmed. You can log in.' })).toBeVisible()
  await expect(page.getByText('This confirmation link is invalid or has expired. Ask for a new one.')).toBeHidden()
  await screen(page, 'confirm-account-already-confirmed')
  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(person.email)
})

test('signing up with an address that has an account shows the usual check-your-inbox screen and mails the owner', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('taken', 'Olive', 'Owner'))

  await page.goto('/signup')
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Someone')
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Else')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(owner.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the owner at all')
  await page.getByRole('button', { name: 'Create account' }).click()

  const checkInbox = page.getByRole('dialog', { name: 'Check your inbox' })
  await expect(checkInbox).toBeVisible()
  await expect(checkInbox).toContainText(`We sent a confirmation link to ${owner.email}.`)
  await expect(page.getByText('An account with this email already exists.')).toHaveCount(0)

  // the owner learns of it, with a way to log in and one to reset the password
  const { mail } = await newestMailLink(request, owner.email, '/reset-password')
  expect(mail.subject).toBe('Someone tried to sign up with your email address')
  expect(mail.links.map((link) => new URL(link).pathname)).toContain('/login')
  // and the owner's password still works
  await login(request, owner.email, owner.password)
})

test('a confirmation link opened by someone who did not sign up: "This wasn\'t me" deletes the account, nothing else', async ({ page, request }) => {
  // someone else signs up with the owner's address and a password of their own
  const owner = newPerson('not-me', 'Vera', 'Owner')
  await signUp(request, owner)
  await followMailLink(page, owner.email, '/confirm-account')
  await expect(page.getByText(`An account was created with ${owner.email}.`)).toBeVisible()
  await expect(page.getByRole('heading', { name: "You didn't sign up?", level: 2 })).toBeVisible()
  await page.getByRole('button', { name: "This wasn't me" }).click()
  await expect(page.getByRole('status').filter({ hasText: `The account created with ${owner.email} is deleted.` })).toBeVisible()
  await screen(page, 'confirm-account-declined')
  // the planted password opens nothing, and the link is dead
  const attacker = await request.post('/v1/accounts/login-legacy/', { data: { email: owner.email, password: owner.password } })
  expect(attacker.status()).toBe(400)
  await page.reload()
  await expect(page.getByText('This confirmation link is invalid or has expired. Ask for a new one.')).toBeVisible()
})

test('a confirmation link opened without the sign-up password confirms, says what was removed and leads to choosing a password', async ({ page, request }) => {
  const owner = newPerson('confirm-new-password', 'Tess', 'Owner')
  await signUp(request, owner)
  await followMailLink(page, owner.email, '/confirm-account')
  // a wrong password is refused and the question stays
  await page.getByRole('textbox', { name: 'Password chosen at sign-up', exact: true }).fill('not the one')
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expect(page.getByText('This is not the password chosen when the account was created.')).toBeVisible()
  await page.getByRole('button', { name: 'Confirm and choose a new password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your address is confirmed. Choose your password to finish.' })).toBeVisible()
  await expect(page.getByRole('list', { name: /what was set before your address was confirmed was removed/ })).toContainText('the password chosen at sign-up')
  await screen(page, 'confirm-account-password-to-set')
  await page.getByRole('link', { name: 'Choose my password' }).click()
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  const chosen = 'a password tess picked herself'
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(chosen)
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(chosen)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible()
  const planted = await request.post('/v1/accounts/login-legacy/', { data: { email: owner.email, password: owner.password } })
  expect(planted.status()).toBe(400)
  expect((await request.post('/v1/accounts/login-legacy/', { data: { email: owner.email, password: chosen } })).status()).toBe(200)
})
