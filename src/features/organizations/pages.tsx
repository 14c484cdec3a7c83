import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { AreaPlaceholder } from '../shared/page'
import { OrganizationShell } from './OrganizationShell'

/** /admin — the platform admin's organization list. */
export function AdminOrganizationsPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.adminOrganizations()} />
}

/** /admin/organization/:organizationId — an organization's detail for the platform admin. */
export function AdminOrganizationPage() {
  const { organizationId } = useParams<{ organizationId: string }>()
  return <OrganizationShell key={organizationId} organizationId={Number(organizationId)} tab={undefined} admin />
}

/** /organization/:organizationId/:tab? — the organization page (users, profile). */
export function OrganizationPage() {
  const { organizationId, tab } = useParams<{ organizationId: string; tab?: string }>()
  return <OrganizationShell key={organizationId} organizationId={Number(organizationId)} tab={tab} admin={false} />
}
