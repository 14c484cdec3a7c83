import { useI18nContext } from '../../locales/i18n-react'
import { isLocale, languages } from '../../locales/languages'
import { Menu, Select } from '../ui'
import { CheckIcon } from '../ui'
import { useChangeLanguage } from './use-language'

const items = languages.map((language) => ({ value: language.locale, label: language.name }))

/** A labelled select of the six interface languages, each named in its own language (login page, public pages). */
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

/** The language submenu of the user menu. Its items carry `lang` so each name is read in its language. */
export function LanguageSubmenu() {
  const { LL, locale } = useI18nContext()
  const change = useChangeLanguage()
  return (
    <Menu.Root
      positioning={{ placement: 'left-start', gutter: 4 }}
      onSelect={(details) => {
        const next = details.value.replace(/^language:/, '')
        if (isLocale(next) && next !== locale) void change(next)
      }}
    >
      <Menu.TriggerItem>{LL.languagePicker.label()}</Menu.TriggerItem>
      <Menu.Positioner>
        <Menu.Content aria-label={LL.languagePicker.label()}>
          {languages.map((language) => (
            <Menu.Item
              key={language.locale}
              value={`language:${language.locale}`}
              lang={language.locale}
              aria-current={language.locale === locale ? 'true' : undefined}
            >
              <Menu.ItemText>{language.name}</Menu.ItemText>
              {language.locale === locale ? <CheckIcon aria-hidden="true" /> : null}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}
