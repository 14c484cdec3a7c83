import { useParams } from 'wouter'
import { AdminOrganizationsScreen } from './admin/AdminOrganizationsScreen'
import { OrganizationShell } from './OrganizationShell'

/** /admin — the platform admin's organization list. */
export function AdminOrganizationsPage() {
  return <AdminOrganizationsScreen />
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
