import { membershipOf } from '../../../machines/roles'
import { useKnownOrganization } from '../../app/known-organizations'
import { useCurrentOrganizationId, useCurrentUser } from '../../app/root-context'
import { useTerms } from './terms'

/**
 * The wording of the organization a route is about (or the current one): its type comes from the
 * user's membership, or, for a platform admin who is no member, from the organization a page loaded.
 */
export function useOrganizationTerms(organizationId?: string | number | null) {
  const user = useCurrentUser()
  const current = useCurrentOrganizationId()
  const id = organizationId == null ? current : Number(organizationId)
  const known = useKnownOrganization(id)
  return useTerms(membershipOf(user, id)?.type ?? known?.type)
}
