import type { Locales } from '../../locales/i18n-types.js'
import { intlLocale } from '../../locales/languages.js'

/**
 * How the values of a class export are written for a person: dates in the reader's language, the
 * studied time as hh:mm:ss (specification 001 §9), scores as whole numbers, and text that a spreadsheet
 * program would run as a formula made inert. Pure functions, shared by the CSV and the XLSX writer.
 */

/** A cell: text, a number, or empty. */
export type Cell = string | number | null

/**
 * A text cell that a spreadsheet program would read as a formula (=, +, -, @, and a tab or carriage
 * return before one) gets a leading apostrophe, the mark spreadsheet programs themselves use for
 * "this is text" (OWASP's CSV injection advice). Numbers the export computes are left alone: -3 is an
 * improvement of minus three, not a formula.
 */
export const neutralized = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** Seconds as hh:mm:ss; the hours go past 24 (a term's practice). */
export const clockTime = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds))
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`
}

/** A whole number, or empty for no value. */
export const rounded = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value)

/** One decimal, for the averages. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10

/** The parts of an ISO local date or date-time (YYYY-MM-DD[THH:MM...]) as a UTC instant with those numbers. */
const asUtc = (local: string): Date => new Date(`${local.slice(0, 10)}T${local.length > 10 ? local.slice(11, 16) : '00:00'}:00Z`)

/** Date and time formats of one reader's language (made once per export). */
export interface DateFormats {
  /** A local date (YYYY-MM-DD) as the reader writes dates: 03/05/2026 in English (MM/dd/yyyy). */
  date(local: string): string
  /** A local date-time (YYYY-MM-DD HH:MM...) as time then date: 09:30 AM, 03/05/2026 in English. */
  dateTime(local: string): string
  /** A local date for titles and file names: 05 Mar 2026 in English (dd MMM yyyy). */
  title(local: string): string
}

export const dateFormats = (locale: Locales): DateFormats => {
  const intl = intlLocale(locale)
  const date = new Intl.DateTimeFormat(intl, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' })
  const time = new Intl.DateTimeFormat(intl, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' })
  const titleParts = new Intl.DateTimeFormat(intl, { timeZone: 'UTC', year: 'numeric', month: 'short', day: '2-digit' })
  // each day (at most 366 in an export's range) and each minute of a day (1,440) formatted once: an export
  // of 200,000 lessons formatted two dates a row, the most garbage a row made
  const days = new Map<string, string>()
  const minutes = new Map<string, string>()
  const dayOf = (local: string): string => {
    const key = local.slice(0, 10)
    let text = days.get(key)
    if (text === undefined) days.set(key, (text = date.format(asUtc(key))))
    return text
  }
  const minuteOf = (local: string): string => {
    const key = local.length > 10 ? local.slice(11, 16) : '00:00'
    let text = minutes.get(key)
    // ICU puts a narrow no-break space before AM/PM; a plain one reads the same and survives every program
    if (text === undefined) minutes.set(key, (text = time.format(asUtc(`1970-01-01T${key}`)).replace(/\u202f/g, ' ')))
    return text
  }
  return {
    date: dayOf,
    dateTime: (local) => `${minuteOf(local)}, ${dayOf(local)}`,
    title: (local) => {
      const parts = Object.fromEntries(titleParts.formatToParts(asUtc(local)).map((part) => [part.type, part.value]))
      return `${parts.day} ${parts.month} ${parts.year}`
    },
  }
}

/** Characters no file name may hold on the common systems (path separators, reserved marks, controls). */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g

/** The file's name as the reader sees it: the class, the report and the range, without path separators or controls. */
export const exportFileName = (className: string, report: string, from: string, to: string, extension: string): string =>
  `${`${className} ${report} ${from} - ${to}`.replace(UNSAFE_IN_NAME, '_').replace(/\s+/g, ' ').trim()}.${extension}`

/**
 * Content-Disposition of a download named `name`: `filename` in plain ASCII for old clients (accents
 * dropped, other characters as _), `filename*` with the exact name in UTF-8 (RFC 6266, RFC 5987).
 */
export const contentDisposition = (name: string): string => {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
