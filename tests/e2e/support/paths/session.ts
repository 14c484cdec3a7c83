/**
 * The session (machines/session.ts) of one person, admin of two organizations, in one browser: its page
 * loads, the login form, the user menu (log out, switch organization, language), the profile
 * (`session.userUpdated`), the tab shown again (`session.refresh`: the focus a person gives it, dispatched
 * by hand as headless Chromium keeps every page focused), and a second page of the same browser that logs
 * out or in (`loggedOutElsewhere`, `loggedInElsewhere`). A 401 'Session expired' is arranged for real: the
 * session is revoked through the API (a logout on another device), and the next call a screen makes is
 * answered 401 (`session.expired`, sent by the API client). What each actor outcome stands for is
 * arranged for real:
 * - restoreSession: done = at a page load, the login saved by an earlier login in this browser, or no
 *   login saved (a fresh browser: no call at all); after another page's login, the login it saved;
 *   401 = at a page load, the saved session was revoked on the server meanwhile; 0 = the connection
 *   drops (the saved login stays for the next start). Nothing saved and a revoked session are page loads
 *   only (a restore after another page's login reads that login): the tours here never ask for them
 *   there (the events' order and `tourLength` are chosen so), and an arrangement refuses it if they did.
 * - loadAccount: done = the account; 0 = the connection drops (the last account stays).
 * - saveLanguage: done = the language is saved on the account; 0 = the connection drops (the screens
 *   speak the new language all the same, the account keeps the old one).
 * - revokeSession: done = the session is ended on the server; 0 = the connection drops (the logout
 *   goes on, the session stays valid on the server).
 * The language picked is a placeholder in the event ('another'): the person picks a language that is
 * neither the one shown nor the account's (English or Spanish), so the machine's guard and the app's
 * agree whatever the account's language became; the screens are then read in the language shown.
 * Not walked here (tests/model, see the transitions listed in machine-paths.spec.ts).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import en from '../../../../locales/en'
import enProfile from '../../../../locales/en/myProfile'
import es from '../../../../locales/es-MX'
import esProfile from '../../../../locales/es-MX/myProfile'
import { languages } from '../../../../locales/languages'
import { sessionMachine } from '../../../../machines/session'
import type { OrganizationMembership, RestoredSession, Session, User } from '../../../../machines/types'
import { bearer, createAccount, createOrganization, getAccount, invite, login, newPerson, organizationName, revoke, type Membership, type Organization, type Person } from '../api'
import { person } from '../../../model/fixtures'
import { apiFailure, done, failed, statusOf, type MachineUi } from '../machine-paths'
import { logIn } from '../ui'
import { dropNext } from './common'

const ACCOUNT = /^\/v1\/accounts\/\d+$/
const LOGOUT = /^\/v1\/accounts\/logout\/$/
/** The events' organizations: the first and the second of the account's. */
const FIRST = 11
const SECOND = 22

type Language = 'en' | 'es-MX'
const TEXTS = { en: { ...en, myProfile: enProfile }, 'es-MX': { ...es, myProfile: esProfile } }

interface SessionWorld {
  request: APIRequestContext
  person: Person & { id: number }
  /** The account's organizations, in its order (FIRST, SECOND). */
  organizations: Membership[]
  /** The language the screens show (this browser's). */
  shown: Language
  /** The language saved on the account. */
  saved: string
  /** The next language save goes through. */
  saves: boolean
  /** The page was opened: a restore is then another page's login, no page load. */
  opened: boolean
  /** The login stays saved in the browser though nobody is logged in here (a start that could not reach the server). */
  kept: boolean
  /**
   * The organization of the page a login went back to (?next=, kept when the person was sent to the login
   * form from it): the navigation guard makes it current, by a `session.switchOrganization` of its own.
   */
  returnedTo: Membership | null
}

const texts = (world: SessionWorld) => TEXTS[world.shown]
/** A translation's text with its parameters. */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)(?::\w+)?\}/g, (_, key: string) => values[key] ?? '')
const nameOf = (world: SessionWorld) => `${world.person.firstName} ${world.person.lastName}`
/** The user menu's button, by the part of its name after the initials. */
const userMenu = (page: Page, world: SessionWorld) =>
  page.getByRole('button', { name: fill(texts(world).nav.userMenu, { initials: '', name: nameOf(world) }).replace(/^\s*—\s*/, '') })
const loginHeading = (page: Page, world: SessionWorld) => page.getByRole('heading', { name: texts(world).auth.login.title, level: 1 })
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('portal.token'))
const organizationOf = (world: SessionWorld, id: number | null) => world.organizations[id === SECOND ? 1 : 0] as Membership

async function openMenu(page: Page, world: SessionWorld) {
  await userMenu(page, world).click()
}

/** Logs in on the login form shown, in the language shown. */
async function logInHere(page: Page, world: SessionWorld) {
  const { login: form } = texts(world).auth
  await page.getByRole('textbox', { name: form.email, exact: true }).fill(world.person.email)
  await page.getByRole('textbox', { name: form.password, exact: true }).fill(world.person.password)
  await page.getByRole('button', { name: form.submit, exact: true }).click()
}

/** The person joins the organization as an admin (the invitation of its mail, accepted). */
async function joinAsAdmin(request: APIRequestContext, person: Person, organization: Organization) {
  const link = await invite(request, organization, person.email, 'admin')
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
}

const membership = (id: number, name: string): OrganizationMembership => ({ id, name, type: 'school', roles: ['admin'] })
const someUser: User = person({
  id: 1,
  first_name: 'Sam',
  last_name: 'Sion',
  email: 'the person',
  date_joined: '2026-01-01T00:00:00Z',
  organizations: [membership(FIRST, 'the first'), membership(SECOND, 'the second')],
})
const restored: RestoredSession = { token: 'saved', user: someUser, organizationId: FIRST }
const typed: Session = { token: 'typed', user_id: 1, expires_at: '2030-01-01T00:00:00Z' }

export const session: MachineUi<typeof sessionMachine, SessionWorld> = {
  name: 'sessionMachine',
  machine: sessionMachine,
  inputs: { 'a page load': undefined },
  paths: 'tour',
  // three tours of ten events: each takes its first restore at a page load (see the header)
  tourLength: 10,
  events: [
    done('restoreSession', null),
    done('restoreSession', restored),
    failed('restoreSession', apiFailure(401, { detail: 'Session expired' })),
    failed('restoreSession', apiFailure(0)),
    { type: 'session.login', session: typed, user: someUser },
    { type: 'session.logout' },
    { type: 'session.expired' },
    { type: 'session.warningSeen' },
    { type: 'session.userUpdated', user: { ...someUser, first_name: 'Sasha' } },
    { type: 'session.refresh' },
    { type: 'session.switchOrganization', organizationId: SECOND },
    { type: 'session.loggedOutElsewhere' },
    { type: 'session.loggedInElsewhere', token: 'another page' },
    { type: 'session.changeLanguage', language: 'another' },
    done('loadAccount', someUser),
    failed('loadAccount', apiFailure(0)),
    done('saveLanguage', someUser),
    failed('saveLanguage', apiFailure(0)),
    done('revokeSession', undefined),
    failed('revokeSession', apiFailure(0)),
  ],
  acts: (snapshot, event) => {
    // the warning is up a moment only: the app clears the flag itself once it is shown
    if (snapshot.matches({ loggedOut: 'expired' })) return event.type === 'session.warningSeen'
    // the login form is a logged-out page: a logged-in person is sent away from it
    if (event.type === 'session.login') return snapshot.matches({ loggedOut: 'idle' })
    return true
  },
  async start(page, { request }) {
    const person = await createAccount(request, newPerson('path-session', 'Sam', 'Sion'))
    for (const name of ['Session Paths North', 'Session Paths South']) {
      await joinAsAdmin(request, person, await createOrganization(request, organizationName(name)))
    }
    const account = await getAccount(request, await login(request, person.email, person.password))
    expect(account.organizations).toHaveLength(2)
    return {
      request,
      person: { ...person, id: account.id },
      organizations: account.organizations,
      shown: 'en',
      saved: account.language,
      saves: true,
      opened: false,
      kept: false,
      returnedTo: null,
    }
  },
  async open(page, world) {
    world.opened = true
    await page.goto('/')
  },
  executors: {
    'session.login': async (page, _event, world) => {
      const next = new URL(page.url()).searchParams.get('next') ?? ''
      world.returnedTo = world.organizations.find((organization) => next.startsWith(`/organization/${organization.id}/`)) ?? null
      await logInHere(page, world)
      world.kept = false
    },
    'session.logout': async (page, _event, world) => {
      await openMenu(page, world)
      await page.getByRole('menuitem', { name: texts(world).nav.logout }).click()
      world.kept = false
    },
    'session.expired': async (page, _event, world) => {
      // the session ends on the server (a logout on another device); the next screen's call is answered 401
      await revoke(world.request, (await storedToken(page)) ?? '')
      await openMenu(page, world)
      const { nav } = texts(world)
      await page.getByRole('menuitem', { name: page.url().endsWith('/users') ? nav.organizationProfile : nav.organizationUsers }).click()
      world.kept = false
    },
    'session.warningSeen': async (page, _event, world) => {
      // nothing to do: the app clears the flag itself once the warning is up
      await expect(page.getByRole('region', { name: texts(world).common.notifications }).getByText(texts(world).auth.sessionExpired)).toBeVisible()
    },
    'session.userUpdated': async (page, _event, world) => {
      const { myProfile, common } = texts(world)
      await openMenu(page, world)
      await page.getByRole('menuitem', { name: texts(world).nav.myProfile }).click()
      await page.getByRole('button', { name: myProfile.edit }).click()
      const dialog = page.getByRole('dialog', { name: myProfile.edit })
      world.person.firstName = world.person.firstName === 'Sam' ? 'Sasha' : 'Sam'
      await dialog.getByRole('textbox', { name: myProfile.firstName }).fill(world.person.firstName)
      await dialog.getByRole('button', { name: common.save }).click()
      await expect(dialog).toHaveCount(0)
    },
    'session.refresh': async (page) => {
      await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')))
    },
    'session.switchOrganization': async (page, event, world) => {
      world.returnedTo = null
      await openMenu(page, world)
      await page.getByRole('menuitem', { name: organizationOf(world, event.organizationId).name, exact: true }).click()
    },
    'session.loggedOutElsewhere': async (page, _event, world) => {
      const other = await page.context().newPage()
      await other.goto('/profile')
      await openMenu(other, world)
      await other.getByRole('menuitem', { name: texts(world).nav.logout }).click()
      await expect(loginHeading(other, world)).toBeVisible()
      await other.close()
      world.kept = false
    },
    'session.loggedInElsewhere': async (page, _event, world) => {
      world.returnedTo = null
      const other = await page.context().newPage()
      // with a login saved, the other page's start cannot reach the server: it shows the login form
      if (await storedToken(page)) await dropNext(other, 'GET', ACCOUNT)
      await other.goto('/login')
      await expect(loginHeading(other, world)).toBeVisible()
      await logInHere(other, world)
      await expect(userMenu(other, world)).toBeVisible()
      await other.close()
    },
    'session.changeLanguage': async (page, _event, world) => {
      // the menu offers the languages but the one shown; picking the account's own saves nothing
      const next = (['en', 'es-MX'] as const).find((language) => language !== world.shown && language !== world.saved)
      if (!next) throw new Error(`no language to pick beside ${world.shown} (shown) and ${world.saved} (saved)`)
      await openMenu(page, world)
      await page.getByRole('menuitem', { name: texts(world).languagePicker.label }).click()
      await page.getByRole('menuitem', { name: languages.find((language) => language.locale === next)?.name }).click()
      world.shown = next
      if (world.saves) world.saved = next
    },
  },
  arrangements: {
    restoreSession: {
      call: { method: 'GET', path: ACCOUNT },
      // nothing saved: nothing to load
      withoutCall: (event) => 'output' in event && event.output === null,
      done: async (page, event, world) => {
        if (event.output === null) {
          if (world.opened) throw new Error('nothing saved is a page load of a fresh browser only')
        } else if (!world.opened) await logIn(page, world.person)
      },
      error: async (page, event, world) => {
        const status = statusOf(event.error)
        if (status === 401) {
          if (world.opened) throw new Error('a revoked saved session is arranged at a page load only')
          await logIn(page, world.person)
          await revoke(world.request, (await storedToken(page)) ?? '')
        } else if (status === 0) {
          if (!world.opened) await logIn(page, world.person)
          await dropNext(page, 'GET', ACCOUNT)
          world.kept = true
        } else throw new Error(`no arrangement for restoreSession failing with ${status}`)
      },
    },
    loadAccount: {
      call: { method: 'GET', path: ACCOUNT },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'GET', ACCOUNT)
      },
    },
    saveLanguage: {
      call: { method: 'PATCH', path: ACCOUNT },
      done: async (_page, _event, world) => {
        world.saves = true
      },
      error: async (page, event, world) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'PATCH', ACCOUNT)
        world.saves = false
      },
    },
    revokeSession: {
      call: { method: 'POST', path: LOGOUT },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'POST', LOGOUT)
      },
    },
  },
  states: {
    'loggedIn.ready': async (page, world, snapshot) => {
      const { nav } = texts(world)
      await expect(userMenu(page, world)).toBeVisible()
      await expect(page).not.toHaveURL(/\/login(\?|$)/)
      // the organization the screens work on (or the one of the page a login went back to)
      const current = world.returnedTo ?? organizationOf(world, (snapshot.context as { currentOrganizationId: number | null }).currentOrganizationId)
      await expect(page.getByRole('button', { name: `${nav.switchOrganization}: ${fill(nav.currentOrganization, { name: current.name })}` })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', world.shown)
      // the login saved in this browser holds on the server, with the account as the screens show it
      const account = await getAccount(world.request, { token: (await storedToken(page)) ?? '', user_id: world.person.id, expires_at: '' })
      expect(account.first_name).toBe(world.person.firstName)
      expect(account.language).toBe(world.saved)
    },
    'loggedOut.idle': async (page, world) => {
      await expect(loginHeading(page, world)).toBeVisible()
      await expect(page).toHaveURL(/\/login(\?|$)/)
      await expect(userMenu(page, world)).toBeHidden()
      // a start that could not reach the server keeps the saved login for the next one
      if (world.kept) expect(await storedToken(page)).toBeTruthy()
      else expect(await storedToken(page)).toBeNull()
    },
    'loggedOut.expired': async (page, world) => {
      const { auth, common } = texts(world)
      await expect(loginHeading(page, world)).toBeVisible()
      await expect(page.getByRole('region', { name: common.notifications }).getByText(auth.sessionExpired)).toBeVisible()
      await expect(userMenu(page, world)).toBeHidden()
      expect(await storedToken(page)).toBeNull()
    },
  },
}
