import { fullFormats } from 'ajv-formats/dist/formats.js'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { isOwnAddress } from '../auth/policy.js'
import { groupMembers, groups, users, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { inSlices, nameKey, rowsByKey, translatedColumn } from '../services/import-rows.js'
import type { Column } from '../services/spreadsheets.js'
import { comparedGroupName } from './import-rows.js'
import { membersByEmail } from './roster.js'

/**
 * The rows of a user import into classes (specification 001 §2 User import into classes, §5): an e-mail
 * address and the name of the class it goes to, per row, as the batch invitation's template has the
 * address (issue 7) with the class beside it. A row is checked for its address (as the invite call takes
 * them, and not the caller's own), its class (a class of this organization, not a draft, of that name,
 * compared as the class import compares names), the same address and class on an earlier row, and an
 * address already a student of that class. Each row says whether its address is a student of the
 * organization (with consent it joins at once, else it is invited), so the preview can say what will
 * happen to it. The preview groups the rows per class.
 */

export type ImportValues = components['schemas']['ClassUserImportValues']
export type ImportColumn = keyof ImportValues
type ImportRow = components['schemas']['ClassUserImportRow']
type ClassView = components['schemas']['ClassUserImportClass']
export type Outcome = 'invited' | 'joined'

/** A row as stored in class_user_imports.rows. */
export interface StoredRow {
  number: number
  values: ImportValues
  /** What the confirmation did with it. */
  outcome: Outcome | null
}

export const MAX_USER_IMPORT_ROWS = 10_000

/** The template's columns in its order; the batch invitation's English headers are read too. */
export const userImportColumns = (t: Translator): Column<ImportColumn>[] => [
  translatedColumn(t, 'email', (language) => language.api.groupUserImport.column.email(), true, ['email', 'e-mail', 'email address', 'e-mail address', 'mail']),
  translatedColumn(t, 'class_name', (language) => language.api.groupUserImport.column.class_name(), true, ['class', 'class name', 'team', 'team name', 'group']),
]

export const exampleUserRow = (t: Translator): string[] => [t.api.groupUserImport.exampleEmail(), t.api.groupUserImport.exampleClass()]

/** The address check of the invite call (the contract's `email` format), so that both take the same addresses. */
const EMAIL = fullFormats.email as RegExp

const emailOf = (values: ImportValues) => values.email.trim().toLowerCase()
const pairKey = (row: StoredRow) => (row.values.email.trim() && row.values.class_name.trim() ? `${emailOf(row.values)}\n${nameKey(row.values.class_name)}` : '')

/** The classes (no drafts) of the organization by compared name: their ids (more than one when names repeat). */
const classesByName = async (db: Executor, organizationId: number, keys: readonly string[]) => {
  const found = await inSlices(keys, (slice) =>
    db
      .select({ id: groups.id, key: comparedGroupName })
      .from(groups)
      .where(and(eq(groups.organizationId, organizationId), eq(groups.isDraft, false), inArray(comparedGroupName, slice))),
  )
  const byName = new Map<string, number[]>()
  for (const { id, key } of found) byName.set(key, [...(byName.get(key) ?? []), id])
  return byName
}

/** The (class, address) pairs among these classes whose address is already a student of the class. */
const studentsOf = async (db: Executor, groupIds: readonly number[], emails: readonly string[]) => {
  if (groupIds.length === 0 || emails.length === 0) return new Set<string>()
  const found = await inSlices(emails, (slice) =>
    db
      .select({ groupId: groupMembers.groupId, email: sql<string>`lower(${users.email})` })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(inArray(groupMembers.groupId, [...groupIds]), inArray(sql`lower(${users.email})`, slice))),
  )
  return new Set(found.map(({ groupId, email }) => `${groupId} ${email}`))
}

/** The rows grouped per class: the class's name as first written, its id, its rows in the file's order. */
const grouped = (rows: readonly ImportRow[], groupOf: (row: ImportRow) => number | null): ClassView[] => {
  const classes = new Map<string, ClassView>()
  for (const row of rows) {
    const key = nameKey(row.values.class_name)
    let entry = classes.get(key)
    if (!entry) {
      entry = { name: row.values.class_name.trim(), group: groupOf(row), rows: [], invited: 0, joined: 0 }
      classes.set(key, entry)
    }
    entry.rows.push(row)
    if (row.outcome === 'invited') entry.invited += 1
    if (row.outcome === 'joined') entry.joined += 1
  }
  return [...classes.values()]
}

/**
 * Every row as the preview shows it, checked now, grouped per class. A committed import is shown as it
 * was made (its rows are not checked again: their addresses are in the classes now).
 */
export const checkUserRows = async (
  db: Executor,
  t: Translator,
  me: Pick<UserRow, 'email'>,
  organizationId: number,
  rows: readonly StoredRow[],
  committed: boolean,
): Promise<ClassView[]> => {
  const classKeys = [...new Set(rows.map((row) => nameKey(row.values.class_name)).filter((key) => key !== ''))]
  const byName = await classesByName(db, organizationId, classKeys)
  const groupOfKey = (key: string) => {
    const ids = byName.get(key)
    return ids?.length === 1 ? ids[0]! : null
  }
  const groupOf = (row: { values: ImportValues }) => groupOfKey(nameKey(row.values.class_name))
  const valid = rows.map((row) => EMAIL.test(emailOf(row.values)))
  const candidates = [...new Set(rows.filter((_, index) => valid[index]).map((row) => emailOf(row.values)))]
  const members = await membersByEmail(db, organizationId, 'student', candidates)
  const student = (row: StoredRow) => members.has(emailOf(row.values))
  if (committed) return grouped(rows.map((row) => ({ row: row.number, values: row.values, errors: [], student: student(row), outcome: row.outcome })), groupOf)

  const known = [...new Set([...byName.values()].filter((ids) => ids.length === 1).map((ids) => ids[0]!))]
  const students = await studentsOf(db, known, candidates)
  const repeated = rowsByKey(rows, pairKey)

  return grouped(
    rows.map((row, index) => {
      const errors: ImportRow['errors'] = []
      const fail = (column: ImportColumn, message: string) => errors.push({ column, message })
      const email = emailOf(row.values)
      const classKey = nameKey(row.values.class_name)
      if (!email) fail('email', t.api.required())
      else if (!valid[index]) fail('email', t.api.invalidEmail())
      else if (isOwnAddress(me, email)) fail('email', t.api.inviteSelf())
      const ids = byName.get(classKey) ?? []
      if (!classKey) fail('class_name', t.api.required())
      else if (ids.length === 0) fail('class_name', t.api.groupUserImport.unknownClass())
      else if (ids.length > 1) fail('class_name', t.api.groupUserImport.ambiguousClass())
      const first = repeated.get(pairKey(row))?.[0]
      if (first !== undefined && first !== row.number) fail('email', t.api.groupUserImport.duplicateRow({ row: first }))
      else if (ids.length === 1 && valid[index] && students.has(`${ids[0]} ${email}`)) fail('email', t.api.groupUserImport.alreadyStudent())
      return { row: row.number, values: row.values, errors, student: student(row), outcome: null }
    }),
    groupOf,
  )
}
