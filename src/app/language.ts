import type { Formatters, Locales, Namespaces, TranslationFunctions, Translations } from '../../locales/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../locales/i18n-util'
import { pickLocale } from '../../locales/languages'
import { storage } from '../api/storage'

/**
 * The active interface language outside React: what the API client sends as Accept-Language,
 * what `<html lang>` says, what is stored for the next visit; and the dictionary loaded for it,
 * which the app's translations (translations.tsx) show.
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

/**
 * Loads the date formatters for the active language and every one activated later, and Temporal's polyfill
 * where the browser has no Temporal of its own (installed on globalThis: src/app/temporal.ts).
 */
export const loadDateFormatters = async (): Promise<void> => {
  const [formatters] = await Promise.all([
    dateFormatters ?? import('../../locales/formatters'),
    'Temporal' in globalThis ? undefined : import('temporal-polyfill/shim').then((polyfill) => polyfill.install()),
  ])
  dateFormatters = formatters
  installFormatters(active)
}

/*
 * The dictionary is split: its root (locales/<lang>/index.ts) comes with the first page, and each
 * namespace (locales/<lang>/<namespace>/, the texts of one area) with the screens that show it
 * (routes.tsx). Once a screen asked for a namespace, every language activated later loads it too.
 */
const wanted = new Set<Namespaces>()

/** The root of each language's dictionary, by its file. */
const roots = import.meta.glob<{ default: unknown }>('../../locales/*/index.ts')

const importRoot = async (locale: Locales): Promise<Translations> => {
  const load = roots[`../../locales/${locale}/index.ts`]
  if (!load) throw new Error(`no dictionary for ${locale}`)
  return (await load()).default as Translations
}

/**
 * Loads into `locale`'s dictionary the wanted namespaces it lacks, including any asked for meanwhile;
 * true when it loaded any.
 */
const completeDictionary = async (locale: Locales): Promise<boolean> => {
  const missing = () => [...wanted].filter((namespace) => !(namespace in loadedLocales[locale]))
  let grown = false
  for (let namespaces = missing(); namespaces.length > 0; namespaces = missing()) {
    const { importNamespace } = await import('./namespaces')
    const loaded = await Promise.all(namespaces.map(async (namespace) => [namespace, await importNamespace(locale, namespace)] as const))
    loadedLocales[locale] = { ...loadedLocales[locale], ...Object.fromEntries(loaded) }
    grown = true
  }
  return grown
}

/*
 * The translation functions of the active language, rebuilt whenever its dictionary grows or another
 * language becomes active (typesafe-i18n's functions read the dictionary as it was when they were made).
 */
type ActiveTranslations = { readonly locale: Locales; readonly LL: TranslationFunctions }
let translations: ActiveTranslations | undefined
const listeners = new Set<() => void>()

const publish = (): void => {
  translations = { locale: active, LL: i18nObject(active) }
  for (const listener of listeners) listener()
}

export const subscribeTranslations = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const currentTranslations = (): ActiveTranslations => {
  if (!translations) throw new Error('no language is active yet: activateLocale first')
  return translations
}

/** Loads the dictionary of `locale` and makes it the active language (shown, stored, on <html lang>). */
export const activateLocale = async (locale: Locales): Promise<void> => {
  loadedLocales[locale] ??= await importRoot(locale)
  await completeDictionary(locale)
  installFormatters(locale)
  active = locale
  storage.saveLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  publish()
}

/** Loads the namespaces a screen shows, in the active language and in every one activated later. */
export const loadNamespaces = async (namespaces: readonly Namespaces[]): Promise<void> => {
  for (const namespace of namespaces) wanted.add(namespace)
  // the language may change while they load: the new one gets them too
  let grown = false
  for (let locale = active; ; locale = active) {
    if (await completeDictionary(locale)) grown = true
    if (locale === active) break
  }
  if (grown) publish()
}

/** A screen's loader that also loads the namespaces its texts are in (src/app/routes.tsx). */
export const withTexts =
  <M>(load: () => Promise<M>, namespaces: readonly Namespaces[]) =>
  (): Promise<M> =>
    Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module)

/** The translation functions of the active language, for code outside React (actions of flows, toasts). */
export const currentLL = (): TranslationFunctions => currentTranslations().LL
