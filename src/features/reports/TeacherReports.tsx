import { lazy, Suspense } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadReport } from '../../api/reports'
import { Button, ErrorPanel, Heading } from '../../ui'
import { LessonsOverview } from './LessonsOverview'
import { ReportRange } from './ReportRange'
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
    <Stack gap="4" mt="8" role="region" aria-label={t.activityReports()}>
      <Heading as="h2" size="lg">
        {t.activityReports()}
      </Heading>
      <ReportRange range={range} />
      {failed ? (
        <Stack gap="2" alignItems="flex-start">
          <ErrorPanel messages={[t.failed(), errorMessage(error, LL.common.genericError())]} />
          <Button variant="outline" onClick={() => range.send({ type: 'range.retry' })}>
            {t.retry()}
          </Button>
        </Stack>
      ) : null}
      <LessonsOverview overview={report?.overview ?? null} loading={loading} />
      <Suspense fallback={null}>
        <ClassCharts report={report} loading={loading} scope={scope} />
      </Suspense>
    </Stack>
  )
}
