import { createContext, useContext } from 'react'
import type { I18nContextType } from 'typesafe-i18n/react'
import type { Locales, TranslationFunctions, Translations } from './i18n-types.js'

/**
 * The React binding of the translations: `useI18nContext()` gives a screen `{ LL, locale, setLocale }`.
 * Written here, not generated (.typesafe-i18n.json has no `adapter`): typesafe-i18n's React adapter
 * brings a second copy of its runtime and a component that keeps the functions it made for a language,
 * blind to a namespace loaded afterwards. The app's provider (src/app/translations.tsx) fills this
 * context from the active language's store (src/app/language.ts) instead.
 */
export type I18nContextValue = I18nContextType<Locales, Translations, TranslationFunctions>

export const I18nContext = createContext<I18nContextValue>({} as I18nContextValue)

export const useI18nContext = (): I18nContextValue => useContext(I18nContext)
