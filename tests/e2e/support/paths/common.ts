/**
 * What the machine-path walks of tests/e2e/machine-paths.spec.ts share: members made through the API,
 * and a connection that drops for one call.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { bearer, createAccount, invite, login, newPerson, type Organization, type Person } from '../api'

export const NETWORK = 'Cannot reach the server. Check your connection and try again.'

/** An account that accepted an invitation to the organization with this role, and its id. */
export async function memberOf(
  request: APIRequestContext,
  organization: Organization,
  prefix: string,
  role: 'student' | 'teacher' | 'admin',
  name: [string, string] = ['Wanda', 'Drawer'],
): Promise<Person & { id: number }> {
  const person = await createAccount(request, newPerson(prefix, ...name))
  const link = await invite(request, organization, person.email, role)
  const session = await login(request, person.email, person.password)
  const accepted = await request.post('/v1/accounts/invite/accept', {
    headers: bearer(session.token),
    data: { token: link.pathname.split('/').pop(), email: person.email },
  })
  expect(accepted.status()).toBe(200)
  return { ...person, id: session.user_id }
}

/** The connection drops for the next matching call. */
export async function dropNext(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => (route.request().method() === method ? route.abort('internetdisconnected') : route.fallback()),
    { times: 1 },
  )
}
