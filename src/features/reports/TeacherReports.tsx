import { lazy, Suspense } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { loadReport } from '../../api/reports'
import { LessonsOverview } from './LessonsOverview'
import { ReportSection } from './ReportSection'
import { useReportRange } from './use-report-range'

const ClassCharts = lazy(() => import('./charts/ReportCharts').then((m) => ({ default: m.ClassCharts })))

/**
 * A teacher's reports on the teacher details page (000 §2 teacher detail, 001 §7 reports): the
 * date-interval picker, the lessons overview and the activity charts over the students of every class
 * the teacher owns in the organization (each student once).
 */
export function TeacherReports({ organizationId, teacherId }: { organizationId: number; teacherId: number }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const { range, report, scope, loading, failed, error } = useReportRange({ kind: 'teacher', organizationId, teacherId }, loadReport)
  return (
    <ReportSection title={t.activityReports()} range={range} failed={failed} error={error} spaced>
      <LessonsOverview organizationId={organizationId} overview={report?.overview ?? null} loading={loading} />
      <Suspense fallback={null}>
        <ClassCharts organizationId={organizationId} report={report} loading={loading} scope={scope} />
      </Suspense>
    </ReportSection>
  )
}
