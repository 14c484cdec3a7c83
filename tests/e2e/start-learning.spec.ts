import { expect, test } from '@playwright/test'
import { createAccount, newPerson } from './support/api'
import { screen, screenAtWidths } from './support/screens'
import { errorPanel, logIn, toast } from './support/ui'

/**
 * A person in no organization who says they are a student lands on the start-learning screen and gets the app's link by e-mail
 * and by text message (POST /v1/invitations/email and /sms), read back from the development outbox.
 */
test('a person without an organization gets the app link by e-mail and by text message', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('learner', 'Lin', 'Nguyen'))
  await logIn(page, person)
  await expect(page).toHaveURL(/\/onboarding$/)
  // the onboarding: a student gets the start-learning screen
  await page.getByRole('button', { name: 'Get started' }).click()
  await page.getByRole('button', { name: 'I am a student' }).click()
  await expect(page.getByRole('heading', { name: 'Start learning', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Join your school or company' })).toBeVisible()
  await screenAtWidths(page, 'start-learning', async () => {
    await expect(page.getByRole('button', { name: 'Send the link by text message' })).toBeVisible()
  })

  // by e-mail: the person's own address to start with; the button waits for the phone type
  await page.getByRole('button', { name: 'Send the link by e-mail' }).click()
  const mailDialog = page.getByRole('dialog', { name: 'Send the link by e-mail' })
  await expect(mailDialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(person.email)
  const send = mailDialog.getByRole('button', { name: 'Send link' })
  await expect(send).toBeDisabled()
  await mailDialog.getByRole('textbox', { name: 'E-mail' }).fill('not an address')
  await expect(mailDialog.getByText('Please input correct email address')).toBeVisible()
  await mailDialog.getByRole('textbox', { name: 'E-mail' }).fill(person.email)
  await mailDialog.getByRole('combobox', { name: 'Phone type' }).click()
  await page.getByRole('option', { name: 'iPhone or iPad (iOS)' }).click()
  await screen(page, 'start-learning-email-dialog')
  await send.click()
  await expect(toast(page, `The link is on its way to ${person.email}.`)).toBeVisible()
  await expect(mailDialog).toBeHidden()
  const mails = await (await request.get(`/dev/mail.json?to=${encodeURIComponent(person.email)}`)).json()
  expect(mails[0]).toMatchObject({ subject: 'Your link to the pronunciation app', links: ['https://apps.apple.com/app/id1083804886'] })

  // by text message: 'Phone should be a number'; then a number the dial code's country does not use
  await page.getByRole('button', { name: 'Send the link by text message' }).click()
  const smsDialog = page.getByRole('dialog', { name: 'Send the link by text message' })
  await smsDialog.getByRole('textbox', { name: 'Code' }).fill('+66')
  await smsDialog.getByRole('textbox', { name: 'Phone number' }).fill('81234S678')
  await expect(smsDialog.getByText('Phone should be a number')).toBeVisible()
  await smsDialog.getByRole('combobox', { name: 'Phone type' }).click()
  await page.getByRole('option', { name: 'Android' }).click()
  await expect(smsDialog.getByRole('button', { name: 'Send link' })).toBeDisabled()
  await smsDialog.getByRole('textbox', { name: 'Phone number' }).fill('1234')
  await smsDialog.getByRole('button', { name: 'Send link' }).click()
  await expect(errorPanel(smsDialog)).toHaveText('This is not a phone number of that country code.')
  await smsDialog.getByRole('textbox', { name: 'Phone number' }).fill('812345678')
  await smsDialog.getByRole('button', { name: 'Send link' }).click()
  await expect(toast(page, 'The link is on its way to +66 812345678.')).toBeVisible()
  await expect(smsDialog).toBeHidden()
  const texts = await (await request.get('/dev/sms.json?to=%2B66812345678')).json()
  expect(texts[0]).toMatchObject({ to: '+66812345678', links: ['https://play.google.com/store/apps/details?id=us.nineworlds.elsa'] })
})
