import { useI18nContext } from '../../../locales/i18n-react'
import { useOrganizationType } from '../shared/current'

/**
 * The reports' texts that follow the organization type (spec 001 §1), as the class page chooses its own
 * (classes/details/wording.ts): a school's students and classes, a company's employees and teams in the
 * lessons overview, the charts' titles, legends and tables, and the time-tracking table. School words
 * while unknown.
 */
export function useReportWording(organizationId: number) {
  const { LL } = useI18nContext()
  return useOrganizationType(organizationId) === 'company' ? LL.reports.company : LL.reports.school
}

export type ReportWording = ReturnType<typeof useReportWording>
