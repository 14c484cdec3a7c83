import { expect, test } from '@playwright/test'
import { createAccount, newPerson } from './support/api'
import { screen } from './support/screens'
import { emailBox, errorPanel, loginHeading, passwordBox, userMenu } from './support/ui'

test('login shows the validation messages of spec §5 and keeps "Log in" disabled until the form is valid', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('validate', 'Hedy', 'Lamarr'))
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  const submit = page.getByRole('button', { name: 'Log in', exact: true })
  const email = emailBox(page)
  const password = passwordBox(page)
  await expect(submit).toBeDisabled()
  // nothing is shown before the person touches a field
  await expect(page.getByText('Please input email')).toBeHidden()

  // e-mail: checked on change and on blur
  await email.fill('hedy@')
  await expect(page.getByText('Please input correct email address')).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await email.fill('')
  await email.blur()
  await expect(page.getByText('Please input email')).toBeVisible()
  await password.fill('x')
  await password.fill('')
  await password.blur()
  await expect(page.getByText('Please input password')).toBeVisible()
  await expect(submit).toBeDisabled()
  await screen(page, 'login-validation')

  // the e-mail is trimmed: spaces around it do not make it invalid
  await email.fill(`  ${person.email}  `)
  await expect(page.getByText('Please input correct email address')).toBeHidden()
  await expect(page.getByText('Please input email')).toBeHidden()
  await expect(submit).toBeDisabled()
  await password.fill(person.password)
  await expect(page.getByText('Please input password')).toBeHidden()
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(userMenu(page, person)).toBeVisible()
})

test('sign-up shows the validation messages of spec §5 and keeps "Create account" disabled until the form is valid', async ({ page }) => {
  await page.goto('/signup')
  const submit = page.getByRole('button', { name: 'Create account' })
  await expect(submit).toBeDisabled()
  for (const [field, message] of [
    ['First name', 'Please insert first name'],
    ['Last name', 'Please insert last name'],
    ['Email', 'Please input email'],
    ['Password', 'Please input password'],
  ] as const) {
    const box = page.getByRole('textbox', { name: field, exact: true })
    await box.fill('x')
    await box.fill('')
    await box.blur()
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
  await expect(page.getByText('Please input correct email address')).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('12345')
  await expect(page.getByText('Password should have at least 6 characters')).toBeVisible()
  await expect(submit).toBeDisabled()
  await screen(page, 'signup-validation')

  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada')
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('123456')
  await expect(page.getByText('Password should have at least 6 characters')).toBeHidden()
  await expect(submit).toBeEnabled()
})

test('recover password: the e-mail is required and must be valid before the link can be asked for', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Forgot your password?' })
  const send = dialog.getByRole('button', { name: 'Send reset link' })
  // Enter in the empty field asks for the e-mail (the disabled button alone would do nothing)
  await emailBox(dialog).focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Please input email')).toBeVisible()
  await emailBox(dialog).fill('someone@')
  await expect(dialog.getByText('Please input correct email address')).toBeVisible()
  await emailBox(dialog).fill('')
  await expect(dialog.getByText('Please input email')).toBeVisible()
  await expect(send).toBeDisabled()
  // Escape closes the dialog
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('an unconfirmed account is told to confirm its e-mail and can have the link sent again', async ({ page, request }) => {
  const person = newPerson('unconfirmed', 'Barbara', 'Liskov')
  await request.post('/v1/accounts/sign_in', {
    data: { first_name: person.firstName, last_name: person.lastName, email: person.email, password: person.password },
  })
  await page.goto('/login')
  await emailBox(page).fill(person.email)
  await passwordBox(page).fill(person.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(errorPanel(page)).toHaveText('Confirm your email address before logging in. Check your inbox for the link.')
  await page.getByRole('button', { name: 'Resend confirmation email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resend confirmation email' })
  await expect(dialog).toBeVisible()
  await expect(emailBox(dialog)).toHaveValue(person.email)
  await screen(page, 'resend-confirmation')
})

test('keyboard only: Tab reaches the e-mail and the password, Enter logs in', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('keyboard', 'Grace', 'Hopper'))
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()

  // Tab from the top of the page until the e-mail field has the focus
  const focusedName = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element) return ''
      const labelled = element.getAttribute('aria-labelledby')
      const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null
      return (element.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? label?.textContent ?? element.textContent ?? '').trim()
    })
  const order: string[] = []
  for (let presses = 0; presses < 12 && !(await emailBox(page).evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab')
    order.push(await focusedName())
  }
  await expect(emailBox(page), `focus order: ${order.join(' > ')}`).toBeFocused()
  // the skip link comes first
  expect(order[0]).toBe('Skip to content')
  await page.keyboard.type(person.email)
  await page.keyboard.press('Tab')
  await expect(passwordBox(page)).toBeFocused()
  await page.keyboard.type(person.password)
  await page.keyboard.press('Enter')
  await expect(userMenu(page, person)).toBeVisible()

  // the user menu opens and logs out with the keyboard too
  await userMenu(page, person).focus()
  await page.keyboard.press('Enter')
  const logout = page.getByRole('menuitem', { name: 'Log out' })
  await expect(logout).toBeVisible()
  for (let presses = 0; presses < 10 && !(await logout.evaluate((el) => el.getAttribute('data-highlighted') !== null)); presses++) {
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
  await expect(loginHeading(page)).toBeVisible()
})

test('Enter on an empty login shows both messages; tabbing through the fields shows none (issue 5, item 15)', async ({ page }) => {
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  const emailMessage = page.getByText('Please input email', { exact: true })
  const passwordMessage = page.getByText('Please input password', { exact: true })

  // tabbing past untouched fields says nothing
  await emailBox(page).focus()
  await page.keyboard.press('Tab')
  await expect(passwordBox(page)).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(emailMessage).toBeHidden()
  await expect(passwordMessage).toBeHidden()
  await expect(emailBox(page)).not.toHaveAttribute('aria-invalid', 'true')

  // Enter in the incomplete form: every message at once, the focus on the first field to correct
  await passwordBox(page).focus()
  await page.keyboard.press('Enter')
  await expect(emailMessage).toBeVisible()
  await expect(passwordMessage).toBeVisible()
  await expect(emailBox(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(passwordBox(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(emailBox(page)).toBeFocused()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled()
  await screen(page, 'login-enter-empty')
})

test('Enter on a half-filled sign-up names every field still missing', async ({ page }) => {
  await page.goto('/signup')
  const firstName = page.getByRole('textbox', { name: 'First name', exact: true })
  await firstName.fill('Ada')
  await page.keyboard.press('Enter')
  for (const message of ['Please insert last name', 'Please input email', 'Please input password']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('Please insert first name', { exact: true })).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toBeFocused()
})

test('a focused field shows a 2 px outline in the accent colour (issue 5, item 18)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  for (const box of [emailBox(page), passwordBox(page)]) {
    await box.focus()
    const ring = await box.evaluate((element) => {
      const style = getComputedStyle(element)
      return { width: style.outlineWidth, style: style.outlineStyle }
    })
    expect(ring).toEqual({ width: '2px', style: 'solid' })
  }
  await emailBox(page).focus()
  await screen(page, 'login-email-focused-1440')
})
