import { type ReactNode, useMemo, useSyncExternalStore } from 'react'
import { I18nContext } from '../../locales/i18n-react'
import type { Locales } from '../../locales/i18n-types'
import { activateLocale, currentTranslations, subscribeTranslations } from './language'

const setLocale = (locale: Locales): void => void activateLocale(locale)

/**
 * Gives the screens the translations of the active language (`useI18nContext()`), as language.ts
 * holds them: rebuilt when a namespace loads (the texts of an area, loaded with it) or the language
 * changes, so the screen an area's loader shows renders with its texts at once.
 */
export function Translations({ children }: { children: ReactNode }) {
  const { locale, LL } = useSyncExternalStore(subscribeTranslations, currentTranslations)
  const context = useMemo(() => ({ locale, LL, setLocale }), [locale, LL])
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>
}
