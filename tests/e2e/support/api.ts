import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { PLATFORM_ADMIN } from './env'
import { newestMailLink } from './mail'

/**
 * Arranging a journey through the real API (openapi/openapi.yaml): accounts, organizations,
 * invitations, sessions. What a test checks is then done through the UI.
 */

export interface Person {
  firstName: string
  lastName: string
  email: string
  password: string
}

export interface Session {
  token: string
  user_id: number
  expires_at: string
}

export interface Membership {
  id: number
  name: string
  type: 'school' | 'company'
  roles: string[]
}

export interface Account {
  id: number
  first_name: string
  last_name: string
  email: string
  language: string
  is_superuser: boolean
  organizations: Membership[]
}

export interface Organization {
  id: number
  name: string
  type: 'school' | 'company'
  /** Its calendar: class statuses and report dates follow it, not the test runner's. */
  timezone: string | null
}

const runId = Date.now().toString(36)
let counter = 0
/** A fresh address for one test: nothing of another test shares it. */
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}.${runId}${counter}@example.com`
}

export function newPerson(prefix: string, firstName = 'Grace', lastName = 'Hopper'): Person {
  return { firstName, lastName, email: uniqueEmail(prefix), password: `pw-${prefix}-${Math.random().toString(36).slice(2, 8)}` }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/**
 * Waits until the practice a learner just recorded is in the organization's reports and dashboards: the
 * server answers the app's call once the events are appended and rolls them up a moment later
 * (server/practice/rollup-worker.ts, within 5 seconds), so a test that reads a report right after
 * recording polls the learner's own dashboard until its last activity reaches `lastOccurredAt`.
 */
export async function practiceRolledUp(request: APIRequestContext, session: Session, organizationId: number, lastOccurredAt: string): Promise<void> {
  const until = new Date(lastOccurredAt).getTime()
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/organizations/${organizationId}/dashboard/`, { headers: bearer(session.token) })
        if (!response.ok()) return `${response.status()} ${await response.text()}`
        const { me } = (await response.json()) as { me: { last_active: string | null } | null }
        return me?.last_active ? new Date(me.last_active).getTime() >= until : false
      },
      { timeout: 10_000, message: 'the practice just recorded is in the dashboard' },
    )
    .toBe(true)
}

async function expectStatus(response: APIResponse, status: number, what: string): Promise<void> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status)
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const response = await request.post('/v1/accounts/login-legacy/', { data: { email, password } })
  await expectStatus(response, 200, `login of ${email}`)
  return (await response.json()) as Session
}

/**
 * The platform admin's session, kept in a file per server (a worker restarts after a failed test) and
 * made again only when the server no longer knows it: one login for the whole run.
 */
export async function platformAdmin(request: APIRequestContext): Promise<Session> {
  const file = path.resolve('test-results', 'e2e-sessions.json')
  const key = test.info().project.use.baseURL ?? ''
  const saved: Record<string, Session> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Session>) : {}
  const known = saved[key]
  if (known) {
    const check = await request.get(`/v1/accounts/${known.user_id}`, { headers: bearer(known.token) })
    if (check.status() === 200) return known
  }
  const session = await login(request, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify({ ...saved, [key]: session }))
  return session
}

export async function getAccount(request: APIRequestContext, session: Session): Promise<Account> {
  const response = await request.get(`/v1/accounts/${session.user_id}`, { headers: bearer(session.token) })
  await expectStatus(response, 200, 'account')
  return (await response.json()) as Account
}

/** Ends a session on the server (POST /v1/accounts/logout/ with its token), as a logout elsewhere would. */
export async function revoke(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/v1/accounts/logout/', { headers: bearer(token) })
  await expectStatus(response, 204, 'logout')
}

/** Signs up with a password: an unconfirmed account, its confirmation mail in the outbox. */
export async function signUp(request: APIRequestContext, person: Person): Promise<void> {
  const response = await request.post('/v1/accounts/sign_in', {
    data: { first_name: person.firstName, last_name: person.lastName, email: person.email, password: person.password, language: 'en' },
  })
  await expectStatus(response, 201, `sign-up of ${person.email}`)
}

/**
 * Confirms an account with the token of its newest confirmation mail and the password chosen at sign-up
 * (which the account keeps; without it the confirmation removes it).
 */
export async function confirmFromMail(request: APIRequestContext, email: string, password: string): Promise<void> {
  const { link } = await newestMailLink(request, email, '/confirm-account')
  const response = await request.post('/v1/accounts/confirm/', { data: { token: link.searchParams.get('token'), password } })
  await expectStatus(response, 200, `confirmation of ${email}`)
}

/** A confirmed account that can log in. */
export async function createAccount(request: APIRequestContext, person: Person): Promise<Person> {
  await signUp(request, person)
  await confirmFromMail(request, person.email, person.password)
  return person
}

/** A new school created by the platform admin (POST /v1/organizations/); its owner is invited as admin. */
export async function createOrganization(
  request: APIRequestContext,
  name: string,
  options: { type?: 'school' | 'company'; owner?: string } = {},
): Promise<Organization> {
  const admin = await platformAdmin(request)
  const response = await request.post('/v1/organizations/', {
    headers: bearer(admin.token),
    data: {
      name,
      type: options.type ?? 'school',
      industry: 'education',
      address_1: '19 Plympton St',
      city: 'Springfield',
      state: 'OR',
      postal_code: '97477',
      country: 'US',
      phone: '+1 5415550100',
      timezone: 'America/Los_Angeles',
      is_verified: true,
      owner_user: options.owner ?? uniqueEmail('owner'),
    },
  })
  await expectStatus(response, 201, `creation of ${name}`)
  return (await response.json()) as Organization
}

/**
 * Invites `email` to the organization (the platform admin, POST /v1/accounts/invite/) and answers
 * the invitation link of the newest mail the invitee got.
 */
export async function invite(
  request: APIRequestContext,
  organization: Organization,
  email: string,
  role: 'student' | 'teacher' | 'admin' = 'student',
): Promise<URL> {
  const { mailsBefore } = await postInvitation(request, organization, email, role)
  const { link } = await newestMailLink(request, email, '/invite', mailsBefore + 1)
  // the short link of the mail: an opaque token, nothing else
  expect(link.pathname).toMatch(/^\/invite\/[\w-]+$/)
  expect(link.search).toBe('')
  return link
}

/** POST /v1/accounts/invite/ of `email` as the platform admin: its invitation, and the mails the address had before. */
async function postInvitation(request: APIRequestContext, organization: Organization, email: string, role: 'student' | 'teacher' | 'admin') {
  const admin = await platformAdmin(request)
  const before = (await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`).then((r) => r.json())) as unknown[]
  const response = await request.post('/v1/accounts/invite/', {
    headers: bearer(admin.token),
    data: { organization: organization.id, role, emails: [email] },
  })
  await expectStatus(response, 201, `invitation of ${email}`)
  const [invitation] = ((await response.json()) as { invitations: { id: number }[] }).invitations
  return { admin, invitation: invitation!, mailsBefore: before.length }
}

/**
 * Mails `email`'s pending invitation again, as the platform admin: its link is new, and the one mailed
 * before stops working. (Inviting the address again within the day renews the invitation without a mail,
 * so the link in hand would keep working.)
 */
export async function resendInvitation(
  request: APIRequestContext,
  organization: Organization,
  email: string,
  role: 'student' | 'teacher' | 'admin' = 'student',
): Promise<URL> {
  const { admin, invitation, mailsBefore } = await postInvitation(request, organization, email, role)
  const resent = await request.post(`/v1/invitations/${invitation.id}/resend/`, { headers: bearer(admin.token) })
  await expectStatus(resent, 200, `invitation of ${email} mailed again`)
  const { link } = await newestMailLink(request, email, '/invite', mailsBefore + 1)
  return link
}

/** An organization name nobody else in the run uses. */
export function organizationName(base: string): string {
  counter += 1
  return `${base} ${runId.slice(-4)}${counter}`
}
