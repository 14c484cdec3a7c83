import { inArray, sql } from 'drizzle-orm'
import { users } from '../db/schema.js'
import type { Executor } from '../db/store.js'

export interface InviteeAccount {
  id: number
  firstName: string
  language: string
}

/** The accounts that exist for these (lower-case) addresses, by address. */
export const accountsByEmail = async (db: Executor, emails: readonly string[]): Promise<Map<string, InviteeAccount>> => {
  if (emails.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, language: users.language, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...emails]))
  return new Map(rows.map(({ email, ...account }) => [email, account]))
}

export const accountExists = async (db: Executor, email: string): Promise<boolean> =>
  (await accountsByEmail(db, [email.toLowerCase()])).size > 0
