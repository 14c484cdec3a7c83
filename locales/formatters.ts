import { Intl as TemporalIntl, Temporal } from 'temporal-polyfill'
import type { FormattersInitializer } from 'typesafe-i18n'
import type { DateLike } from './custom-types.js'
import type { Formatters, Locales } from './i18n-types.js'
import { intlLocale } from './languages.js'

/**
 * Dates stay Temporal values until a person reads them; these formatters turn them into text
 * for the active locale with Intl (the polyfill's Intl.DateTimeFormat, which knows Temporal).
 *
 * In a translation: `'{value:DateLike|date}'`, then `LL.common.date({ value: plainDate })`.
 * Outside a translation: `formatDate('ja', plainDate)`.
 *
 * - `date`: the calendar day, numeric (en: 03/05/2025, the spec's MM/dd/yyyy; ja: 2025/03/05).
 * - `dateTime`: the day and the hour and minute. A PlainDate has no time, so only its day is shown.
 * - A ZonedDateTime is shown in its own time zone, and `dateTime` names that zone (`… 23:30 JST`,
 *   `… 11:30 PM UTC`) so that a reader elsewhere knows which clock it is; an Instant is shown in the
 *   time zone of the runtime (the browser's), unnamed. The server does not know a reader's zone: it
 *   gives a ZonedDateTime (in UTC when nothing better is known, as the mails do).
 * - An ISO string is read as the Temporal type its shape says: `2025-03-05` PlainDate,
 *   `2025-03-05T14:30` PlainDateTime, `…Z` or `…+09:00` Instant, `…[Asia/Tokyo]` ZonedDateTime.
 *   A string that is not ISO 8601 is returned unchanged rather than breaking the page.
 */

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' }
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit' }
const ZONED_DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_TIME_OPTIONS, timeZoneName: 'short' }

type TemporalValue = Temporal.PlainDate | Temporal.PlainDateTime | Temporal.ZonedDateTime | Temporal.Instant

const ISO_DATE = /^[+-]?\d{4,6}-\d{2}-\d{2}$/
const ZONE_ANNOTATION = /\[[^\]=]+\]/
const OFFSET_OR_Z = /(?:[zZ]|[+-]\d{2}(?::?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)?)$/

/** Reads an ISO 8601 string as the Temporal value its shape describes; `undefined` when it is not one. */
export const parseDateLike = (value: DateLike): TemporalValue | undefined => {
	if (typeof value !== 'string') return value
	const text = value.trim()
	try {
		if (ISO_DATE.test(text)) return Temporal.PlainDate.from(text)
		if (ZONE_ANNOTATION.test(text)) return Temporal.ZonedDateTime.from(text)
		if (OFFSET_OR_Z.test(text) && text.includes('T')) return Temporal.Instant.from(text)
		return Temporal.PlainDateTime.from(text)
	} catch {
		return undefined
	}
}

type Formatter = (value: DateLike) => string

const makeFormatter = (tag: string, withTime: boolean): Formatter => {
	const dateFormat = new TemporalIntl.DateTimeFormat(tag, DATE_OPTIONS)
	const dateTimeFormat = new TemporalIntl.DateTimeFormat(tag, withTime ? DATE_TIME_OPTIONS : DATE_OPTIONS)
	return (value) => {
		const parsed = parseDateLike(value)
		if (parsed === undefined) return String(value)
		if (parsed instanceof Temporal.ZonedDateTime) {
			// Intl.DateTimeFormat refuses ZonedDateTime by design; format it in its own zone, named.
			return parsed.toLocaleString(tag, withTime ? ZONED_DATE_TIME_OPTIONS : DATE_OPTIONS)
		}
		if (parsed instanceof Temporal.PlainDate) return dateFormat.format(parsed)
		return dateTimeFormat.format(parsed)
	}
}

const cache = new Map<Locales, { date: Formatter; dateTime: Formatter }>()

const formattersOf = (locale: Locales): { date: Formatter; dateTime: Formatter } => {
	let entry = cache.get(locale)
	if (!entry) {
		const tag = intlLocale(locale)
		entry = { date: makeFormatter(tag, false), dateTime: makeFormatter(tag, true) }
		cache.set(locale, entry)
	}
	return entry
}

/** The day of `value` for a person reading `locale`. */
export const formatDate = (locale: Locales, value: DateLike): string => formattersOf(locale).date(value)

/** The day and time of `value` for a person reading `locale`. */
export const formatDateTime = (locale: Locales, value: DateLike): string => formattersOf(locale).dateTime(value)

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
	const { date, dateTime } = formattersOf(locale)
	const formatters: Formatters = { date, dateTime }
	return formatters
}
