import { useParams } from 'wouter'
import { useOrganizationTerms } from '../shared/current'
import { AreaPlaceholder } from '../shared/page'

/** /organization/:organizationId/classes — classes (teams) come with the second document. */
export function ClassesPage() {
  const terms = useOrganizationTerms(useParams<{ organizationId?: string }>().organizationId)
  return <AreaPlaceholder area={terms.classes()} />
}
