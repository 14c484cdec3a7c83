/**
 * The machines' paths walked through the real UI (tests/e2e/support/machine-paths.ts): login,
 * recover-password and withdraw here; invite-token, report-range, onboarding, the class wizard, file
 * import and the session from tests/e2e/support/paths/ (each file says what its actors' outcomes stand
 * for), walked in tours near the end of this file. For the three here, what each actor outcome stands
 * for is arranged for real:
 * - signIn: done = the right password of a confirmed account; 400 = a wrong password; 403 = an
 *   account that has not confirmed its e-mail; 429 = an e-mail that already failed 5 times from this
 *   client address (the right password then waits too);
 * - acceptInvite: done = the link of the invitation; 404 = the admin sent the invitation again
 *   meanwhile (a new token), so the link in hand no longer holds;
 * - loadAccount: done = the account; 0 = the connection drops (the request is aborted);
 * - requestPasswordReset: done = an address with attempts left; 429 = an address that already
 *   asked 5 times; 0 = the connection drops;
 * - withdraw: done = another admin stays (or joins again after a refusal); 409 = the other admin
 *   withdrew meanwhile, so the person became the only admin; 0 = the connection drops;
 * - reloadAccount: done = the account without the organization; 0 = the connection drops (the
 *   dialog closes all the same and the session reloads the account).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { loginMachine } from '../../machines/login'
import { withdrawMachine } from '../../machines/withdraw'
import { recoverPasswordMachine } from '../../machines/recover-password'
import type { OrganizationMembership, Session, User } from '../../machines/types'
import { bearer, createAccount, createOrganization, invite, login as apiLogin, newPerson, organizationName, resendInvitation, signUp, type Organization, type Person } from './support/api'
import { newestMailLink } from './support/mail'
import { apiFailure, coverageOf, done, failed, leafStates, statusOf, uiPaths, walkPath, type MachineUi } from './support/machine-paths'
import { inviteToken } from './support/paths/invite-token'
import { classWizard } from './support/paths/class-wizard'
import { fileImport } from './support/paths/file-import'
import { onboarding } from './support/paths/onboarding'
import { reportRange } from './support/paths/report-range'
import { session } from './support/paths/session'
import { shot } from './support/screens'
import { emailBox, errorPanel, logIn, loginHeading, passwordBox, toast, userMenu } from './support/ui'

const TOO_MANY = /^Too many attempts\. Try again in \d+ seconds?\.$/
const NETWORK = 'Cannot reach the server. Check your connection and try again.'

/**
 * Spends the 5 attempts per e-mail and window of a rate-limited call (server/services/rate-limit.ts):
 * for login, 5 failures from this client address (only failures count).
 */
async function useUpAttempts(request: APIRequestContext, path: string, data: Record<string, string>): Promise<void> {
  let status = 0
  for (let attempt = 0; attempt < 10 && status !== 429; attempt++) status = (await request.post(path, { data })).status()
  expect(status, `${path} limited`).toBe(429)
}

/** The connection drops for the next matching call. */
async function dropNext(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => (route.request().method() === method ? route.abort('internetdisconnected') : route.fallback()),
    { times: 1 },
  )
}

// --- login ---------------------------------------------------------------------------------------

interface LoginWorld {
  request: APIRequestContext
  /** The accounts behind the e-mails of the events ('invitee', 'other'). */
  accounts: Record<'invitee' | 'other', Person>
  organization: Organization | null
  /** Who types what at the next submit (arranged by the actor outcomes). */
  next: { person?: Person; wrongPassword?: boolean }
  /** Who is typed in the form now. */
  typed: Person | null
  expectedError: string | RegExp | null
  expectedToast: string | null
  /** The recover-password dialog was closed over a typed form: the form keeps what was typed. */
  formKept: boolean
}

const invitePlaceholder = { token: 'from-the-mail', organization_name: 'the organization', email: 'invitee', new_user: false }
const someUser = { id: 1, is_superuser: false, organizations: [] } as unknown as User
const someSession: Session = { token: 'token', user_id: 1, expires_at: '2030-01-01T00:00:00Z' }

const login: MachineUi<typeof loginMachine, LoginWorld> = {
  name: 'loginMachine',
  machine: loginMachine,
  inputs: { plain: { invite: null }, invited: { invite: invitePlaceholder } },
  events: [
    { type: 'login.submit', email: 'invitee', password: 'right' },
    { type: 'login.submit', email: 'other', password: 'right' },
    { type: 'login.forgotPassword' },
    { type: 'login.createAccount' },
    { type: 'login.resendConfirmation', email: 'the refused one' },
    { type: 'login.closeDialog' },
    done('signIn', someSession),
    failed('signIn', apiFailure(400, { detail: 'The email or password is not correct.' })),
    failed('signIn', apiFailure(403, { code: 'unconfirmed' })),
    failed('signIn', apiFailure(429, { code: 'rate_limited' })),
    done('acceptInvite', { organization: { id: 1, name: 'the organization', type: 'school', roles: ['student'] } }),
    failed('acceptInvite', apiFailure(404)),
    done('loadAccount', someUser),
    failed('loadAccount', apiFailure(0)),
  ],
  // Without an invitation both e-mails behave alike. With one, the paths that log in are the ones it
  // changes ("create account" is not offered there: the invitation is for an existing account).
  keep: (input, events) =>
    input === 'plain'
      ? !events.some((event) => event.type === 'login.submit' && event.email === 'other')
      : events.some((event) => event.type === 'xstate.done.actor.signIn'),
  async start(page, { inputName, request }) {
    const world: LoginWorld = {
      request,
      accounts: {} as LoginWorld['accounts'],
      organization: null,
      next: {},
      typed: null,
      expectedError: null,
      expectedToast: null,
      formKept: false,
    }
    world.accounts.invitee = await createAccount(world.request, newPerson('path-invitee', 'Ines', 'Vitee'))
    world.accounts.other = await createAccount(world.request, newPerson('path-other', 'Otto', 'Ther'))
    if (inputName === 'invited') {
      world.organization = await createOrganization(world.request, organizationName('Paths Academy'))
      const link = await invite(world.request, world.organization, world.accounts.invitee.email)
      await page.goto(link.pathname + link.search)
      world.typed = world.accounts.invitee
    } else {
      await page.goto('/login')
    }
    return world
  },
  executors: {
    'login.submit': async (page, event, world) => {
      const person = world.next.person ?? world.accounts[event.email as 'invitee' | 'other']
      const password = world.next.wrongPassword ? `${person.password}-wrong` : person.password
      if (world.organization && !world.next.person && event.email === 'other') world.expectedToast = 'Invite could not be accepted'
      await emailBox(page).fill(person.email)
      await passwordBox(page).fill(password)
      world.typed = person
      world.next = {}
      await page.getByRole('button', { name: world.organization ? 'Log in and accept invitation' : 'Log in', exact: true }).click()
    },
    'login.forgotPassword': async (page) => {
      await page.getByRole('button', { name: 'Forgot password?' }).click()
    },
    'login.createAccount': async (page) => {
      await page.getByRole('button', { name: 'Create account' }).click()
    },
    'login.resendConfirmation': async (page) => {
      await page.getByRole('button', { name: 'Resend confirmation email' }).click()
    },
    'login.closeDialog': async (page, _event, world) => {
      world.formKept = world.typed !== null
      // whichever dialog the login flow has open over the form
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click()
      await expect(dialog).toBeHidden()
    },
  },
  arrangements: {
    signIn: {
      call: { method: 'POST', path: /^\/v1\/accounts\/login-legacy\/$/ },
      done: async (_page, _event, world) => {
        world.expectedError = null
      },
      error: async (_page, event, world) => {
        const status = statusOf(event.error)
        if (status === 400) {
          world.next = { wrongPassword: true }
          world.expectedError = 'The email or password is not correct.'
        } else if (status === 403) {
          const person = newPerson('path-unconfirmed', 'Una', 'Confirmed')
          await signUp(world.request, person)
          world.next = { person }
          world.expectedError = 'Confirm your email address before logging in. Check your inbox for the link.'
        } else if (status === 429) {
          const person = await createAccount(world.request, newPerson('path-limited', 'Lim', 'Ited'))
          await useUpAttempts(world.request, '/v1/accounts/login-legacy/', { email: person.email, password: 'not-it' })
          world.next = { person }
          world.expectedError = TOO_MANY
        } else throw new Error(`no arrangement for signIn failing with ${status}`)
      },
    },
    acceptInvite: {
      call: { method: 'POST', path: /^\/v1\/accounts\/invite\/accept$/ },
      done: async (_page, _event, world) => {
        world.expectedToast = `You joined ${world.organization?.name}.`
      },
      error: async (_page, _event, world) => {
        // the admin mails the invitation again: a new token, the link in hand is no longer valid
        await resendInvitation(world.request, world.organization as Organization, world.accounts.invitee.email)
        world.expectedToast = 'Invite could not be accepted'
      },
    },
    loadAccount: {
      call: { method: 'GET', path: /^\/v1\/accounts\/\d+$/ },
      done: async () => {},
      error: async (page, event, world) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'GET', /^\/v1\/accounts\/\d+$/)
        world.expectedError = NETWORK
      },
    },
  },
  states: {
    'editing.ready': async (page, world) => {
      await expect(loginHeading(page)).toBeVisible()
      await expect(errorPanel(page)).toBeHidden()
      if (world.formKept) {
        // back from the recover-password dialog: the form as it was left, nobody logged in
        await expect(emailBox(page)).toHaveValue(world.typed?.email ?? '')
        await expect(page.getByRole('button', { name: /User menu/ })).toBeHidden()
      } else if (world.organization) {
        await expect(page.getByText(`You have been invited to join ${world.organization.name}.`)).toBeVisible()
        await expect(emailBox(page)).toHaveValue(world.accounts.invitee.email)
        await expect(page.getByRole('button', { name: 'Log in and accept invitation' })).toBeDisabled()
        // the invitation is for an existing account: it is accepted by logging in, sign-up is not offered
        await expect(
          page.getByText(`This invitation is for your existing account ${world.accounts.invitee.email}. Log in to accept it.`),
        ).toBeVisible()
        await expect(page.getByRole('button', { name: 'Create account' })).toBeHidden()
      } else {
        await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled()
        await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
      }
    },
    'editing.failed': async (page, world) => {
      await expect(loginHeading(page)).toBeVisible()
      await expect(errorPanel(page)).toHaveText(world.expectedError ?? 'no error expected')
      // the person is not logged in and can correct the form
      await expect(page.getByRole('button', { name: /User menu/ })).toBeHidden()
      await expect(emailBox(page)).toHaveValue(world.typed?.email ?? '')
      if (world.expectedError === 'Confirm your email address before logging in. Check your inbox for the link.') {
        await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible()
      }
    },
    done: async (page, world) => {
      const person = world.typed as Person
      await expect(userMenu(page, person)).toBeVisible()
      await expect(page).toHaveURL(world.expectedToast?.startsWith('You joined') ? /\/$/ : /\/(onboarding)?$/)
      if (world.expectedToast) await expect(toast(page, world.expectedToast)).toBeVisible()
      if (world.expectedToast?.startsWith('You joined')) await expect(page.getByText(world.organization?.name ?? '', { exact: true }).first()).toBeVisible()
      else await expect(page).toHaveURL(/\/onboarding$/)
    },
    forgotPassword: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Forgot your password?' })).toBeVisible()
    },
    resendConfirmation: async (page, world) => {
      const dialog = page.getByRole('dialog', { name: 'Resend confirmation email' })
      await expect(dialog).toBeVisible()
      // for the address the login was refused for
      await expect(emailBox(dialog)).toHaveValue(world.typed?.email ?? '')
    },
    createAccount: async (page) => {
      await expect(page).toHaveURL(/\/signup$/)
      await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible()
    },
  },
}

test.describe('loginMachine paths through the UI', () => {
  const paths = uiPaths(login)
  test('the paths pass through every state of the machine', () => {
    const { states, transitions } = coverageOf(paths)
    console.log(`loginMachine in the UI: ${paths.length} paths, ${states.length} states, ${transitions.length} transitions`)
    expect(states).toEqual(leafStates(loginMachine))
  })
  paths.forEach((path, index) => {
    test(path.title, async ({ page, request }) => {
      const checked = await walkPath(page, request, login, path)
      expect(checked.at(-1)).toBe(path.title.replace(/^\[\w+\] /, '').split(' <- ')[0])
      await shot(page, `path-login-${String(index + 1).padStart(2, '0')}-${checked.at(-1)}`)
    })
  })
})

// --- recover password ----------------------------------------------------------------------------

interface RecoverWorld {
  request: APIRequestContext
  /** The address typed at the next submit. */
  email: string
  /** Addresses that used up their attempts. */
  limited: Set<string>
  expectedError: string | RegExp | null
  /** The address the last link was asked for. */
  sentTo: string | null
}

const recoverDialog = (page: Page) => page.getByRole('dialog', { name: 'Forgot your password?' })

const recover: MachineUi<typeof recoverPasswordMachine, RecoverWorld> = {
  name: 'recoverPasswordMachine',
  machine: recoverPasswordMachine,
  inputs: { plain: undefined },
  events: [
    { type: 'recover.submit', email: 'the account' },
    { type: 'recover.again' },
    done('requestPasswordReset', { detail: 'sent' }),
    failed('requestPasswordReset', apiFailure(429, { code: 'rate_limited' })),
    failed('requestPasswordReset', apiFailure(0)),
  ],
  async start(page, { request }) {
    const world: RecoverWorld = { request, email: '', limited: new Set(), expectedError: null, sentTo: null }
    world.email = (await createAccount(request, newPerson('path-recover', 'Rita', 'Cover'))).email
    await page.goto('/login')
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    return world
  },
  executors: {
    'recover.submit': async (page, _event, world) => {
      await emailBox(recoverDialog(page)).fill(world.email)
      await recoverDialog(page).getByRole('button', { name: 'Send reset link' }).click()
    },
    'recover.again': async (page) => {
      await page.getByRole('dialog', { name: 'Check your inbox' }).getByRole('button', { name: 'Use another email' }).click()
    },
  },
  arrangements: {
    requestPasswordReset: {
      call: { method: 'POST', path: /^\/v1\/accounts\/reset_password\/$/ },
      done: async (_page, _event, world) => {
        // an address that used up its attempts would be refused: the person types another one
        if (world.limited.has(world.email)) world.email = (await createAccount(world.request, newPerson('path-recover2', 'Rita', 'Cover'))).email
        world.expectedError = null
      },
      error: async (page, event, world) => {
        const status = statusOf(event.error)
        if (status === 429) {
          await useUpAttempts(world.request, '/v1/accounts/reset_password/', { email: world.email })
          world.limited.add(world.email)
          world.expectedError = TOO_MANY
        } else if (status === 0) {
          await dropNext(page, 'POST', /^\/v1\/accounts\/reset_password\/$/)
          world.expectedError = NETWORK
        } else throw new Error(`no arrangement for requestPasswordReset failing with ${status}`)
      },
    },
  },
  states: {
    'asking.ready': async (page, world) => {
      const dialog = recoverDialog(page)
      await expect(dialog).toBeVisible()
      await expect(errorPanel(dialog)).toBeHidden()
      // after "use another email" the address it was sent to is filled in again
      await expect(emailBox(dialog)).toHaveValue(world.sentTo ?? '')
    },
    'asking.failed': async (page, world) => {
      const dialog = recoverDialog(page)
      await expect(errorPanel(dialog)).toHaveText(world.expectedError ?? 'no error expected')
      await expect(emailBox(dialog)).toHaveValue(world.email)
      await expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeEnabled()
    },
    sent: async (page, world) => {
      const dialog = page.getByRole('dialog', { name: 'Check your inbox' })
      await expect(dialog).toContainText(`If an account exists for ${world.email}, we sent it a link to reset the password.`)
      world.sentTo = world.email
      // and the link is in that inbox
      const { mail } = await newestMailLink(world.request, world.email, '/reset-password')
      expect(mail.subject).toBe('Reset your password')
    },
  },
}

test.describe('recoverPasswordMachine paths through the UI', () => {
  const paths = uiPaths(recover)
  test('the paths pass through every state and take every transition of the machine', () => {
    const { states, transitions } = coverageOf(paths)
    console.log(`recoverPasswordMachine in the UI: ${paths.length} paths, ${states.length} states, ${transitions.length} transitions`)
    expect(states).toEqual(leafStates(recoverPasswordMachine))
    expect(transitions).toEqual([
      'asking.failed --recover.submit--> sending',
      'asking.ready --recover.submit--> sending',
      'sending --xstate.done.actor.requestPasswordReset--> sent',
      'sending --xstate.error.actor.requestPasswordReset--> asking.failed',
      'sent --recover.again--> asking.ready',
    ])
  })
  paths.forEach((path, index) => {
    test(path.title, async ({ page, request }) => {
      const checked = await walkPath(page, request, recover, path)
      expect(checked.at(-1)).toBe(path.title.replace(/^\[\w+\] /, '').split(' <- ')[0])
      await shot(page, `path-recover-${String(index + 1).padStart(2, '0')}-${checked.at(-1)}`)
    })
  })
})

// --- withdraw ------------------------------------------------------------------------------------

/** An account that accepted an invitation to the organization with this role. */
async function memberOf(request: APIRequestContext, organization: Organization, prefix: string, role: 'student' | 'teacher' | 'admin'): Promise<Person> {
  const person = await createAccount(request, newPerson(prefix, 'Wanda', 'Drawer'))
  const link = await invite(request, organization, person.email, role)
  const session = await apiLogin(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
  return person
}

interface WithdrawWorld {
  request: APIRequestContext
  organization: Organization
  /** The other admin, while there is one. */
  otherAdmin: Person | null
  expectedError: string | null
  /** The membership was removed. */
  withdrawn: boolean
}

const withdrawDialog = (page: Page, world: WithdrawWorld) => page.getByRole('alertdialog', { name: `Withdraw from ${world.organization.name}` })
const membership = (soleAdmin: boolean): OrganizationMembership => ({ id: 1, name: 'the school', type: 'school', roles: ['admin'], sole_admin: soleAdmin })

const withdraw: MachineUi<typeof withdrawMachine, WithdrawWorld> = {
  name: 'withdrawMachine',
  machine: withdrawMachine,
  inputs: { 'an admin beside another': { userId: 1, organization: membership(false) }, 'the only admin': { userId: 1, organization: membership(true) } },
  events: [
    { type: 'withdraw.confirm' },
    { type: 'withdraw.cancel' },
    done('withdraw', undefined),
    failed('withdraw', apiFailure(409, { code: 'sole_admin' })),
    failed('withdraw', apiFailure(0)),
    done('reloadAccount', someUser),
    failed('reloadAccount', apiFailure(0)),
  ],
  async start(page, { inputName, request }) {
    const organization = await createOrganization(request, organizationName('Withdraw Paths'))
    const me = await memberOf(request, organization, 'path-withdraw', 'admin')
    const otherAdmin = inputName === 'the only admin' ? null : await memberOf(request, organization, 'path-other-admin', 'admin')
    const world: WithdrawWorld = { request, organization, otherAdmin, expectedError: null, withdrawn: false }
    await logIn(page, me)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: `Withdraw from ${organization.name}` }).click()
    return world
  },
  executors: {
    'withdraw.confirm': async (page, _event, world) => {
      await withdrawDialog(page, world).getByRole('button', { name: /^(Withdraw|Yes, withdraw)$/ }).click()
    },
    'withdraw.cancel': async (page, _event, world) => {
      await withdrawDialog(page, world).getByRole('button', { name: /^(Cancel|Close)$/ }).click()
    },
  },
  arrangements: {
    withdraw: {
      call: { method: 'DELETE', path: /^\/v1\/organizations\/\d+\/membership\/$/ },
      done: async (_page, _event, world) => {
        // after a refusal for being the only admin, another admin joins, and the person may go
        if (!world.otherAdmin) world.otherAdmin = await memberOf(world.request, world.organization, 'path-new-admin', 'admin')
        world.expectedError = null
        world.withdrawn = true
      },
      error: async (page, event, world) => {
        const status = statusOf(event.error)
        if (status === 409) {
          // the other admin withdraws meanwhile (if still there): the person is now the only admin
          const other = world.otherAdmin
          if (other) {
            const session = await apiLogin(world.request, other.email, other.password)
            expect((await world.request.delete(`/v1/organizations/${world.organization.id}/membership/`, { headers: bearer(session.token) })).status()).toBe(204)
            world.otherAdmin = null
          }
          world.expectedError = 'Cannot remove the only admin of an organization.'
        } else if (status === 0) {
          await dropNext(page, 'DELETE', /^\/v1\/organizations\/\d+\/membership\/$/)
          world.expectedError = NETWORK
        } else throw new Error(`no arrangement for withdraw failing with ${status}`)
      },
    },
    reloadAccount: {
      call: { method: 'GET', path: /^\/v1\/accounts\/\d+$/ },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'GET', /^\/v1\/accounts\/\d+$/)
      },
    },
  },
  states: {
    soleAdmin: async (page, world) => {
      const dialog = withdrawDialog(page, world)
      await expect(dialog).toContainText(`You are the only admin of ${world.organization.name}. Invite another owner (an admin) first; then you can withdraw.`)
      await expect(dialog.getByRole('button', { name: 'Withdraw', exact: true })).toHaveCount(0)
    },
    asking: async (page, world) => {
      const dialog = withdrawDialog(page, world)
      await expect(dialog).toContainText(`Do you want to withdraw from ${world.organization.name}?`)
      await expect(errorPanel(dialog)).toBeHidden()
    },
    confirmed: async (page, world) => {
      const dialog = withdrawDialog(page, world)
      await expect(dialog).toContainText(`You are an admin of ${world.organization.name}; the other admins keep running it.`)
      await expect(dialog.getByRole('button', { name: 'Yes, withdraw' })).toBeEnabled()
      await expect(errorPanel(dialog)).toBeHidden()
    },
    failed: async (page, world) => {
      const dialog = withdrawDialog(page, world)
      await expect(errorPanel(dialog)).toHaveText(world.expectedError ?? 'no error expected')
      await expect(dialog.getByRole('button', { name: 'Yes, withdraw' })).toBeEnabled()
    },
    closed: async (page, world) => {
      await expect(withdrawDialog(page, world)).toHaveCount(0)
      const row = page.getByRole('listitem').filter({ hasText: world.organization.name })
      if (world.withdrawn) {
        await expect(toast(page, `You withdrew from ${world.organization.name}.`)).toBeVisible()
        await expect(row).toHaveCount(0)
      } else await expect(row).toContainText('Admin')
    },
  },
}

test.describe('withdrawMachine paths through the UI', () => {
  const paths = uiPaths(withdraw)
  test('the paths pass through every state and take every transition of the machine', () => {
    const { states, transitions } = coverageOf(paths)
    console.log(`withdrawMachine in the UI: ${paths.length} paths, ${states.length} states, ${transitions.length} transitions`)
    // 'checking' is left at once (eventless): no snapshot stops there
    expect(states).toEqual(leafStates(withdrawMachine).filter((state) => state !== 'checking'))
    expect(transitions).toEqual([
      'asking --withdraw.cancel--> closed',
      'asking --withdraw.confirm--> confirmed',
      'confirmed --withdraw.cancel--> closed',
      'confirmed --withdraw.confirm--> withdrawing',
      'failed --withdraw.cancel--> closed',
      'failed --withdraw.confirm--> withdrawing',
      'reloading --xstate.done.actor.reloadAccount--> closed',
      'reloading --xstate.error.actor.reloadAccount--> closed',
      'soleAdmin --withdraw.cancel--> closed',
      'withdrawing --xstate.done.actor.withdraw--> reloading',
      'withdrawing --xstate.error.actor.withdraw--> failed',
    ])
  })
  paths.forEach((path, index) => {
    test(path.title, async ({ page, request }) => {
      const checked = await walkPath(page, request, withdraw, path)
      expect(checked.at(-1)).toBe(path.title.replace(/^\[[\w ]+\] /, '').split(' <- ')[0])
      await shot(page, `path-withdraw-${String(index + 1).padStart(2, '0')}-${checked.at(-1)}`)
    })
  })
})

// --- the flows walked by tours (tests/e2e/support/paths/) ------------------------------------------

/**
 * One machine's tours: a first test checks that they pass through every state (but the transient ones,
 * left at once) and take exactly the transitions listed by hand here, so a transition removed from
 * the machine or from the walk fails; then one test per tour.
 */
function walkTours<M extends Parameters<typeof uiPaths>[0]['machine'], W>(
  spec: MachineUi<M, W>,
  shotName: string,
  expected: { transient: string[]; transitions: string[] },
) {
  test.describe(`${spec.name} paths through the UI`, () => {
    const paths = uiPaths(spec)
    test('the paths pass through every state and take every transition of the machine', () => {
      const { states, transitions } = coverageOf(paths)
      console.log(`${spec.name} in the UI: ${paths.length} paths, ${states.length} states, ${transitions.length} transitions`)
      expect(states).toEqual(leafStates(spec.machine).filter((state) => !expected.transient.includes(state)))
      expect(transitions).toEqual(expected.transitions)
    })
    paths.forEach((path, index) => {
      test(`${path.inputName} ${index + 1}: ${path.events.length} events to ${path.title.replace(/^\[[^\]]+\] /, '').split(' <- ')[0]}`, async ({ page, request }) => {
        const checked = await walkPath(page, request, spec, path)
        await shot(page, `path-${shotName}-${String(index + 1).padStart(2, '0')}-${checked.at(-1)}`)
      })
    })
  })
}

test.describe(() => {
  // the organization's zone: "this month" and tomorrow are the same days for the browser and the test
  test.use({ timezoneId: 'America/Los_Angeles' })
  walkTours(reportRange, 'report-range', {
    transient: [],
    // a change while the report loads replaces it in the machine (tests/model); the person acts here once it is in
    transitions: [
      'failed --range.dates--> failed',
      'failed --range.dates--> loading',
      'failed --range.retry--> loading',
      'failed --range.scope--> loading',
      'failed --range.shortcut--> loading',
      'loading --xstate.done.actor.loadReport--> ready',
      'loading --xstate.error.actor.loadReport--> failed',
      'ready --range.dates--> loading',
      'ready --range.dates--> ready',
      'ready --range.scope--> loading',
      'ready --range.shortcut--> loading',
    ],
  })
})

walkTours(inviteToken, 'invite-token', {
  // 'reading' is left at once (eventless)
  transient: ['reading'],
  transitions: [
    'validating --xstate.done.actor.validateInvitation--> existingUser',
    'validating --xstate.done.actor.validateInvitation--> signUp',
    'validating --xstate.error.actor.validateInvitation--> invalid',
  ],
})

walkTours(onboarding, 'onboarding', {
  // 'starting' and 'choosingFirstStep' are left at once; the screen has no class step yet
  transient: ['starting', 'settingUp.choosingFirstStep', 'settingUp.createClass'],
  transitions: [
    'askAdmin --onboarding.back--> askingForCode',
    'askAdmin --onboarding.hasCode--> toJoin',
    'askAdmin --onboarding.learn--> startLearning',
    'askingForCode --onboarding.back--> pickingRole',
    'askingForCode --onboarding.hasCode--> toJoin',
    'askingForCode --onboarding.noCode--> askAdmin',
    'creatingOrganization --onboarding.back--> pickingRole',
    'creatingOrganization --onboarding.created--> settingUp.inviteTeachers.idle',
    'creatingOrganization --onboarding.created--> uploadingLogo',
    'pickingRole --onboarding.back--> welcome',
    'pickingRole --onboarding.pickRole--> askingForCode',
    'pickingRole --onboarding.pickRole--> creatingOrganization',
    'pickingRole --onboarding.pickRole--> startLearning',
    'settingUp.inviteStudents.idle --onboarding.next--> finished',
    'settingUp.inviteStudents.idle --onboarding.openInvite--> settingUp.inviteStudents.inviting',
    'settingUp.inviteStudents.idle --onboarding.skip--> finished',
    'settingUp.inviteStudents.inviting --onboarding.closeInvite--> settingUp.inviteStudents.idle',
    'settingUp.inviteStudents.inviting --onboarding.invited--> settingUp.inviteStudents.idle',
    'settingUp.inviteTeachers.idle --onboarding.next--> settingUp.inviteStudents.idle',
    'settingUp.inviteTeachers.idle --onboarding.openInvite--> settingUp.inviteTeachers.inviting',
    'settingUp.inviteTeachers.idle --onboarding.skip--> settingUp.inviteStudents.idle',
    'settingUp.inviteTeachers.inviting --onboarding.closeInvite--> settingUp.inviteTeachers.idle',
    'settingUp.inviteTeachers.inviting --onboarding.invited--> settingUp.inviteTeachers.idle',
    'startLearning --onboarding.back--> pickingRole',
    'uploadingLogo --xstate.done.actor.uploadLogo--> settingUp.inviteTeachers.idle',
    'uploadingLogo --xstate.error.actor.uploadLogo--> settingUp.inviteTeachers.idle',
    'welcome --onboarding.start--> pickingRole',
  ],
})

walkTours(classWizard, 'class-wizard', {
  // 'starting' and 'resuming' are left at once; a draft opened from the list is not walked here
  transient: ['starting', 'resuming', 'loading', 'loadFailed'],
  transitions: [
    'cancelling --wizard.discard--> discarded',
    'cancelling --wizard.keep--> editing.details.editing',
    'cancelling --wizard.keep--> editing.goals.editing',
    'cancelling --wizard.keep--> editing.overview',
    'cancelling --wizard.keep--> editing.students',
    'confirming --wizard.back--> editing.overview',
    'confirming --wizard.confirm--> creating',
    'creating --xstate.done.actor.createClass--> created',
    'creating --xstate.error.actor.createClass--> editing.overview',
    'editing.details.editing --wizard.cancel--> cancelling',
    'editing.details.editing --wizard.next--> editing.details.invalid',
    'editing.details.editing --wizard.next--> editing.goals.editing',
    'editing.details.editing --wizard.saveDraft--> savingDraft',
    'editing.details.editing --wizard.update--> editing.details.editing',
    'editing.details.invalid --wizard.cancel--> cancelling',
    'editing.details.invalid --wizard.next--> editing.goals.editing',
    'editing.details.invalid --wizard.saveDraft--> savingDraft',
    'editing.details.invalid --wizard.update--> editing.details.invalid',
    'editing.goals.editing --wizard.cancel--> cancelling',
    'editing.goals.editing --wizard.next--> editing.goals.invalid',
    'editing.goals.editing --wizard.next--> editing.students',
    'editing.goals.editing --wizard.previous--> editing.details.editing',
    'editing.goals.editing --wizard.saveDraft--> savingDraft',
    'editing.goals.editing --wizard.skipGoals--> editing.students',
    'editing.goals.editing --wizard.update--> editing.goals.editing',
    'editing.goals.invalid --wizard.cancel--> cancelling',
    'editing.goals.invalid --wizard.next--> editing.students',
    'editing.goals.invalid --wizard.previous--> editing.details.editing',
    'editing.goals.invalid --wizard.saveDraft--> savingDraft',
    'editing.goals.invalid --wizard.skipGoals--> editing.students',
    'editing.goals.invalid --wizard.update--> editing.goals.invalid',
    'editing.overview --wizard.cancel--> cancelling',
    'editing.overview --wizard.goTo--> editing.details.editing',
    'editing.overview --wizard.previous--> editing.students',
    'editing.overview --wizard.saveDraft--> savingDraft',
    'editing.overview --wizard.submit--> confirming',
    'editing.students --wizard.cancel--> cancelling',
    'editing.students --wizard.next--> editing.overview',
    'editing.students --wizard.previous--> editing.goals.editing',
    'editing.students --wizard.saveDraft--> savingDraft',
    'savingDraft --xstate.done.actor.saveDraft--> draftSaved',
    'savingDraft --xstate.error.actor.saveDraft--> editing.details.editing',
    'savingDraft --xstate.error.actor.saveDraft--> editing.goals.editing',
    'savingDraft --xstate.error.actor.saveDraft--> editing.overview',
    'savingDraft --xstate.error.actor.saveDraft--> editing.students',
  ],
})

walkTours(fileImport, 'file-import', {
  transient: [],
  // left to tests/model: "remove" while the upload address is asked for or the file read (the calls end
  // before a person could act), the upload's progress (the browser's own), and another file chosen
  // while one is held (the class import and the invitation list hide their chooser; the organization
  // import's is disabled while it reads)
  transitions: [
    'confirming --xstate.done.actor.confirmImport--> imported',
    'confirming --xstate.error.actor.confirmImport--> preview.failed',
    'confirming --xstate.error.actor.confirmImport--> preview.shown',
    'empty.failed --import.choose--> empty.rejected',
    'empty.failed --import.choose--> reading',
    'empty.failed --import.choose--> requestingUpload',
    'empty.failed --import.consent--> empty.failed',
    'empty.failed --import.role--> empty.failed',
    'empty.rejected --import.choose--> empty.rejected',
    'empty.rejected --import.choose--> reading',
    'empty.rejected --import.choose--> requestingUpload',
    'empty.rejected --import.consent--> empty.rejected',
    'empty.rejected --import.role--> empty.rejected',
    'empty.waiting --import.choose--> empty.rejected',
    'empty.waiting --import.choose--> reading',
    'empty.waiting --import.choose--> requestingUpload',
    'empty.waiting --import.consent--> empty.waiting',
    'empty.waiting --import.role--> empty.waiting',
    'imported --import.another--> empty.waiting',
    'imported --import.choose--> empty.rejected',
    'imported --import.choose--> reading',
    'preview.asking --import.no--> preview.shown',
    'preview.asking --import.yes--> confirming',
    'preview.changingRole --xstate.done.actor.changeRole--> preview.shown',
    'preview.changingRole --xstate.error.actor.changeRole--> preview.failed',
    'preview.failed --import.choose--> empty.rejected',
    'preview.failed --import.choose--> reading',
    'preview.failed --import.confirm--> confirming',
    'preview.failed --import.confirm--> preview.asking',
    'preview.failed --import.consent--> preview.failed',
    'preview.failed --import.filter--> preview.turning',
    'preview.failed --import.page--> preview.turning',
    'preview.failed --import.remove--> empty.waiting',
    'preview.failed --import.role--> preview.changingRole',
    'preview.shown --import.choose--> empty.rejected',
    'preview.shown --import.choose--> reading',
    'preview.shown --import.confirm--> confirming',
    'preview.shown --import.confirm--> preview.asking',
    'preview.shown --import.consent--> preview.shown',
    'preview.shown --import.filter--> preview.turning',
    'preview.shown --import.page--> preview.turning',
    'preview.shown --import.remove--> empty.waiting',
    'preview.shown --import.role--> preview.changingRole',
    'preview.turning --xstate.done.actor.readPage--> preview.shown',
    'preview.turning --xstate.error.actor.readPage--> preview.failed',
    'reading --xstate.done.actor.readPreview--> preview.shown',
    'reading --xstate.error.actor.readPreview--> empty.failed',
    'requestingUpload --xstate.done.actor.requestUpload--> uploading',
    'requestingUpload --xstate.error.actor.requestUpload--> empty.failed',
    'uploading --import.consent--> uploading',
    'uploading --import.remove--> empty.waiting',
    'uploading --upload.done--> reading',
    'uploading --upload.failed--> empty.failed',
  ],
})

walkTours(session, 'session', {
  transient: [],
  // Left to tests/model: a login while logged in (the login form is a logged-out page); the person's
  // events while the account reloads or the language is saved (a moment; the walk acts once it is done);
  // another page's login during a restore (reenters it); a 401 outcome of loadAccount or saveLanguage
  // (the API client sends session.expired first, so the session ends by that event); a saved login whose
  // account is not the token's (403/404: a storage written by hand); a restore told 'Session expired'
  // (its call carries no session token yet); and the expired warning's other events (it is left at once).
  transitions: [
    'loggedIn.ready --session.changeLanguage--> loggedIn.savingLanguage',
    'loggedIn.ready --session.expired--> loggedOut.expired',
    'loggedIn.ready --session.loggedInElsewhere--> restoring',
    'loggedIn.ready --session.loggedOutElsewhere--> loggedOut.idle',
    'loggedIn.ready --session.logout--> loggingOut',
    'loggedIn.ready --session.refresh--> loggedIn.refreshing',
    'loggedIn.ready --session.switchOrganization--> loggedIn.ready',
    'loggedIn.ready --session.userUpdated--> loggedIn.ready',
    'loggedIn.refreshing --xstate.done.actor.loadAccount--> loggedIn.ready',
    'loggedIn.refreshing --xstate.error.actor.loadAccount--> loggedIn.ready',
    'loggedIn.savingLanguage --xstate.done.actor.saveLanguage--> loggedIn.ready',
    'loggedIn.savingLanguage --xstate.error.actor.saveLanguage--> loggedIn.ready',
    'loggedOut.expired --session.warningSeen--> loggedOut.idle',
    'loggedOut.idle --session.loggedInElsewhere--> restoring',
    'loggedOut.idle --session.login--> loggedIn.ready',
    'loggingOut --xstate.done.actor.revokeSession--> loggedOut.idle',
    'loggingOut --xstate.error.actor.revokeSession--> loggedOut.idle',
    'restoring --xstate.done.actor.restoreSession--> loggedIn.ready',
    'restoring --xstate.done.actor.restoreSession--> loggedOut.idle',
    'restoring --xstate.error.actor.restoreSession--> loggedOut.expired',
    'restoring --xstate.error.actor.restoreSession--> loggedOut.idle',
  ],
})
