import { membershipOf } from '../../../machines/roles'
import type { OrganizationType } from '../../../machines/types'
import { useKnownOrganization } from '../../app/known-organizations'
import { useCurrentOrganizationId, useCurrentUser } from '../../app/root-context'
import { useTerms } from './terms'

/**
 * The wording of the organization a route is about (or the current one): its type comes from the
 * user's membership, or, for a platform admin who is no member, from the organization a page loaded.
 */
export function useOrganizationTerms(organizationId?: string | number | null) {
  return useTerms(useOrganizationType(organizationId))
}

/** The type of the organization a route is about (or the current one), when known. */
export function useOrganizationType(organizationId?: string | number | null): OrganizationType | undefined {
  const user = useCurrentUser()
  const current = useCurrentOrganizationId()
  const id = organizationId == null ? current : Number(organizationId)
  const known = useKnownOrganization(id)
  return membershipOf(user, id)?.type ?? known?.type
}

/** The name of the organization a route is about (or the current one), or the word for one while it is not known. */
export function useOrganizationName(organizationId?: string | number | null): string {
  const user = useCurrentUser()
  const current = useCurrentOrganizationId()
  const id = organizationId == null ? current : Number(organizationId)
  const known = useKnownOrganization(id)
  const terms = useOrganizationTerms(organizationId)
  return membershipOf(user, id)?.name ?? known?.name ?? terms.organization()
}
