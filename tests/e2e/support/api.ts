import { expect, type APIRequestContext } from '@playwright/test'
import { newestMailLink } from './mail'
import { SEED } from './seed-data'

/**
 * Arranging a journey through the real API (openapi/openapi.yaml): accounts, invitations,
 * sessions. Everything a test checks is then done through the UI.
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

let counter = 0
/** A fresh address for one test: nothing of another test (or run) shares it. */
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`
}

export function newPerson(prefix: string, firstName = 'Grace', lastName = 'Hopper'): Person {
  return { firstName, lastName, email: uniqueEmail(prefix), password: `pw-${prefix}-${Math.random().toString(36).slice(2, 8)}` }
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/**
 * Login is limited to a few attempts per e-mail and window (server/services/rate-limit.ts), so a
 * session of the seeded accounts is made once per worker and reused.
 */
const sessions = new Map<string, Session>()

export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const key = `${email}\n${password}`
  const cached = sessions.get(key)
  if (cached) return cached
  const response = await request.post('/v1/accounts/login-legacy/', { data: { email, password } })
  expect(response.status(), `login of ${email}: ${await response.text()}`).toBe(200)
  const session = (await response.json()) as Session
  sessions.set(key, session)
  return session
}

export async function getAccount(request: APIRequestContext, session: Session): Promise<Account> {
  const response = await request.get(`/v1/accounts/${session.user_id}`, { headers: auth(session.token) })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Account
}

/** Ends a session on the server (POST /v1/accounts/logout/ with its token), as another tab's logout would. */
export async function revoke(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/v1/accounts/logout/', { headers: auth(token) })
  expect(response.status(), await response.text()).toBe(204)
  for (const [key, session] of sessions) if (session.token === token) sessions.delete(key)
}

/** Signs up with a password (an unconfirmed account; the confirmation mail goes to the outbox). */
export async function signUp(request: APIRequestContext, person: Person): Promise<number> {
  const response = await request.post('/v1/accounts/sign_in', {
    data: { first_name: person.firstName, last_name: person.lastName, email: person.email, password: person.password, language: 'en' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { user_id: number }).user_id
}

/** Confirms an account with the token of its newest confirmation mail. */
export async function confirmFromMail(request: APIRequestContext, email: string): Promise<void> {
  const { link } = await newestMailLink(request, email, '/confirm-account')
  const response = await request.post('/v1/accounts/confirm/', { data: { token: link.searchParams.get('token') } })
  expect(response.status(), await response.text()).toBe(200)
}

/** A confirmed account that can log in. */
export async function createAccount(request: APIRequestContext, person: Person): Promise<void> {
  await signUp(request, person)
  await confirmFromMail(request, person.email)
}

/** The seeded organization (tests/e2e/support/seed.ts), as its admin sees it. */
export async function seededOrganization(request: APIRequestContext): Promise<{ id: number; name: string; admin: Session }> {
  const admin = await login(request, SEED.owner.email, SEED.owner.password)
  const account = await getAccount(request, admin)
  const organization = account.organizations.find((org) => org.name === SEED.organization.name)
  if (!organization) throw new Error(`the seed did not create ${SEED.organization.name}`)
  return { id: organization.id, name: organization.name, admin }
}

/**
 * Invites `email` to the seeded organization (as the platform admin, POST /v1/accounts/invite/)
 * and answers the invitation link of the mail it was sent.
 */
export async function inviteToSeededOrganization(
  request: APIRequestContext,
  email: string,
  role: 'student' | 'teacher' | 'admin' = 'student',
): Promise<{ organization: { id: number; name: string }; link: URL }> {
  const organization = await seededOrganization(request)
  const platformAdmin = await login(request, SEED.platformAdmin.email, SEED.platformAdmin.password)
  const response = await request.post('/v1/accounts/invite/', {
    headers: auth(platformAdmin.token),
    data: { organization: organization.id, role, emails: [email] },
  })
  expect(response.status(), await response.text()).toBe(201)
  const { link } = await newestMailLink(request, email, '/login')
  expect(link.searchParams.get('invite')).toBeTruthy()
  return { organization, link }
}
