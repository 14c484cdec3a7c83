/**
 * The invite-token check (machines/invite-token.ts) as a person meets it: the link of the invitation
 * mail, /invite/<token> (InvitePage), or a damaged ?invite= value of /login (InviteGate). What each
 * outcome stands for is arranged for real:
 * - validateInvitation: done = the link of a pending invitation, for an address without an account
 *   (new_user) or with one; 404 = a link whose token the server does not know (mistyped, or sent
 *   again since).
 * Accepting it is then the login's walk ('invited') and the sign-up's journeys.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import { inviteTokenMachine } from '../../../../machines/invite-token'
import type { ValidatedInvitation } from '../../../../machines/types'
import { createAccount, createOrganization, invite, newPerson, organizationName, type Organization } from '../api'
import { apiFailure, done, failed, statusOf, type MachineUi } from '../machine-paths'
import { emailBox, loginHeading, toast } from '../ui'

interface InviteWorld {
  request: APIRequestContext
  organization: Organization | null
  /** The address invited. */
  email: string | null
  /** The link opened. */
  link: string
}

const invitation = (newUser: boolean) =>
  ({ token: 'from-the-mail', organization_name: 'the organization', email: 'invitee', new_user: newUser, role: 'student' }) as unknown as ValidatedInvitation

export const inviteToken: MachineUi<typeof inviteTokenMachine, InviteWorld> = {
  name: 'inviteTokenMachine',
  machine: inviteTokenMachine,
  inputs: { 'a mailed link': { token: 'from-the-mail' }, 'a damaged link': { token: '' } },
  paths: 'tour',
  events: [
    done('validateInvitation', invitation(true)),
    done('validateInvitation', invitation(false)),
    failed('validateInvitation', apiFailure(404)),
  ],
  async start(page, { input, request }) {
    const world: InviteWorld = { request, organization: null, email: null, link: '' }
    // an ?invite= value that is no invitation: nothing to ask the server
    if (input.token === '') await page.goto('/login?invite=not-an-invitation')
    return world
  },
  async open(page, world) {
    await page.goto(world.link)
  },
  executors: {},
  arrangements: {
    validateInvitation: {
      call: { method: 'GET', path: /^\/v1\/invitations\/validate\/[^/]+\/$/ },
      done: async (_page, event, world) => {
        const newUser = (event.output as ValidatedInvitation).new_user
        world.organization = await createOrganization(world.request, organizationName('Invite Paths'))
        const person = newPerson('path-invited', 'Ivy', 'Tee')
        if (!newUser) await createAccount(world.request, person)
        world.email = person.email
        const link = await invite(world.request, world.organization, person.email)
        world.link = link.pathname
      },
      error: async (_page, event, world) => {
        expect(statusOf(event.error)).toBe(404)
        world.link = '/invite/no-such-token-abcdefghijklmnopqrstuvwxyz'
      },
    },
  },
  states: {
    signUp: async (page, world) => {
      const name = world.organization?.name ?? ''
      await expect(page).toHaveURL(/\/signup\?invite=/)
      await expect(page.getByRole('heading', { name: `Join ${name}`, level: 1 })).toBeVisible()
      await expect(page.getByText(`You're invited to join ${name} as Student.`)).toBeVisible()
      // the invited address, and only it
      await expect(emailBox(page)).toHaveValue(world.email ?? '')
      await expect(emailBox(page)).not.toBeEditable()
    },
    existingUser: async (page, world) => {
      await expect(page).toHaveURL(/\/login\?invite=/)
      await expect(page.getByText(`You have been invited to join ${world.organization?.name}.`)).toBeVisible()
      await expect(emailBox(page)).toHaveValue(world.email ?? '')
      await expect(page.getByRole('button', { name: 'Log in and accept invitation' })).toBeVisible()
    },
    invalid: async (page) => {
      await expect(toast(page, 'Invitation is expired or not valid')).toBeVisible()
      await expect(page).toHaveURL(/\/login$/)
      await expect(loginHeading(page)).toBeVisible()
      await expect(emailBox(page)).toHaveValue('')
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    },
  },
}
