import { membershipOf } from '../../../machines/roles'
import { useCurrentOrganizationId, useCurrentUser } from '../../app/root-context'
import { useTerms } from './terms'

/** The wording of the organization a route is about (or the current one). */
export function useOrganizationTerms(organizationId?: string | number | null) {
  const user = useCurrentUser()
  const current = useCurrentOrganizationId()
  const id = organizationId == null ? current : Number(organizationId)
  return useTerms(membershipOf(user, id)?.type)
}
