import { lazy } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack, styled } from '../../../styled-system/jsx'
import { loadReport } from '../../api/reports'
import { NearViewport } from '../../app/NearViewport'
import { Card, Text } from '../../ui'
import { LessonsOverview } from './LessonsOverview'
import { ReportSection } from './ReportSection'
import { useReportRange } from './use-report-range'

const SummaryCharts = lazy(() => import('./charts/ReportCharts').then((m) => ({ default: m.SummaryCharts })))

/**
 * A class's overview figures (spec 001 §2 class details, overview tab; §7 GET /v1/reports/group/{id}/):
 * the assessment test's average score as a percentage (the mean of the assessed students' last score),
 * the lessons overview, the progress line and the share of the class active per period, over the
 * date-interval picker's range (this month by day at first).
 */
export function ClassSummary({ organizationId, groupId }: { organizationId: number; groupId: number }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const { range, report, scope, loading, failed, error } = useReportRange({ kind: 'classSummary', organizationId, groupId }, loadReport)
  const summary = report?.summary ?? null
  return (
    <ReportSection title={t.classSummary()} range={range} failed={failed} error={error}>
      <Card.Root aria-busy={loading || undefined} data-testid="class-assessment">
        <Card.Body pt="6">
          <Stack gap="1">
            <styled.h3 textStyle="md" fontWeight="semibold">
              {t.assessmentScore()}
            </styled.h3>
            <Text textStyle="2xl" fontWeight="semibold">
              {summary?.score == null ? '—' : `${Math.round(summary.score)}%`}
            </Text>
            {summary ? <Text color="fg.muted">{t.assessedOf({ assessed: summary.assessed, students: summary.students })}</Text> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      <LessonsOverview organizationId={organizationId} overview={report?.overview ?? null} loading={loading} />
      {/* the last of the page: the charts' code comes when they are scrolled near (nothing below them moves) */}
      <NearViewport>
        <SummaryCharts organizationId={organizationId} report={report} loading={loading} scope={scope} />
      </NearViewport>
    </ReportSection>
  )
}
