import { useI18nContext } from '../../../locales/i18n-react'
import { AreaPlaceholder } from '../shared/page'
import { AdminOrganizationsScreen } from './admin/AdminOrganizationsScreen'

/** /admin — the platform admin's organization list. */
export function AdminOrganizationsPage() {
  return <AdminOrganizationsScreen />
}

/** /admin/organization/:organizationId — an organization's detail for the platform admin. */
export function AdminOrganizationPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.adminOrganization()} />
}

/** /organization/:organizationId/:tab? — the organization page (users, profile, ...). */
export function OrganizationPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.organization()} />
}
