import { useI18nContext } from '../../locales/i18n-react'
import { isLocale, languages } from '../../locales/languages'
import { Select } from '../ui'
import { useChangeLanguage } from './use-language'

const items = languages.map((language) => ({ value: language.locale, label: language.name }))

/**
 * A labelled select of the six interface languages, each named in its own language (login page, public pages).
 * The user menu's language submenu is in LanguageSubmenu.tsx, loaded with the logged-in shell.
 */
export function LanguageSelect({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { LL, locale } = useI18nContext()
  const change = useChangeLanguage()
  return (
    <Select
      label={LL.languagePicker.label()}
      items={items}
      value={[locale]}
      size={size}
      onValueChange={(value) => {
        const next = value[0]
        if (isLocale(next) && next !== locale) void change(next)
      }}
    />
  )
}
