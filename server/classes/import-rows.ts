import { fullFormats } from 'ajv-formats/dist/formats.js'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { locales } from '../../locales/i18n-util.js'
import { translatorFor, type Translator } from '../../locales/server.js'
import { isOwnAddress } from '../auth/policy.js'
import { isNotBlank } from '../contract/validation-messages.js'
import { groups, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { inSlices, nameKey, translatedColumn, yesNoOf } from '../services/import-rows.js'
import type { Column } from '../services/spreadsheets.js'
import { GOAL_DEFAULTS } from './assignments.js'
import { membersByEmail } from './roster.js'

/**
 * The rows of a class import (specification 001 §2 Class import, §5): the template's columns (a class's
 * name and dates, and its goals), how a row is read, and its checks. Each error names its column; a name
 * used on an earlier row of the file, or by a class of the organization, is 'duplicate group name'.
 * Goal cells may be left empty: an empty one takes its default (§5), and a row whose goal cells are all
 * empty makes a class without goals ("no goals set"). The teacher e-mail is optional: an address that is
 * no e-mail is an error; one of no teacher of the organization will get a pending teacher invitation.
 */

export type ImportValues = components['schemas']['ClassImportValues']
export type ImportColumn = keyof ImportValues
type ClassView = components['schemas']['ClassImportClass']
type Goals = components['schemas']['Assignment']

/** A row as stored in class_imports.rows. */
export interface StoredRow {
  number: number
  values: ImportValues
  /** The class made from it, once the import is confirmed. */
  groupId: number | null
}

export const MAX_IMPORT_ROWS = 1000
const MAX_NAME = 200

const GOAL_COLUMNS = ['practice_days_per_week', 'practice_minutes_per_day', 'take_assessment', 'engagement_days'] as const

/** The template's columns in its order: headers in the requester's language; any language's header (or the key) is read. */
const ORDER: readonly ImportColumn[] = ['name', 'start_date', 'end_date', ...GOAL_COLUMNS, 'teacher_email']
const REQUIRED = new Set<ImportColumn>(['name', 'start_date', 'end_date'])

export const importColumns = (t: Translator): Column<ImportColumn>[] =>
  ORDER.map((key) => translatedColumn(t, key, (language) => language.api.groupImport.column[key](), REQUIRED.has(key)))

/** The template's example row, in the columns' order: a class of 30 days starting on `today`, with the default goals. */
export const exampleRow = (t: Translator, today: string): string[] => {
  const end = new Date(`${today}T00:00:00Z`)
  end.setUTCDate(end.getUTCDate() + 30)
  return [
    t.api.groupImport.exampleName(),
    today,
    end.toISOString().slice(0, 10),
    String(GOAL_DEFAULTS.practiceDaysPerWeek),
    String(GOAL_DEFAULTS.practiceMinutesPerDay),
    t.api.groupImport.yes(),
    String(GOAL_DEFAULTS.testBeforeClassStats),
    'teacher@example.com',
  ]
}

/** yes and no in every language of the interface, besides the English words. */
const YES_NO = {
  yes: locales.map((locale) => translatorFor(locale).api.groupImport.yes()),
  no: locales.map((locale) => translatorFor(locale).api.groupImport.no()),
}

/** The ISO date of a valid calendar day, or undefined. */
const isoOf = (year: number, month: number, day: number): string | undefined => {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (year < 1900 || year > 9999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  return date.toISOString().slice(0, 10)
}

/** Day 0 of spreadsheet serial dates (1899-12-30, which absorbs the 1900 leap-year bug), in ms. */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30)

/**
 * A date cell: YYYY-MM-DD, MM/DD/YYYY (the spec's display format), or the serial number a spreadsheet
 * program stores for a cell formatted as a date (the reader gives cells as stored).
 */
export const dateOf = (text: string): string | undefined => {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]))
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  if (match) return isoOf(Number(match[3]), Number(match[1]), Number(match[2]))
  if (/^\d{4,7}(\.0+)?$/.test(text)) {
    const date = new Date(SERIAL_EPOCH + Number.parseInt(text, 10) * 86_400_000)
    return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
  }
  return undefined
}

/** A whole number from `min` to `max`, or undefined. */
const wholeOf = (text: string, min: number, max: number): number | undefined => {
  if (!/^\d{1,7}(\.0+)?$/.test(text)) return undefined
  const value = Number.parseInt(text, 10)
  return value >= min && value <= max ? value : undefined
}

type RowError = ClassView['errors'][number]

/** The address check of the invite call (the contract's `email` format), as the wizard's teacher e-mail. */
const EMAIL = fullFormats.email as RegExp

/** A class's name as the store compares it, the way nameKey compares a name in a file. */
export const comparedGroupName = sql<string>`lower(regexp_replace(trim(${groups.name}), '\\s+', ' ', 'g'))`

/** One row read: what the class would be, and the row's own errors (not yet the duplicates). */
const readRow = (t: Translator, row: StoredRow): { view: ClassView; goals: Goals | null } => {
  const { values } = row
  const errors: RowError[] = []
  const fail = (column: ImportColumn, message: string) => errors.push({ column, message })
  // invisible characters alone (a zero-width space) name nothing, as in the create form
  const name = isNotBlank(values.name) ? values.name.trim() : ''
  if (!name) fail('name', t.classes.validation.nameRequired())
  else if (name.length > MAX_NAME) fail('name', t.api.groupImport.nameTooLong())
  const start = dateOf(values.start_date)
  const end = dateOf(values.end_date)
  if (!start) fail('start_date', t.api.groupImport.invalidDate())
  if (!end) fail('end_date', t.api.groupImport.invalidDate())
  if (start && end && end < start) fail('end_date', t.classes.validation.endBeforeStart())

  let goals: Goals | null = null
  if (GOAL_COLUMNS.some((column) => values[column] !== '')) {
    const days = values.practice_days_per_week === '' ? GOAL_DEFAULTS.practiceDaysPerWeek : wholeOf(values.practice_days_per_week, 1, 7)
    const minutes = values.practice_minutes_per_day === '' ? GOAL_DEFAULTS.practiceMinutesPerDay : wholeOf(values.practice_minutes_per_day, 1, 1000)
    const takes = values.take_assessment === '' ? true : yesNoOf(values.take_assessment, YES_NO)
    const engagement = values.engagement_days === '' ? GOAL_DEFAULTS.testBeforeClassStats : wholeOf(values.engagement_days, 1, 365)
    if (days === undefined) fail('practice_days_per_week', t.classes.validation.daysRange())
    if (minutes === undefined) fail('practice_minutes_per_day', t.classes.validation.minutesRange())
    if (takes === undefined) fail('take_assessment', t.api.groupImport.takeAssessment())
    // the engagement days count only for a class that takes the assessment
    if (takes !== false && engagement === undefined) fail('engagement_days', t.classes.validation.engagementRange())
    if (days !== undefined && minutes !== undefined && takes !== undefined && (takes === false || engagement !== undefined)) {
      goals = { practice_days_per_week: days, practice_minutes_per_day: minutes, test_before_class_stats: takes ? engagement! : null }
    }
  }
  // a teacher is optional; an address without a teacher account gets a pending teacher invitation (checkRows says which)
  const teacherEmail = (values.teacher_email ?? '').trim().toLowerCase()
  const teacher = teacherEmail && EMAIL.test(teacherEmail) ? { email: teacherEmail, invited: false } : null
  if (teacherEmail && !teacher) fail('teacher_email', t.api.invalidEmail())
  return {
    view: { row: row.number, values: { ...values, teacher_email: values.teacher_email ?? '' }, name, start_date: start ?? null, end_date: end ?? null, goals, teacher, errors, group: row.groupId },
    goals,
  }
}

/**
 * Every row of an import as the preview shows it, checked now. A committed import is shown as it was
 * made: its classes are the ones the names now belong to, so the duplicate checks are not made again.
 */
export const checkRows = async (
  db: Executor,
  t: Translator,
  me: Pick<UserRow, 'email'>,
  organizationId: number,
  rows: readonly StoredRow[],
  committed: boolean,
): Promise<ClassView[]> => {
  const views = rows.map((row) => readRow(t, row).view)
  const teacherEmails = [...new Set(views.flatMap((view) => (view.teacher ? [view.teacher.email] : [])))]
  const teachers = await membersByEmail(db, organizationId, 'teacher', teacherEmails)
  for (const view of views) {
    if (!view.teacher) continue
    view.teacher.invited = !teachers.has(view.teacher.email)
    // nobody gives themselves a role: an admin who is no teacher cannot name their own address
    if (view.teacher.invited && !committed && isOwnAddress(me, view.teacher.email)) view.errors.push({ column: 'teacher_email', message: t.api.inviteSelf() })
  }
  if (committed) return views
  const keys = [...new Set(views.filter((view) => view.name).map((view) => nameKey(view.name)))]
  const found = await inSlices(
    keys,
    (slice) => db.select({ key: comparedGroupName }).from(groups).where(and(eq(groups.organizationId, organizationId), inArray(comparedGroupName, slice))),
    500,
  )
  const taken = new Set(found.map(({ key }) => key))
  const seen = new Set<string>()
  for (const view of views) {
    if (!view.name) continue
    const key = nameKey(view.name)
    if (seen.has(key)) view.errors.unshift({ column: 'name', message: t.api.groupImport.duplicateName() })
    else if (taken.has(key)) view.errors.unshift({ column: 'name', message: t.api.groupImport.nameTaken() })
    seen.add(key)
  }
  return views
}
