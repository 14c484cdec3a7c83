import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedLocales } from '../../locales/languages.js'
import { translatorFor } from '../../locales/server.js'
import { createSession } from '../../server/auth/sessions.js'
import { ensurePlatformAdmin } from '../../server/app.js'
import { users } from '../../server/db/schema.js'
import { countRows, createUser, login, snapshot, startServer, type Reply, type TestServer } from './harness.js'

/**
 * The password rules, on every call that sets a password: sign-up, the reset link, changing it, defining
 * one (an account without a password), and the platform admin of a new store. Each rule is refused with
 * a message a person can act on, and a refused password changes nothing.
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const en = translatorFor('en').api
const blank = en.passwordBlank()
const isEmail = en.passwordIsEmail()
const isName = en.passwordIsName()
const common = en.passwordTooCommon()

/** The person every call is made for (a username only exists on stored accounts). */
const person = (tag: string) => ({
  email: `Theodora.V.${tag}@example.com`,
  firstName: 'Theodora',
  lastName: 'Villanueva',
  username: `tvillanueva${tag}`,
})

/** The refusals every call makes, for a person made by `person(tag)`. */
const refusals = (tag: string, withUsername: boolean): [string, string][] => [
  ['        ', blank],
  ['\t \u3000 \u00a0  ', blank],
  [` theodora.v.${tag}@EXAMPLE.com `, isEmail],
  [`THEODORA.V.${tag}`, isEmail],
  ['theodora', isName],
  ['  Villanueva ', isName],
  ['Theodora Villanueva', isName],
  ...(withUsername ? ([[`TVillanueva${tag}`, isName]] as [string, string][]) : []),
  // common passwords of the zxcvbn list that the earlier list of 1,401 did not have
  ['Socrates', common],
  ['5wr2i7h8', common],
  ['prospero', common],
]

/** Answers `set(password)` for each refusal: 400 with the message on `field`, and nothing changed. */
const expectRefusals = async (
  cases: [string, string][],
  field: string,
  set: (password: string) => Promise<Reply>,
) => {
  for (const [password, message] of cases) {
    const before = await snapshot(server)
    const reply = await set(password)
    expect([JSON.stringify(password), reply.status, reply.body]).toEqual([JSON.stringify(password), 400, { [field]: [message] }])
    expect(await snapshot(server)).toEqual(before)
  }
}

/** A stored account with a username; `password: null` for one that has none yet (social). */
const storedPerson = async (tag: string, password: string | null = 'the old passphrase') => {
  const who = person(tag)
  const user = await createUser(server, { ...who, password })
  await server.db.update(users).set({ username: who.username }).where(eq(users.id, user.id))
  return user
}

describe('the password rules', () => {
  it('on sign-up', async () => {
    const who = person('signup')
    const signUp = (password: string) =>
      server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: who.firstName, last_name: who.lastName, email: who.email, password },
      })
    await expectRefusals(refusals('signup', false), 'password', signUp)
    expect((await signUp('a much better one')).status).toBe(201)
  })

  it('on the password reset link', async () => {
    await storedPerson('reset')
    await server.api('POST', '/v1/accounts/reset_password/', { body: { email: person('reset').email } })
    const token = (await server.linkFor(person('reset').email, '/reset-password')).searchParams.get('token')
    const confirm = (password: string) => server.api('POST', '/v1/accounts/reset_password/confirm/', { body: { token, password } })
    // a refused password does not spend the link
    await expectRefusals(refusals('reset', true), 'password', confirm)
    expect((await confirm('a much better one')).status).toBe(200)
  })

  it('on changing the password', async () => {
    const user = await storedPerson('change')
    const token = await login(server, user.email, 'the old passphrase')
    const change = (password: string) =>
      server.api('PUT', `/v1/accounts/${user.id}/password`, {
        token,
        body: { current_password: 'the old passphrase', new_password: password },
      })
    await expectRefusals(refusals('change', true), 'new_password', change)
    expect((await change('a much better one')).status).toBe(204)
  })

  it('on defining a password for an account that has none', async () => {
    const user = await storedPerson('define', null)
    // defining a password asks for a fresh social sign-in
    const { token } = await createSession(server.db, user.id, new Date(), 3600, 'social')
    const define = (password: string) =>
      server.api('PUT', `/v1/accounts/${user.id}/password`, {
        token,
        body: { new_password: password, confirm_new_password: password },
      })
    await expectRefusals(refusals('define', true), 'new_password', define)
    expect((await define('a much better one')).status).toBe(204)
  })

  it('for the platform admin of a new store (ADMIN_PASSWORD)', async () => {
    const fresh = await startServer()
    try {
      const config = (adminPassword: string) => ({ adminEmail: 'boss@example.com', adminPassword })
      for (const [password, message] of [
        ['      ', blank],
        ['BOSS@example.com', isEmail],
        ['password', common],
        ['platform', isName],
        ['prospero', common],
      ]) {
        await expect(ensurePlatformAdmin(fresh.db, config(password as string), new Date(), () => {})).rejects.toThrow(
          `ADMIN_PASSWORD is not accepted: ${message}`,
        )
        expect(await countRows(fresh, 'users')).toBe(0)
      }
      expect(await ensurePlatformAdmin(fresh.db, config('a much better one'), new Date(), () => {})).toBeDefined()
      await login(fresh, 'boss@example.com', 'a much better one')
    } finally {
      await fresh.close()
    }
  })

  it("says so in the requester's language, in each of the six", async () => {
    const who = person('lang')
    const passwords = { passwordBlank: '        ', passwordIsEmail: who.email, passwordIsName: who.lastName } as const
    for (const language of supportedLocales) {
      for (const [rule, password] of Object.entries(passwords) as [keyof typeof passwords, string][]) {
        const message = translatorFor(language).api[rule]()
        if (language !== 'en') expect(message).not.toBe(en[rule]())
        const reply = await server.api('POST', '/v1/accounts/sign_in', {
          language,
          body: { first_name: who.firstName, last_name: who.lastName, email: who.email, password },
        })
        expect(reply.body).toEqual({ password: [message] })
      }
    }
  })
})
