import { useI18nContext } from '../../locales/i18n-react'
import { isLocale, languages } from '../../locales/languages'
import { CheckIcon, Menu } from '../ui'
import { useChangeLanguage } from './use-language'

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
