import { expect, test } from '@playwright/test'
import { createAccount, createOrganization, login, bearer, newPerson, organizationName } from './support/api'
import { mailsTo, newestMailLink } from './support/mail'
import { expectAccessibleInBothThemes } from './support/screens'
import { logIn, toast } from './support/ui'

/**
 * The pending invitations of the users view (spec §2, §4 Invitation, §5 resending): an admin invites
 * two addresses, sees the chip with 2, resends one (a new mail goes out), removes the other after the
 * confirmation, and the removed invitation's link shows the invalid-invitation page.
 */
/**
 * Addresses typed as one burst, with every separator: each becomes a tag whole. (The box used to be
 * emptied a frame after a tag was added, which lost a key typed within that frame: "emoved-…".)
 */
test('addresses typed fast, with every kind of separator, become tags without losing a character', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Seymour', 'Skinner'))
  const organization = await createOrganization(request, organizationName('Burst School'), { owner: owner.email })
  const { link } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: owner.email },
  })
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/users`)
  await page.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite by email' })
  const stamp = Date.now() % 1e6
  const addresses = Array.from({ length: 6 }, (_, index) => `r${index}-${stamp}@example.com`)
  const separators = [',', ';', ' ', ', ', ';']
  const emails = dialog.getByRole('textbox', { name: 'Email addresses' })
  // (a loaded machine types slowly: the action is given the journey's time)
  await emails.pressSequentially(addresses.map((address, index) => address + (separators[index] ?? '')).join(''), { timeout: 60_000 })
  await emails.press('Enter')
  for (const address of addresses) await expect(dialog.getByRole('button', { name: `Remove ${address}` })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(addresses.length)
  await expect(emails).toHaveValue('')
})

test('an admin resends one pending invite and removes the other, whose link then shows the invalid-invitation page', async ({ page, request }) => {
  const owner = await createAccount(request, newPerson('owner', 'Edna', 'Krabappel'))
  const organization = await createOrganization(request, organizationName('Pending School'), { owner: owner.email })
  const { link: ownerLink } = await newestMailLink(request, owner.email, '/invite')
  const session = await login(request, owner.email, owner.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: ownerLink.pathname.split('/').pop(), email: owner.email },
  })
  expect(accepted.status()).toBe(200)

  const stamp = Date.now()
  const resent = `resent-${stamp}@example.com`
  const removed = `removed-${stamp}@example.com`
  await logIn(page, owner)
  await page.goto(`/organization/${organization.id}/users`)
  await expect(page.getByRole('button', { name: /^Pending invites/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite by email' })
  const emails = dialog.getByRole('textbox', { name: 'Email addresses' })
  await emails.pressSequentially(`${resent};${removed}`)
  await emails.press('Enter')
  await expect(dialog.getByRole('button', { name: `Remove ${resent}` })).toBeVisible()
  await expect(dialog.getByRole('button', { name: `Remove ${removed}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Send invitations' }).click()
  await expect(toast(page, '2 invitations sent.')).toBeVisible()
  const { link: removedLink } = await newestMailLink(request, removed, '/invite')

  // the count follows the invite without a reload
  await page.getByRole('button', { name: 'Pending invites (2)' }).click()
  const modal = page.getByRole('dialog', { name: 'Pending invites' })
  await expect(modal.getByRole('row')).toHaveCount(3)

  await modal.getByRole('button', { name: `Resend the invite of ${resent}` }).click()
  // (the toasts are outside the modal, hidden from the accessibility tree while it is open)
  await expect(modal.getByRole('row').filter({ hasText: resent })).toContainText('Resent')
  await expect.poll(async () => (await mailsTo(request, resent)).length).toBe(2)

  await modal.getByRole('button', { name: `Remove the invite of ${removed}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove the invite of ${removed}?` })
  await expect(confirm.getByRole('button', { name: 'Remove invite' })).toBeVisible()
  // its red confirm button reads in both themes (white on red at 4.5:1 at least)
  await expectAccessibleInBothThemes(page, 'pending-invite-remove')
  await confirm.getByRole('button', { name: 'Remove invite' }).click()
  await expect(modal.getByRole('row').filter({ hasText: removed })).toHaveCount(0)
  await modal.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByRole('button', { name: 'Pending invites (1)' })).toBeVisible()

  // the removed invitation's link is dead
  const visitor = await (await page.context().browser()!.newContext()).newPage()
  await visitor.goto(removedLink.pathname)
  await expect(visitor.getByText('Invitation is expired or not valid')).toBeVisible()
  await visitor.context().close()
})
