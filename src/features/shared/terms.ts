import { useI18nContext } from '../../../locales/i18n-react'
import type { OrganizationType } from '../../../machines/types'

/**
 * The one place where wording follows the organization type (§1): a school has students, teachers
 * and classes; a company has employees, leaders and teams. Without an organization, school words.
 */
export function useTerms(type: OrganizationType | null | undefined) {
  const { LL } = useI18nContext()
  return type === 'company' ? LL.terms.company : LL.terms.school
}
