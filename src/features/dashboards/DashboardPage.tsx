import { useI18nContext } from '../../../locales/i18n-react'
import { AreaPlaceholder } from '../shared/page'

/** / and /organization/:organizationId/dashboard — the dashboards come with the second document. */
export function DashboardPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.dashboard()} />
}
