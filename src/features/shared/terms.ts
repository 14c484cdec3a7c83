import { useI18nContext } from '../../../locales/i18n-react'
import type { OrganizationRole, OrganizationType } from '../../../machines/types'

/**
 * The one place where wording follows the organization type (§1): a school has students, teachers
 * and classes; a company has employees, leaders and teams. Without an organization, school words.
 */
export function useTerms(type: OrganizationType | null | undefined) {
  const { LL } = useI18nContext()
  return type === 'company' ? LL.terms.company : LL.terms.school
}

export type Terms = ReturnType<typeof useTerms>

/** A role's label (§6): student as Student or Employee, teacher as Teacher or Leader, admin as Admin. */
export const roleLabel = (terms: Terms, role: OrganizationRole): string =>
  role === 'student' ? terms.student() : role === 'teacher' ? terms.teacher() : terms.admin()

/** The roles in the spec's order, for pickers and filters. */
export const ROLES: readonly OrganizationRole[] = ['student', 'teacher', 'admin']
