import { useParams } from 'wouter'
import { OrganizationShell } from './OrganizationShell'

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
