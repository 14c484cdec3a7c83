import type { Locales, TranslationFunctions } from './i18n-types.js'
import { i18nObject } from './i18n-util.js'
import { loadAllLocales } from './i18n-util.sync.js'
import { isLocale, pickLocale } from './languages.js'

/**
 * Translations for server code (mails, error messages), synchronous: every dictionary is loaded
 * once when this module is imported. Browser code uses i18n-react.tsx and i18n-util.async.ts instead.
 *
 *   const LL = translatorFor(user.locale)                       // a stored locale
 *   const LL = translatorFor(request.headers['accept-language']) // or what the requester prefers
 *   reply.code(401).send({ detail: LL.api.sessionExpired() })
 *   mail.subject = LL.mail.invitation.subject({ organization: org.name })
 */
export type Translator = TranslationFunctions

loadAllLocales()

const translators = new Map<Locales, Translator>()

/**
 * The translation functions for `locale`. Anything that is not a supported locale (a tag like `es-ES`,
 * an Accept-Language header, nothing) goes through `pickLocale`, so the answer is always a translator,
 * English at worst.
 */
export const translatorFor = (locale: Locales | string | readonly string[] | null | undefined): Translator => {
	const resolved: Locales = isLocale(locale) ? locale : pickLocale(locale)
	let translator = translators.get(resolved)
	if (!translator) {
		translator = i18nObject(resolved)
		translators.set(resolved, translator)
	}
	return translator
}
