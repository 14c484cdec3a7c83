import { lazy, Suspense } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { loadReport } from '../../api/reports'
import { LessonsOverview } from './LessonsOverview'
import { ReportSection } from './ReportSection'
import { TimeTracking } from './TimeTracking'
import { useReportRange } from './use-report-range'

const ClassCharts = lazy(() => import('./charts/ReportCharts').then((m) => ({ default: m.ClassCharts })))

/**
 * A class's activity reports (spec §2 class details: the activity-reports section and the reports
 * tab): the date-interval picker, the lessons overview, the six charts and the time-tracking table
 * of each student's minutes per period. Mounted by the class details page for those who may edit
 * the class; the charts' code loads when the section is first shown.
 */
export function ClassReports({ organizationId, groupId }: { organizationId: number; groupId: number }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const { range, report, scope, loading, failed, error } = useReportRange({ kind: 'group', organizationId, groupId }, loadReport)
  return (
    <ReportSection title={t.activityReports()} range={range} failed={failed} error={error}>
      <LessonsOverview organizationId={organizationId} overview={report?.overview ?? null} loading={loading} />
      <Suspense fallback={null}>
        <ClassCharts organizationId={organizationId} report={report} loading={loading} scope={scope} />
      </Suspense>
      <TimeTracking organizationId={organizationId} activity={report?.timeActivity ?? null} scope={scope} />
    </ReportSection>
  )
}
