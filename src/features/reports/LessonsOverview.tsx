import type { ReportOverview } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { Grid, Stack, styled } from '../../../styled-system/jsx'
import { Card, Skeleton, Text } from '../../ui'
import { useReportWording } from './wording'

const figure = (value: number, digits: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(value)

/**
 * The lessons overview (spec §2 activity reports; §3 overview): totals of the range (active students,
 * or employees in a company, lessons, hours) and daily averages (lessons per day, minutes per day). A
 * learner's own overview has no count of active learners (it could only say 1 or 0).
 */
export function LessonsOverview({
  organizationId,
  overview,
  loading,
  learner = false,
}: {
  organizationId: number
  overview: ReportOverview | null
  loading: boolean
  learner?: boolean
}) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const w = useReportWording(organizationId)
  const value = (n: number | undefined, digits: number) => (overview && n !== undefined ? figure(n, digits) : '—')
  const totals = [
    ...(learner ? [] : [{ key: 'active', label: w.activeStudents(), value: value(overview?.active_users, 0) }]),
    { key: 'lessons', label: t.lessons(), value: value(overview?.lessons_count, 0) },
    { key: 'hours', label: t.hours(), value: value(overview?.hours, 1) },
  ]
  const averages = [
    { key: 'lessonsPerDay', label: t.lessonsPerDay(), value: value(overview?.lessons_per_day, 1) },
    { key: 'minutesPerDay', label: t.minutesPerDay(), value: value(overview?.minutes_per_day, 1) },
  ]
  return (
    <Card.Root aria-busy={loading || undefined}>
      <Card.Header pb="2">
        <Card.Title textStyle="md">{t.overview()}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Grid columns={{ base: 1, md: 2 }} gap="4">
          <Group title={t.total()} items={totals} loading={loading && !overview} />
          <Group title={t.average()} items={averages} loading={loading && !overview} />
        </Grid>
      </Card.Body>
    </Card.Root>
  )
}

function Group({ title, items, loading }: { title: string; items: { key: string; label: string; value: string }[]; loading: boolean }) {
  return (
    <Stack gap="2">
      <Text textStyle="sm" fontWeight="semibold" color="fg.muted">
        {title}
      </Text>
      <styled.dl display="grid" gap="3" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}>
        {items.map((item) => (
          <styled.div key={item.key} data-testid={`overview-${item.key}`}>
            <styled.dt textStyle="xs" color="fg.muted">
              {item.label}
            </styled.dt>
            <styled.dd textStyle="2xl" fontWeight="semibold">
              {loading ? <Skeleton height="8" width="12" /> : item.value}
            </styled.dd>
          </styled.div>
        ))}
      </styled.dl>
    </Stack>
  )
}
