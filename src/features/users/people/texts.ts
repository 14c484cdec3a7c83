import { useI18nContext } from '../../../../locales/i18n-react'
import { useOrganizationType } from '../../shared/current'

/** The student and teacher screens' wording for the organization's type (§1, §8): students or employees, teachers or leaders. */
export function usePeopleTexts(organizationId: number) {
  const { LL } = useI18nContext()
  return useOrganizationType(organizationId) === 'company' ? LL.organizationUsers.people.company : LL.organizationUsers.people.school
}
