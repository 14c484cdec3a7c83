import { lazy, useState } from 'react'
import type { ReportData } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { HStack, Stack, styled } from '../../../styled-system/jsx'
import { loadReport } from '../../api/reports'
import { NearViewport } from '../../app/NearViewport'
import { Button, Card, Dialog, Portal } from '../../ui'
import { organizationZone, useOrganizationTimeZone } from '../shared/organization-today'
import { AssessmentHistory } from './AssessmentHistory'
import { hhmmss, scorePercent } from './format'
import { LessonDetailDialog } from './LessonDetailDialog'
import { LessonsOverview } from './LessonsOverview'
import { ReportSection } from './ReportSection'
import { useReportRange } from './use-report-range'

const StudentCharts = lazy(() => import('./charts/ReportCharts').then((m) => ({ default: m.StudentCharts })))

/**
 * A learner's reports on the student details page (000 §2): the overview (last pronunciation score,
 * assessment test score with its history, average time per day), the date-interval picker, the
 * lessons overview, the charts (lessons and seconds, progress score) and the lesson detail popup.
 */
export function StudentReports({ organizationId, studentId }: { organizationId: number; studentId: number }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const { range, report, scope, loading, failed, error } = useReportRange({ kind: 'user', organizationId, userId: studentId }, loadReport)
  const [popup, setPopup] = useState<'history' | 'lessons' | null>(null)
  // the times of lessons and assessments in the organization's zone, where its reports count their days
  const timeZone = organizationZone(useOrganizationTimeZone(organizationId))
  return (
    <ReportSection title={t.activityReports()} range={range} failed={failed} error={error} spaced>
      <LearnerOverview report={report} onHistory={() => setPopup('history')} onLessons={() => setPopup('lessons')} />
      <LessonsOverview organizationId={organizationId} overview={report?.overview ?? null} loading={loading} learner />
      {/* the last of the page: the charts' code comes when they are scrolled near (nothing below them moves) */}
      <NearViewport>
        <StudentCharts organizationId={organizationId} report={report} loading={loading} scope={scope} />
      </NearViewport>
      {popup === 'lessons' ? <LessonDetailDialog lessons={report?.lessonDetail ?? []} timeZone={timeZone} onClose={() => setPopup(null)} /> : null}
      {popup === 'history' ? <HistoryDialog report={report} timeZone={timeZone} onClose={() => setPopup(null)} /> : null}
    </ReportSection>
  )
}

function LearnerOverview({ report, onHistory, onLessons }: { report: ReportData | null; onHistory: () => void; onLessons: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const learner = report?.learner ?? null
  const perDay = report?.overview ? hhmmss(report.overview.minutes_per_day * 60) : '—'
  const items = [
    { key: 'lastScore', label: t.lastScore(), value: scorePercent(learner?.last_eps) || '—', action: null },
    {
      key: 'assessment',
      label: t.assessmentScore(),
      value: scorePercent(learner?.assessment_test) || '—',
      action: (
        <Button size="xs" variant="outline" onClick={onHistory}>
          {t.history()}
        </Button>
      ),
    },
    {
      key: 'averageTime',
      label: t.averageTime(),
      value: perDay,
      action: (
        <Button size="xs" variant="outline" onClick={onLessons}>
          {t.lessonDetail()}
        </Button>
      ),
    },
  ]
  return (
    <Card.Root>
      <Card.Header pb="2">
        <Card.Title textStyle="md">{t.studentOverview()}</Card.Title>
      </Card.Header>
      <Card.Body>
        <styled.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }} gap="4">
          {items.map((item) => (
            <Stack key={item.key} gap="1" data-testid={`learner-${item.key}`}>
              <styled.dt textStyle="xs" color="fg.muted">
                {item.label}
              </styled.dt>
              <styled.dd display="flex" alignItems="center" gap="3" flexWrap="wrap" textStyle="2xl" fontWeight="semibold">
                {item.value}
                {item.action}
              </styled.dd>
            </Stack>
          ))}
        </styled.dl>
      </Card.Body>
    </Card.Root>
  )
}

function HistoryDialog({ report, timeZone, onClose }: { report: ReportData | null; timeZone: string; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxWidth="min(56rem, calc(100vw - 2rem))" width="full">
            <Stack gap="4" p="6">
              <Dialog.Title>{t.assessmentHistory()}</Dialog.Title>
              <Stack maxHeight="60vh" overflowY="auto">
                <AssessmentHistory assessments={report?.assessments ?? []} timeZone={timeZone} />
              </Stack>
              <HStack justify="flex-end">
                <Button onClick={onClose}>{t.close()}</Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
