import { useI18nContext } from '../../../locales/i18n-react'
import { AreaPlaceholder } from '../shared/page'

/** /profile — the user profile comes in a later version. */
export function ProfilePage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.profile()} />
}
