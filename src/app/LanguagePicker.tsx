import { useI18nContext } from '../../locales/i18n-react'
import { isLocale, languages } from '../../locales/languages'
import { NativeSelect } from '../ui'
import { useChangeLanguage } from './use-language'

const items = languages.map((language) => ({ value: language.locale, label: language.name }))

/**
 * A labelled select of the six interface languages, each named in its own language (login page, public pages).
 * The browser's own select: it comes with the first load, where the kit's listbox would double the kit's share.
 * The user menu's language submenu is in LanguageSubmenu.tsx, loaded with the logged-in shell.
 */
export function LanguageSelect({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { LL, locale } = useI18nContext()
  const change = useChangeLanguage()
  return (
    <NativeSelect
      label={LL.languagePicker.label()}
      items={items}
      value={locale}
      size={size}
      onValueChange={(next) => {
        if (isLocale(next) && next !== locale) void change(next)
      }}
    />
  )
}
