import { locales } from '../../locales/i18n-util.js'
import { translatorFor, type Translator } from '../../locales/server.js'
import type { Column } from './spreadsheets.js'

/**
 * What the rows of every staged import (organizations, classes, users into classes) read the same way:
 * a template column whose header is translated (any language's header is read), yes/no cells, a name
 * compared for duplicates, the rows that share a key, and store lookups by lists of values cut in slices.
 */

/** A column of a template with its header in `t`'s language; the key and the header in every language are read too. */
export const translatedColumn = <Key extends string>(
  t: Translator,
  key: Key,
  headerOf: (t: Translator) => string,
  required: boolean,
  aliases: readonly string[] = [],
): Column<Key> => ({
  key,
  header: headerOf(t),
  aliases: [key, ...new Set([...locales.map((locale) => headerOf(translatorFor(locale))), ...aliases])],
  required,
})

const YES = ['yes', 'y', 'true', '1', 'x']
const NO = ['no', 'n', 'false', '0']

/**
 * A yes/no cell: true, false, or undefined when it is neither. Besides the English words and 1/0, the
 * `words` given (a translated yes and no) are read, without regard to case.
 */
export const yesNoOf = (text: string, words: { yes?: readonly string[]; no?: readonly string[] } = {}): boolean | undefined => {
  const value = text.trim().toLowerCase()
  if (YES.includes(value) || words.yes?.some((word) => word.toLowerCase() === value)) return true
  if (NO.includes(value) || words.no?.some((word) => word.toLowerCase() === value)) return false
  return undefined
}

/** A name as compared for duplicates: trimmed, spaces collapsed, any case. */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** The numbers of the rows with each key, in the file's order (rows without a key are left out). */
export const rowsByKey = <Row extends { number: number }>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, number[]> => {
  const byKey = new Map<string, number[]>()
  for (const row of rows) {
    const key = keyOf(row)
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), row.number])
  }
  return byKey
}

/** Queries with lists of values are cut in slices well within a statement's parameters. */
export const inSlices = async <T, R>(values: readonly T[], query: (slice: T[]) => Promise<R[]>, size = 5000): Promise<R[]> => {
  const out: R[] = []
  for (let start = 0; start < values.length; start += size) out.push(...(await query(values.slice(start, start + size))))
  return out
}
