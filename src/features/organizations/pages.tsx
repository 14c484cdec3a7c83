import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Organization } from '../../../machines/types'
import { loadOrganization } from '../../api/organization-profile'
import { errorMessages } from '../../api/errors'
import { ErrorPanel, Spinner } from '../../ui'
import { AreaPlaceholder, PageHeader } from '../shared/page'
import { OrganizationProfileView } from './profile/OrganizationProfileView'

/** /admin — the platform admin's organization list. */
export function AdminOrganizationsPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.adminOrganizations()} />
}

/** /admin/organization/:organizationId — an organization's detail for the platform admin. */
export function AdminOrganizationPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.adminOrganization()} />
}

/**
 * /organization/:organizationId/:tab? — the organization page. Until its shell (left menu, users
 * view) is merged, it loads the organization and shows the profile view; a change with no new
 * organization in hand loads it again.
 */
export function OrganizationPage() {
  const organizationId = Number(useParams<{ organizationId: string }>().organizationId)
  const [loads, setLoads] = useState(0)
  return <ProfileOfOrganization key={`${organizationId}:${loads}`} organizationId={organizationId} reload={() => setLoads((n) => n + 1)} />
}

function ProfileOfOrganization({ organizationId, reload }: { organizationId: number; reload: () => void }) {
  const { LL } = useI18nContext()
  const loader = useActorRef(loadOrganization, { input: { organizationId } })
  const loaded = useSelector(loader, (s) => s.output)
  const error = useSelector(loader, (s) => (s.status === 'error' ? s.error : null))
  const [changed, setChanged] = useState<Organization | null>(null)
  const organization = changed ?? loaded
  if (error) return <ErrorPanel messages={errorMessages(error, LL.api.generic(), LL.errors.network())} />
  if (!organization) return <Spinner />
  return (
    <>
      <PageHeader title={organization.name} />
      <OrganizationProfileView organization={organization} onChanged={(next) => (next ? setChanged(next) : reload())} />
    </>
  )
}
