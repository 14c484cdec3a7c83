import { useI18nContext } from '../../../locales/i18n-react'
import { AreaPlaceholder } from '../shared/page'

/** /onboarding — shown to a new user without an organization. */
export function OnboardingPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.onboarding()} />
}
