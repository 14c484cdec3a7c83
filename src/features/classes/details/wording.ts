import { useI18nContext } from '../../../../locales/i18n-react'
import { useOrganizationType } from '../../shared/current'

/**
 * The class page's texts that follow the organization type (spec 001 §1, 000 §1): a school's class with
 * its students and teacher, a company's team with its employees and leader. School words while unknown.
 */
export function useClassWording(organizationId: number) {
  const { LL } = useI18nContext()
  return useOrganizationType(organizationId) === 'company' ? LL.classDetails.company : LL.classDetails.school
}

/** The same choice among the class list's texts (the class or team name field of the edit form). */
export function useClassListWording(organizationId: number) {
  const { LL } = useI18nContext()
  return useOrganizationType(organizationId) === 'company' ? LL.classes.company : LL.classes.school
}
