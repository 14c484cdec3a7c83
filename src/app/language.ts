import type { Formatters, Locales, TranslationFunctions } from '../../locales/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../locales/i18n-util'
import { importLocaleAsync } from '../../locales/i18n-util.async'
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

/*
 * The `date` and `dateTime` formatters need Temporal's polyfill, which only the logged-in screens use:
 * it is loaded with them (loadDateFormatters), not with the login page. Until then the formatters of
 * a language are an empty object that translations already hold, filled in place once loaded.
 */
let dateFormatters: typeof import('../../locales/formatters') | undefined

const installFormatters = (locale: Locales): void => {
  const formatters = (loadedFormatters[locale] ??= {} as Formatters)
  if (dateFormatters) Object.assign(formatters, dateFormatters.initFormatters(locale))
}

/** Loads the date formatters (and Temporal) for the active language and every one activated later. */
export const loadDateFormatters = async (): Promise<void> => {
  dateFormatters ??= await import('../../locales/formatters')
  installFormatters(active)
}

/** Loads the dictionary of `locale` and makes it the active language (stored, on <html lang>). */
export const activateLocale = async (locale: Locales): Promise<void> => {
  loadedLocales[locale] = await importLocaleAsync(locale)
  installFormatters(locale)
  active = locale
  storage.saveLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** The translation functions of the active language, for code outside React (actions of flows, toasts). */
export const currentLL = (): TranslationFunctions => i18nObject(active)
