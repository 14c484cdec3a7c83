import type { Locales, TranslationFunctions } from '../../locales/i18n-types'
import { i18nObject } from '../../locales/i18n-util'
import { loadLocaleAsync } from '../../locales/i18n-util.async'
import { pickLocale } from '../../locales/languages'
import { storage } from '../api/storage'

/**
 * The active interface language outside React: what the API client sends as Accept-Language,
 * what `<html lang>` says, what is stored for the next visit.
 * The first one is the stored choice, else the best match for the browser's languages.
 */

let active: Locales = 'en'

export const activeLocale = (): Locales => active

export const initialLocale = (): Locales =>
  storage.readLanguage() ?? pickLocale(typeof navigator === 'undefined' ? undefined : navigator.languages)

/** Loads the dictionary of `locale` and makes it the active language (stored, on <html lang>). */
export const activateLocale = async (locale: Locales): Promise<void> => {
  await loadLocaleAsync(locale)
  active = locale
  storage.saveLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** The translation functions of the active language, for code outside React (actions of flows, toasts). */
export const currentLL = (): TranslationFunctions => i18nObject(active)
