import { useI18nContext } from '../../locales/i18n-react'
import { Center } from '../../styled-system/jsx'
import { Spinner } from '../ui'

/** What the main region shows while the session is restored, a navigation is decided or a screen's code loads. */
export function ScreenLoading() {
  const { LL } = useI18nContext()
  return (
    <Center py="16">
      <Spinner size="lg" label={LL.common.loading()} />
    </Center>
  )
}
