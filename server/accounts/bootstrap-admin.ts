import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Config } from '../config.js'
import { users } from '../db/schema.js'
import type { Database } from '../db/store.js'
import { translatorFor } from '../../locales/server.js'
import { hashPassword, passwordProblem } from './passwords.js'
import { setPasswordHash } from './queries.js'

/**
 * On the first start (an empty store) the platform admin is created, confirmed, from ADMIN_EMAIL and
 * ADMIN_PASSWORD; without ADMIN_PASSWORD a password is generated and printed once. An ADMIN_PASSWORD the
 * password rules refuse (too short, common, the e-mail...) stops the start with the reason.
 * Answers what was created, or undefined when the store already had accounts.
 */
export const ensurePlatformAdmin = async (
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  now: Date,
  print: (line: string) => void = (line) => console.log(line),
): Promise<{ email: string; generatedPassword: string | undefined } | undefined> => {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  if (count > 0) return undefined
  const person = { email: config.adminEmail, firstName: 'Platform', lastName: 'Admin' }
  if (config.adminPassword) {
    const problem = passwordProblem(translatorFor('en'), config.adminPassword, person)
    if (problem) throw new Error(`ADMIN_PASSWORD is not accepted: ${problem}`)
  }
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url')
  const password = config.adminPassword ?? generatedPassword ?? ''
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        isSuperuser: true,
        confirmedAt: now,
        dateJoined: now,
      })
      .returning({ id: users.id })
    if (!admin) throw new Error('the platform admin was not stored')
    await setPasswordHash(tx, admin.id, passwordHash)
  })
  if (generatedPassword) {
    print(`Created the platform admin ${config.adminEmail} with the password: ${generatedPassword}`)
    print('This password is shown only this once. Log in and change it on the profile page.')
  } else {
    print(`Created the platform admin ${config.adminEmail} (password from ADMIN_PASSWORD).`)
  }
  return { email: config.adminEmail, generatedPassword }
}
