import { readFileSync } from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { bearer, createAccount, createOrganization, getAccount, login, newPerson, organizationName, type Person } from './support/api'
import { followMailLink, newestMailLink } from './support/mail'
import { expectAccessibleInBothThemes, expectNoHorizontalScroll, screen } from './support/screens'
import { logIn, logInWith, loginHeading } from './support/ui'

/**
 * Joining by code (issue 7, spec §2 code entry, §5 invitation code): an admin opens "Invite by code"
 * and reads the code and the link (and its QR code, downloaded as SVG and PNG, and its print view for a
 * classroom wall); a person opens the link, logs in, comes back to the code already in the boxes and
 * joins as a student; a newcomer signs up from the link and, once confirmed and logged in, is back at
 * the code; another pastes a wrong code and reads the message, then with approval required
 * asks to join and the admin approves; a teacher's request is approved as a teacher; a third request
 * is refused only once the admin confirms.
 */

const codeBox = (page: Page, index: number) => page.getByRole('textbox', { name: `Character ${index} of 6` })

/** Pastes text into the first box as a clipboard paste would. */
const paste = async (page: Page, text: string) => {
  await codeBox(page, 1).focus()
  await codeBox(page, 1).evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

const boxes = async (page: Page) => {
  const values: string[] = []
  for (let index = 1; index <= 6; index++) values.push(await codeBox(page, index).inputValue())
  return values.join('')
}

/** A new tab of its own (its own login) for another person. */
const otherPerson = async (browser: Browser, person: Person, path: string) => {
  const page = await (await browser.newContext()).newPage()
  await logIn(page, person)
  await page.goto(path)
  return page
}

const rolesIn = async (request: Parameters<typeof login>[0], person: Person, organizationId: number) => {
  const account = await getAccount(request, await login(request, person.email, person.password))
  return account.organizations.find((organization) => organization.id === organizationId)?.roles ?? []
}

test('an admin shares the join code; people join by the link, by pasting, with approval, and as a teacher', async ({ page, browser, request }) => {
  // the longest journey (five people, two browsers, axe in both themes on two confirmations): 2 min on a loaded machine
  test.setTimeout(240_000)
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const name = organizationName('Code School')
  const organization = await createOrganization(request, name, { owner: owner.email })
  const { link: ownerLink } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: ownerLink.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)

  // the admin reads the code, the link and its QR code
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/users`)
  await page.getByRole('button', { name: 'Invite by code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite by code' })
  const code = (await dialog.getByTestId('join-code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
  const link = await dialog.getByRole('textbox', { name: 'Join link' }).inputValue()
  expect(new URL(link).pathname).toBe(`/join/${code}`)
  await expect(dialog.getByRole('img', { name: 'QR code of the join link' })).toBeVisible()
  await screen(page, 'join-code-dialog')

  // resetting the code asks first, its red confirm button readable in both themes; cancelled, the code stays
  await dialog.getByRole('button', { name: 'Reset code' }).click()
  const reset = page.getByRole('alertdialog', { name: 'Reset the code?' })
  await expect(reset.getByRole('button', { name: 'Reset', exact: true })).toBeVisible()
  await expectAccessibleInBothThemes(page, 'join-code-reset')
  await reset.getByRole('button', { name: 'Cancel' }).click()
  await expect(reset).toHaveCount(0)
  await expect(dialog.getByTestId('join-code')).toHaveText(code)

  // the QR code downloads as SVG and as PNG (a real PNG, large enough to print)
  const svgDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download QR code (SVG)' }).click()
  const svgFile = await svgDownload
  expect(svgFile.suggestedFilename()).toBe(`join-${code}.svg`)
  expect(readFileSync(await svgFile.path()).toString('utf8')).toContain('<svg')
  const pngDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download QR code (PNG)' }).click()
  const pngFile = await pngDownload
  expect(pngFile.suggestedFilename()).toBe(`join-${code}.png`)
  const png = readFileSync(await pngFile.path())
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1024)

  // the print view for a classroom wall, opened and printed by keyboard: on paper only the poster shows
  await dialog.getByRole('button', { name: 'Print view' }).focus()
  await page.keyboard.press('Enter')
  const poster = page.getByRole('dialog', { name: `Join ${name}` })
  await expect(poster.getByTestId('poster-code')).toHaveText(code)
  await expect(poster.getByRole('img', { name: 'QR code of the join link' })).toBeVisible()
  await expect(poster.getByText(link, { exact: true })).toBeVisible()
  await screen(page, 'join-code-poster')
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number }
    counted.printed = 0
    window.print = () => {
      counted.printed++
    }
  })
  await poster.getByRole('button', { name: 'Print', exact: true }).focus()
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  // (the dialog and the page under the poster: by test id and element, as they are hidden from the accessibility tree meanwhile)
  await expect(page.getByTestId('join-code')).toBeVisible()
  await expect(page.locator('#root')).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(poster.getByTestId('poster-code')).toBeVisible()
  await expect(poster.getByRole('button', { name: 'Print', exact: true })).toBeHidden()
  await expect(page.getByTestId('join-code')).toBeHidden()
  await expect(page.locator('#root')).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await poster.getByRole('button', { name: 'Close' }).click()
  await expect(poster).toBeHidden()

  // a student opens the link logged out, logs in, and comes back to the code in the boxes
  const student = await createAccount(request, newPerson('student', 'Bart', 'Simpson'))
  const studentPage = await (await browser.newContext()).newPage()
  await studentPage.goto(new URL(link).pathname)
  await expect(loginHeading(studentPage)).toBeVisible()
  await logInWith(studentPage, student.email, student.password)
  await expect(studentPage.getByRole('heading', { name: 'Join an organization', level: 1 })).toBeVisible()
  expect(await boxes(studentPage)).toBe(code)
  await screen(studentPage, 'join-page-prefilled')
  await studentPage.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(studentPage.getByRole('heading', { name: `You joined ${name}` })).toBeVisible()
  // it is in their organizations: the top navigation shows it
  await expect(studentPage.getByText(name, { exact: true }).first()).toBeVisible()
  expect(await rolesIn(request, student, organization.id)).toEqual(['student'])
  await studentPage.context().close()

  // a newcomer opens the link logged out and signs up instead: after confirming and logging in, back at the code
  const newcomer = newPerson('newcomer', 'Ralph', 'Wiggum')
  const newcomerPage = await (await browser.newContext()).newPage()
  await newcomerPage.goto(new URL(link).pathname)
  await newcomerPage.getByRole('button', { name: 'Create account' }).click()
  await expect(newcomerPage.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible()
  await newcomerPage.getByRole('textbox', { name: 'First name', exact: true }).fill(newcomer.firstName)
  await newcomerPage.getByRole('textbox', { name: 'Last name', exact: true }).fill(newcomer.lastName)
  await newcomerPage.getByRole('textbox', { name: 'Email', exact: true }).fill(newcomer.email)
  await newcomerPage.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password)
  await newcomerPage.getByRole('button', { name: 'Create account' }).click()
  await expect(newcomerPage.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible()
  await followMailLink(newcomerPage, newcomer.email, '/confirm-account')
  await newcomerPage.getByRole('textbox', { name: 'Password chosen at sign-up', exact: true }).fill(newcomer.password)
  await newcomerPage.getByRole('button', { name: 'Confirm my address' }).click()
  await newcomerPage.getByRole('link', { name: 'Log in' }).click()
  await expect(newcomerPage.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(newcomer.email)
  await newcomerPage.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password)
  await newcomerPage.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(newcomerPage.getByRole('heading', { name: 'Join an organization', level: 1 })).toBeVisible()
  expect(new URL(newcomerPage.url()).pathname).toBe(`/join/${code}`)
  expect(await boxes(newcomerPage)).toBe(code)
  await newcomerPage.context().close()

  // the admin requires approval of code joins
  await dialog.getByText('An admin approves each person who joins by code').click()
  await expect(dialog.getByRole('checkbox', { name: 'An admin approves each person who joins by code' })).toBeChecked()

  // another person: an incomplete code, a wrong one, then the right one pasted: a request
  const asker = await createAccount(request, newPerson('asker', 'Lisa', 'Simpson'))
  const askerPage = await otherPerson(browser, asker, '/join')
  // at 360 px the six boxes fit
  await askerPage.setViewportSize({ width: 360, height: 740 })
  await codeBox(askerPage, 1).pressSequentially('ab')
  expect(await boxes(askerPage)).toBe('AB')
  await askerPage.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(askerPage.getByText('Code is not complete')).toBeVisible()
  await expectNoHorizontalScroll(askerPage)
  await screen(askerPage, 'join-page-incomplete-360')
  await paste(askerPage, 'ZZ-ZZ-ZZ')
  expect(await boxes(askerPage)).toBe('ZZZZZZ')
  await askerPage.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(askerPage.getByText('This invitation code is not valid.')).toBeVisible()
  await paste(askerPage, code.toLowerCase())
  expect(await boxes(askerPage)).toBe(code)
  await askerPage.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(askerPage.getByRole('heading', { name: `Request sent to ${name}` })).toBeVisible()
  expect(await rolesIn(request, asker, organization.id)).toEqual([])

  // a teacher asks (always a request)
  const teacher = await createAccount(request, newPerson('teacher', 'Edna', 'Krabappel'))
  const teacherPage = await otherPerson(browser, teacher, '/join?role=teacher')
  await expect(teacherPage.getByRole('heading', { name: 'Join an organization as a teacher', level: 1 })).toBeVisible()
  await paste(teacherPage, code)
  await teacherPage.getByRole('button', { name: 'Ask to join as a teacher' }).click()
  await expect(teacherPage.getByRole('heading', { name: `Request sent to ${name}` })).toBeVisible()
  await screen(teacherPage, 'join-page-requested')

  // a third asks (through the API: the page is shown above)
  const refused = await createAccount(request, newPerson('refused', 'Nelson', 'Muntz'))
  const asked = await request.post('/v1/invitations/join/', {
    headers: bearer((await login(request, refused.email, refused.password)).token),
    data: { invitation_code: code, role: 'student' },
  })
  expect(((await asked.json()) as { status: string }).status).toBe('pending')

  // the admin closes the dialog: the chip shows the requests; approving makes each a member with the role asked for
  await dialog.getByRole('button', { name: 'Close' }).last().click()
  await page.getByRole('button', { name: 'Join requests (3)' }).click()
  const modal = page.getByRole('dialog', { name: 'Join requests' })
  await expect(modal.getByRole('row').filter({ hasText: teacher.email })).toContainText('Teacher')
  await screen(page, 'join-requests')
  await modal.getByRole('button', { name: `Approve ${asker.email}` }).click()
  await expect(modal.getByRole('row').filter({ hasText: asker.email })).toHaveCount(0)
  await modal.getByRole('button', { name: `Approve ${teacher.email}` }).click()
  await expect(modal.getByRole('row').filter({ hasText: teacher.email })).toHaveCount(0)

  // refusing asks first: cancelled, the request stays; confirmed (by keyboard), it goes
  await modal.getByRole('button', { name: `Refuse ${refused.email}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Refuse ${refused.email}'s request?` })
  await expect(confirm).toBeVisible()
  await screen(page, 'join-request-refuse')
  await expectAccessibleInBothThemes(page, 'join-request-refuse')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal.getByRole('row').filter({ hasText: refused.email })).toHaveCount(1)
  await modal.getByRole('button', { name: `Refuse ${refused.email}` }).click()
  await expect(confirm).toBeVisible()
  // the dialog moves the focus into itself as it opens: the confirm button is focused only after that
  // (focused sooner, the opening takes the focus to the first button, and Enter does not refuse)
  await expect(confirm.locator(':focus')).toHaveCount(1)
  const refuseButton = confirm.getByRole('button', { name: 'Refuse request' })
  await refuseButton.focus()
  await expect(refuseButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(modal.getByText('No request is waiting.')).toBeVisible()
  expect(await rolesIn(request, refused, organization.id)).toEqual([])
  expect(await rolesIn(request, asker, organization.id)).toEqual(['student'])
  expect(await rolesIn(request, teacher, organization.id)).toEqual(['teacher'])
})
