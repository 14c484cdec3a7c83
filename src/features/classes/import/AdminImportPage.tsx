import { type ComponentType, useId } from 'react'
import { useParams } from 'wouter'
import { isOrgAdmin } from '../../../../machines/roles'
import { useCurrentUser } from '../../../app/root-context'
import { ErrorPanel } from '../../../ui'
import { useOrganizationType } from '../../shared/current'
import { PageHeader } from '../../shared/page'

type PageWording = { title: () => string; adminOnly: () => string }

/**
 * The frame of an import page of /organization/{id}/classes (the class import, the user import into
 * classes): its title in the organization's wording, then the import panel for an organization admin,
 * or for anyone else the "admins only" panel (specification 001 §6; the server refuses them as well).
 */
export function AdminImportPage({
  wording,
  Panel,
}: {
  wording: { school: PageWording; company: PageWording }
  Panel: ComponentType<{ organizationId: number; company: boolean }>
}) {
  const organizationId = Number(useParams<{ organizationId?: string }>().organizationId)
  const user = useCurrentUser()
  const company = useOrganizationType(organizationId) === 'company'
  const texts = company ? wording.company : wording.school
  const titleId = useId()

  return (
    <section aria-labelledby={titleId}>
      <div id={titleId}>
        <PageHeader title={texts.title()} />
      </div>
      {isOrgAdmin(user, organizationId) ? <Panel organizationId={organizationId} company={company} /> : <ErrorPanel messages={[texts.adminOnly()]} />}
    </section>
  )
}
