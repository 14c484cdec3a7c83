import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, parseDateLike } from '../../locales/formatters'
import type { Locales } from '../../locales/i18n-types'
import { importLocaleAsync, importNamespaceAsync } from '../../locales/i18n-util.async'
import { baseLocale, locales, namespaces } from '../../locales/i18n-util'
import { intlLocale, isLocale, languages, pickLocale, supportedLocales } from '../../locales/languages'
import { translatorFor } from '../../locales/server'

type Dictionary = { readonly [key: string]: string | Dictionary }

/** Every leaf of a dictionary as `path.to.key` → text. */
const flatten = (dictionary: Dictionary, prefix = ''): Map<string, string> => {
	const leaves = new Map<string, string>()
	for (const [key, value] of Object.entries(dictionary)) {
		const path = prefix ? `${prefix}.${key}` : key
		if (typeof value === 'string') leaves.set(path, value)
		else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text)
	}
	return leaves
}

/**
 * The arguments of one text as `name|formatter…`, sorted: `{min:number}` and `{min}` are both `min`,
 * `{value:DateLike|date}` and `{value|date}` are both `value|date`. Plural parts (`{{second|seconds}}`)
 * belong to the argument before them and are not arguments themselves.
 */
const argumentsOf = (text: string): string[] =>
	[...text.replace(/\{\{[^{}]*\}\}/g, '').matchAll(/\{([^{}]+)\}/g)]
		.map((match) => {
			const [head = '', ...formatters] = (match[1] ?? '').split('|').map((part) => part.trim())
			const name = head.split(':')[0]?.trim() ?? ''
			return [name, ...formatters].join('|')
		})
		.sort()

/** The text without the argument types that only the base locale writes. */
const untyped = (text: string): string => text.replace(/\{([^{}:|]+):[^{}|]+(\|[^{}]*)?\}/g, '{$1$2}')

/** A locale's whole dictionary: its root and every namespace (locales/<lang>/<namespace>/). */
const wholeDictionary = async (locale: Locales): Promise<Dictionary> => {
	const root = (await importLocaleAsync(locale)) as unknown as Dictionary
	const parts = await Promise.all(namespaces.map(async (namespace) => [namespace, await importNamespaceAsync(locale, namespace)] as const))
	return { ...root, ...(Object.fromEntries(parts) as unknown as Dictionary) }
}

const dictionaries = new Map<Locales, Map<string, string>>()
for (const locale of locales) dictionaries.set(locale, flatten(await wholeDictionary(locale)))
const base = dictionaries.get(baseLocale) ?? new Map<string, string>()
const others = locales.filter((locale) => locale !== baseLocale)

describe('the dictionaries', () => {
	it('are the six interface languages of the spec, English the base', () => {
		expect(baseLocale).toBe('en')
		expect([...locales].sort()).toEqual(['en', 'es-MX', 'ja', 'pt-BR', 'th', 'vi'])
		expect(base.size).toBeGreaterThan(200)
	})

	it.each(others)('%s has exactly the keys of en', (locale) => {
		const keys = [...(dictionaries.get(locale)?.keys() ?? [])]
		expect(keys.filter((key) => !base.has(key))).toEqual([])
		expect([...base.keys()].filter((key) => !keys.includes(key))).toEqual([])
	})

	it.each(locales)('%s has no empty text', (locale) => {
		const empty = [...(dictionaries.get(locale) ?? [])].filter(([, text]) => text.trim() === '').map(([key]) => key)
		expect(empty).toEqual([])
	})

	it.each(others)('%s uses the same {arguments} and formatters as en in every text', (locale) => {
		const dictionary = dictionaries.get(locale) ?? new Map<string, string>()
		const mismatches = [...base]
			.filter(([key, text]) => argumentsOf(text).join(',') !== argumentsOf(dictionary.get(key) ?? '').join(','))
			.map(([key, text]) => `${key}: en ${argumentsOf(text).join(',')} / ${locale} ${argumentsOf(dictionary.get(key) ?? '').join(',')}`)
		expect(mismatches).toEqual([])
	})

	it('checks arguments for real: a missing or renamed argument is a mismatch', () => {
		expect(argumentsOf('{from:number} - {to:number} of {total:number}')).toEqual(['from', 'to', 'total'])
		expect(argumentsOf('{total} 件中 {from} - {to} 件')).toEqual(['from', 'to', 'total'])
		expect(argumentsOf('Try again in {seconds:number} {{second|seconds}}.')).toEqual(['seconds'])
		expect(argumentsOf('{from:DateLike|date} – {to:DateLike|date}')).toEqual(['from|date', 'to|date'])
		expect(argumentsOf('{from} - {to}')).not.toEqual(argumentsOf('{from} - {to} of {total}'))
	})

	// Left in English only where the text is not English: the product name, punctuation, argument-only texts.
	const sameAsEnglish = new Set([
		'common.appName',
		'common.agreeSuffix',
		'common.notAvailable',
		'common.date',
		'common.dateTime',
		'common.dateRange',
		'dashboards.countOf',
		'nav.documentTitle',
		// a brand name
		'startLearning.android',
	])
	const sameWord: Partial<Record<Locales, string[]>> = {
		'es-MX': ['common.no', 'api.groupImport.no', 'classImport.no', 'organizationUsers.roles', 'organizationUsers.people.roles'],
		'pt-BR': ['startLearning.email'],
		vi: ['organizationUsers.email', 'organizationUsers.people.email'],
	}

	it.each(others)('%s has no text left in English', (locale) => {
		const dictionary = dictionaries.get(locale) ?? new Map<string, string>()
		const allowed = new Set([...sameAsEnglish, ...(sameWord[locale] ?? [])])
		const english = [...base]
			.filter(([key, text]) => !allowed.has(key) && dictionary.get(key) === untyped(text))
			.map(([key]) => key)
		expect(english).toEqual([])
	})
})

describe('the English texts the spec quotes', () => {
	const LL = translatorFor('en')

	it('are word for word', () => {
		expect(LL.common.appName()).toBe('Pronunciation Portal')
		expect(LL.common.genericError()).toBe('Something went wrong. Try again later.')
		expect(LL.errors.generic()).toBe('Something went wrong. Try again later.')
		expect(LL.errors.network()).toBe('Cannot reach the server. Check your connection and try again.')
		expect(LL.common.pagination({ from: 11, to: 20, total: 42 })).toBe('11 - 20 of 42')
		expect(LL.auth.login.submit()).toBe('Log in')
		expect(LL.account.signUp.haveAccount()).toBe('Already have an account? Log in')
		expect(LL.auth.sessionExpired()).toBe('Your session has expired, please login')
		expect(LL.auth.pleaseCreateAccount()).toBe('Please create an account')
		expect(LL.auth.invite.notAccepted()).toBe('Invite could not be accepted')
		expect(LL.auth.invite.expired()).toBe('Invitation is expired or not valid')
		expect(LL.validation.emailRequired()).toBe('Please input email')
		expect(LL.validation.emailInvalid()).toBe('Please input correct email address')
		expect(LL.validation.passwordRequired()).toBe('Please input password')
		expect(LL.validation.passwordTooShort({ min: 6 })).toBe('Password should have at least 6 characters')
		expect(LL.validation.firstNameRequired()).toBe('Please insert first name')
		expect(LL.validation.lastNameRequired()).toBe('Please insert last name')
		expect(LL.validation.currentPasswordRequired()).toBe('Please enter your current password')
		expect(LL.validation.passwordsDontMatch()).toBe("Two inputs don't match!")
		expect(LL.validation.newPasswordRequired()).toBe('Insert a password')
	})

	it('include the 401 detail that ends a session, and only en has it verbatim', () => {
		expect(LL.api.sessionExpired()).toBe('Session expired')
		for (const locale of others) expect(translatorFor(locale).api.sessionExpired()).not.toBe('Session expired')
	})

	it('pluralize in English', () => {
		expect(LL.api.tooManyRequests({ seconds: 1 })).toBe('Too many attempts. Try again in 1 second.')
		expect(LL.api.tooManyRequests({ seconds: 30 })).toBe('Too many attempts. Try again in 30 seconds.')
	})
})

describe('translatorFor', () => {
	it('has every namespace, synchronously: the server writes mails and area texts', () => {
		expect(namespaces).toEqual(expect.arrayContaining(['mail', 'organizationUsers']))
		for (const locale of locales) {
			for (const namespace of namespaces) expect(translatorFor(locale)[namespace], `${locale} ${namespace}`).toBeDefined()
		}
		expect(translatorFor('en').organizationUsers.search()).toBe('Search users')
	})

	it('writes in the recipient language, with the arguments filled in', () => {
		expect(translatorFor('ja').mail.invitation.subject({ organization: 'さくら学園' })).toBe('さくら学園 への招待')
		expect(translatorFor('pt-BR').validation.passwordTooShort({ min: 6 })).toBe('A senha deve ter pelo menos 6 caracteres')
		expect(translatorFor('es-MX').common.pagination({ from: 1, to: 10, total: 25 })).toBe('1 - 10 de 25')
	})

	it('takes a tag or an Accept-Language header and falls back to English', () => {
		expect(translatorFor('es-ES')).toBe(translatorFor('es-MX'))
		expect(translatorFor('th-TH,th;q=0.9,en;q=0.8')).toBe(translatorFor('th'))
		expect(translatorFor(undefined)).toBe(translatorFor('en'))
		expect(translatorFor('de-DE')).toBe(translatorFor('en'))
		expect(translatorFor('vi').nav.logout()).toBe('Đăng xuất')
	})
})

describe('languages', () => {
	it('lists every generated locale once, each named in its own language', () => {
		expect(languages.map((language) => language.locale)).toEqual(['en', 'es-MX', 'ja', 'pt-BR', 'th', 'vi'])
		expect([...supportedLocales].sort()).toEqual([...locales].sort())
		expect(Object.fromEntries(languages.map((language) => [language.locale, language.name]))).toEqual({
			en: 'English',
			'es-MX': 'Español (México)',
			ja: '日本語',
			'pt-BR': 'Português (Brasil)',
			th: 'ไทย',
			vi: 'Tiếng Việt',
		})
	})

	it('guards locales', () => {
		expect(isLocale('pt-BR')).toBe(true)
		expect(isLocale('pt')).toBe(false)
		expect(isLocale('pt-br')).toBe(false)
		expect(isLocale('toString')).toBe(false)
		expect(isLocale(undefined)).toBe(false)
		expect(isLocale(42)).toBe(false)
	})
})

describe('pickLocale', () => {
	it.each([
		['es-ES', 'es-MX'],
		['es-419', 'es-MX'],
		['es', 'es-MX'],
		['pt-PT', 'pt-BR'],
		['pt', 'pt-BR'],
		['PT-br', 'pt-BR'],
		['ja-JP', 'ja'],
		['th-TH', 'th'],
		['vi-VN', 'vi'],
		['en-GB', 'en'],
		['zh-CN', 'en'],
		['*', 'en'],
		['', 'en'],
		['constructor', 'en'],
	] as const)('reads %j as %s', (tag, expected) => {
		expect(pickLocale(tag)).toBe(expected)
	})

	it('follows the order of preference of an Accept-Language header', () => {
		expect(pickLocale('fr-FR,fr;q=0.9,pt;q=0.8,en;q=0.5')).toBe('pt-BR')
		expect(pickLocale('en;q=0.3, ja;q=0.9, vi;q=0.6')).toBe('ja')
		expect(pickLocale('ja;q=0, th')).toBe('th')
		expect(pickLocale('de-CH, de;q=0.9')).toBe('en')
	})

	it('follows the order of navigator.languages', () => {
		expect(pickLocale(['de-DE', 'vi-VN', 'en-US'])).toBe('vi')
		expect(pickLocale(['en-US', 'es-MX'])).toBe('en')
		expect(pickLocale([])).toBe('en')
		expect(pickLocale(null)).toBe('en')
		expect(pickLocale(undefined)).toBe('en')
	})
})

describe('the date formatters', () => {
	// ICU versions differ in the space before AM/PM (U+0020 or U+202F); a person sees a space either way.
	const spaced = (text: string): string => text.replace(/\s/gu, ' ')
	const day = Temporal.PlainDate.from('2025-03-05')

	it('format a PlainDate for the active locale', () => {
		expect(formatDate('en', day)).toBe('03/05/2025')
		expect(formatDate('ja', day)).toBe('2025/03/05')
		expect(formatDate('en', day)).not.toBe(formatDate('ja', day))
		expect(formatDate('pt-BR', day)).toBe('05/03/2025')
		expect(intlLocale('en')).toBe('en-US')
	})

	it('are what the dictionaries call', () => {
		expect(translatorFor('en').common.date({ value: day })).toBe('03/05/2025')
		expect(translatorFor('ja').common.date({ value: day })).toBe('2025/03/05')
		expect(translatorFor('en').common.dateRange({ from: day, to: day.add({ days: 30 }) })).toBe('03/05/2025 – 04/04/2025')
	})

	it('read ISO strings as the Temporal value they describe', () => {
		expect(formatDate('en', '2025-03-05')).toBe('03/05/2025')
		expect(parseDateLike('2025-03-05')).toBeInstanceOf(Temporal.PlainDate)
		expect(parseDateLike('2025-03-05T14:30')).toBeInstanceOf(Temporal.PlainDateTime)
		expect(parseDateLike('2025-03-05T14:30:00Z')).toBeInstanceOf(Temporal.Instant)
		expect(parseDateLike('2025-03-05T14:30:00+09:00')).toBeInstanceOf(Temporal.Instant)
		expect(parseDateLike('2025-03-05T14:30:00+09:00[Asia/Tokyo]')).toBeInstanceOf(Temporal.ZonedDateTime)
		expect(formatDate('en', 'not a date')).toBe('not a date')
	})

	it('show the time with dateTime, in the zone of a ZonedDateTime and naming it', () => {
		expect(formatDateTime('ja', Temporal.PlainDateTime.from('2025-03-05T14:30'))).toBe('2025/03/05 14:30')
		expect(spaced(formatDateTime('en', Temporal.PlainDateTime.from('2025-03-05T14:30')))).toBe('03/05/2025, 02:30 PM')
		const tokyo = Temporal.ZonedDateTime.from('2025-03-05T23:30:00+09:00[Asia/Tokyo]')
		expect(formatDateTime('ja', tokyo)).toBe('2025/03/05 23:30 JST')
		expect(formatDate('ja', tokyo)).toBe('2025/03/05')
		// the same instant in UTC (what the server gives mails): another day, and the reader sees "UTC"
		const utc = tokyo.withTimeZone('UTC')
		expect(formatDateTime('ja', utc)).toBe('2025/03/05 14:30 UTC')
		expect(spaced(formatDateTime('en', utc))).toBe('03/05/2025, 02:30 PM UTC')
		expect(spaced(translatorFor('en').common.dateTime({ value: '2025-03-05T23:30:00+00:00[UTC]' }))).toBe('03/05/2025, 11:30 PM UTC')
		expect(formatDate('en', utc)).toBe('03/05/2025')
		expect(formatDateTime('en', day)).toBe('03/05/2025')
		expect(translatorFor('pt-BR').common.dateTime({ value: '2025-03-05T14:30' })).toBe('05/03/2025, 14:30')
	})
})
