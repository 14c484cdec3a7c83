import type { Locales } from './i18n-types.js'

/**
 * The interface languages, each named in its own language (what a language picker shows),
 * and the choice of the best one for a browser or an HTTP request. Used by the browser and the server;
 * it loads no dictionary.
 */

export type Language = {
	/** The typesafe-i18n locale, also the value stored for a user and sent in requests. */
	readonly locale: Locales
	/** The language's own name. */
	readonly name: string
	/** Its English name, for logs and for people supporting users. */
	readonly englishName: string
	/** The BCP 47 tag given to Intl (dates, numbers) and to `<html lang>`. */
	readonly intl: string
}

const byLocale = {
	en: { locale: 'en', name: 'English', englishName: 'English', intl: 'en-US' },
	'es-MX': { locale: 'es-MX', name: 'Español (México)', englishName: 'Spanish (Mexico)', intl: 'es-MX' },
	ja: { locale: 'ja', name: '日本語', englishName: 'Japanese', intl: 'ja-JP' },
	'pt-BR': { locale: 'pt-BR', name: 'Português (Brasil)', englishName: 'Portuguese (Brazil)', intl: 'pt-BR' },
	th: { locale: 'th', name: 'ไทย', englishName: 'Thai', intl: 'th-TH' },
	vi: { locale: 'vi', name: 'Tiếng Việt', englishName: 'Vietnamese', intl: 'vi-VN' },
} as const satisfies { readonly [L in Locales]: Language & { readonly locale: L } }

export const baseLocale = 'en' satisfies Locales

/** Every supported locale, in the order a language picker lists them. */
export const languages: readonly Language[] = [
	byLocale.en,
	byLocale['es-MX'],
	byLocale.ja,
	byLocale['pt-BR'],
	byLocale.th,
	byLocale.vi,
]

export const supportedLocales: readonly Locales[] = languages.map((language) => language.locale)

export const isLocale = (value: unknown): value is Locales =>
	typeof value === 'string' && Object.prototype.hasOwnProperty.call(byLocale, value)

export const languageOf = (locale: Locales): Language => byLocale[locale]

/** The BCP 47 tag for Intl: `en` is formatted as en-US (MM/dd/yyyy, as the spec shows dates). */
export const intlLocale = (locale: Locales): string => byLocale[locale].intl

/** A language without its region goes to the one region we support for it. */
const byPrimaryLanguage: ReadonlyMap<string, Locales> = new Map<string, Locales>([
	['en', 'en'],
	['es', 'es-MX'],
	['ja', 'ja'],
	['pt', 'pt-BR'],
	['th', 'th'],
	['vi', 'vi'],
])

const exactMatch = new Map<string, Locales>(supportedLocales.map((locale) => [locale.toLowerCase(), locale]))

/** The supported locale for one language tag (`pt-PT` → pt-BR, `ES` → es-MX, `ja-JP` → ja), or undefined. */
export const localeForTag = (tag: string): Locales | undefined => {
	const normalized = tag.trim().replace(/_/g, '-').toLowerCase()
	if (!normalized || normalized === '*') return undefined
	const exact = exactMatch.get(normalized)
	if (exact) return exact
	const primary = normalized.split('-')[0] ?? ''
	return byPrimaryLanguage.get(primary)
}

type Weighted = { tag: string; quality: number; position: number }

const parseAcceptLanguage = (header: string): Weighted[] =>
	header
		.split(',')
		.map((part, position): Weighted => {
			const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim())
			let quality = 1
			for (const parameter of parameters) {
				const match = /^q\s*=\s*([0-9.]+)$/i.exec(parameter)
				if (match?.[1] !== undefined) {
					const parsed = Number.parseFloat(match[1])
					quality = Number.isFinite(parsed) ? parsed : 0
				}
			}
			return { tag, quality, position }
		})
		.filter((entry) => entry.tag !== '' && entry.quality > 0)
		.sort((a, b) => b.quality - a.quality || a.position - b.position)

/**
 * The best supported locale for what a client prefers, `en` when nothing matches.
 *
 * - On the server, give it the Accept-Language header: `pickLocale(request.headers['accept-language'])`
 *   (a header repeated by a proxy arrives as an array; each entry is read as a header).
 * - In the browser, give it `navigator.languages`, which is already in order of preference.
 *
 * Preferences are tried in order (by `q` for a header); the first one we support wins, so
 * `fr-FR, pt;q=0.8, en;q=0.5` picks pt-BR. Any Spanish is es-MX, any Portuguese pt-BR.
 */
export const pickLocale = (preferences: string | readonly string[] | null | undefined): Locales => {
	if (preferences == null) return baseLocale
	const tags =
		typeof preferences === 'string'
			? parseAcceptLanguage(preferences).map((entry) => entry.tag)
			: preferences.flatMap((entry) => parseAcceptLanguage(entry).map((weighted) => weighted.tag))
	for (const tag of tags) {
		const locale = localeForTag(tag)
		if (locale) return locale
	}
	return baseLocale
}
