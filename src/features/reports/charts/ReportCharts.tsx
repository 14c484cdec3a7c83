import type { ReportData, ReportScope } from '../../../../machines/types'
import { useI18nContext } from '../../../../locales/i18n-react'
import { Grid } from '../../../../styled-system/jsx'
import { hhmmss } from '../format'
import { useReportWording } from '../wording'
import { ChartFrame, type ChartTable } from './ChartFrame'
import { PieChart } from './PieChart'
import { chartData, IMPROVEMENT_BUCKETS, isEmpty, WEEKLY_BUCKETS, type ChartData } from './series'
import { XYChart, type XYSeries } from './XYChart'

/**
 * The report charts (spec 001 §2 activity reports, 000 §2 student detail), loaded on demand: this
 * module is the only one that draws, and the screens import it lazily.
 */

const COLORS = {
  primary: 'var(--colors-iris-9)',
  secondary: 'var(--colors-amber-9)',
  tertiary: 'var(--colors-teal-9)',
  muted: 'var(--colors-gray-7)',
  alert: 'var(--colors-red-9)',
}
const BUCKET_COLORS = [COLORS.muted, COLORS.secondary, COLORS.tertiary, COLORS.primary]
const PIE_COLORS = [COLORS.muted, COLORS.alert, COLORS.secondary, COLORS.tertiary, COLORS.primary]

export interface ChartsProps {
  /** The organization whose words (students or employees) the titles, legends and tables use. */
  organizationId: number
  report: ReportData | null
  loading: boolean
  scope: ReportScope
}

const whole = (value: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(value)
const decimal = (value: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(value)

/** A table with the periods down and the series across. */
function tableOf(period: string, data: ChartData, series: XYSeries[]): ChartTable {
  return {
    columns: [period, ...series.map((s) => s.label)],
    rows: data.labels.map((label, i) => ({ key: `${i}`, cells: [label, ...series.map((s) => { const value = s.values[i] ?? null; return value === null ? '—' : s.format(value) })] })),
  }
}

function SeriesChart({ title, data, series, loading, stacked, countAxis }: { title: string; data: ChartData; series: XYSeries[]; loading: boolean; stacked?: boolean; countAxis?: boolean }) {
  const { LL } = useI18nContext()
  return (
    <ChartFrame
      title={title}
      legend={series.map((s) => ({ key: s.key, label: s.label, color: s.color, line: s.kind === 'line' }))}
      table={tableOf(LL.reports.period(), data, series)}
      loading={loading}
      empty={isEmpty(data)}
    >
      {(width) => <XYChart title={title} width={width} labels={data.labels} series={series} stacked={stacked} countAxis={countAxis} />}
    </ChartFrame>
  )
}

/** Lessons practiced per period (columns) and the seconds practiced (a line on its own axis). */
export function LessonsPracticedChart({ report, loading, scope }: ChartsProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const data = chartData(report?.lessons ?? [], ['numberOfLessons', 'numberOfSeconds'], scope, locale)
  return (
    <SeriesChart
      title={t.lessonsPracticed()}
      loading={loading}
      data={data}
      countAxis
      series={[
        { key: 'lessons', label: t.lessons(), kind: 'bar', axis: 'left', color: COLORS.primary, values: data.values.numberOfLessons ?? [], format: whole },
        { key: 'seconds', label: t.practiceSeconds(), kind: 'line', axis: 'right', color: COLORS.secondary, values: data.values.numberOfSeconds ?? [], format: whole },
      ]}
    />
  )
}

/** Average practice time per active student (hh:mm:ss columns) and average lessons (a line). */
export function AveragePracticeChart({ organizationId, report, loading, scope }: ChartsProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const w = useReportWording(organizationId)
  const data = chartData(report?.averages ?? [], ['avgPracticeSeconds', 'avgPracticeLessons'], scope, locale)
  return (
    <SeriesChart
      title={t.averagePractice()}
      loading={loading}
      data={data}
      series={[
        { key: 'time', label: w.avgPracticeTime(), kind: 'bar', axis: 'left', color: COLORS.tertiary, values: data.values.avgPracticeSeconds ?? [], format: hhmmss, unit: 60 },
        { key: 'lessons', label: w.avgPracticeLessons(), kind: 'line', axis: 'right', color: COLORS.primary, values: data.values.avgPracticeLessons ?? [], format: decimal },
      ]}
    />
  )
}

/** Each week's students by days active (not active, 1–4, 5, 6–7), as 100% stacked columns. */
export function WeeklyActiveChart({ organizationId, report, loading }: Omit<ChartsProps, 'scope'>) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const w = useReportWording(organizationId)
  const data = chartData(report?.weeklyActive ?? [], WEEKLY_BUCKETS, 'weekly', locale)
  const labels = [t.notActive(), t.days1to4(), t.days5(), t.days6to7()]
  return (
    <SeriesChart
      title={w.weeklyActive()}
      loading={loading}
      data={data}
      stacked
      series={WEEKLY_BUCKETS.map((bucket, i) => ({
        key: bucket,
        label: labels[i] ?? bucket,
        kind: 'bar',
        axis: 'left',
        color: BUCKET_COLORS[i] ?? COLORS.muted,
        values: data.values[bucket] ?? [],
        format: whole,
      }))}
    />
  )
}

/** Students (employees) who finished at least one lesson, per period. */
export function ActiveStudentsChart({ organizationId, report, loading, scope }: ChartsProps) {
  const { locale } = useI18nContext()
  const w = useReportWording(organizationId)
  const data = chartData(report?.active ?? [], ['activeStudents'], scope, locale)
  return (
    <SeriesChart
      title={w.activeStudents()}
      loading={loading}
      data={data}
      countAxis
      series={[{ key: 'active', label: w.activeStudents(), kind: 'line', axis: 'left', color: COLORS.primary, values: data.values.activeStudents ?? [], format: whole }]}
    />
  )
}

/** The share of the class that practised in each period, in percent (the class overview). */
export function ShareActiveChart({ report, loading, scope }: ChartsProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const data = chartData(report?.summary?.percentActive ?? [], ['percentActive'], scope, locale)
  return (
    <SeriesChart
      title={t.shareActive()}
      loading={loading}
      data={data}
      series={[{ key: 'percentActive', label: t.shareActive(), kind: 'line', axis: 'left', color: COLORS.primary, values: data.values.percentActive ?? [], format: decimal }]}
    />
  )
}

/** The pronunciation score (EPS) over the periods. */
export function ProgressChart({ report, loading, scope }: ChartsProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const data = chartData(report?.eps ?? [], ['eps'], scope, locale)
  return (
    <SeriesChart
      title={t.progress()}
      loading={loading}
      data={data}
      series={[{ key: 'eps', label: t.eps(), kind: 'line', axis: 'left', color: COLORS.tertiary, values: data.values.eps ?? [], format: decimal }]}
    />
  )
}

/** How many students (employees) improved their score by how much (the spec's five buckets). */
export function ImprovementChart({ organizationId, report, loading }: Omit<ChartsProps, 'scope'>) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const w = useReportWording(organizationId)
  const labels = [t.improvement0to5(), t.improvement6to10(), t.improvement11to50(), t.improvement51to70(), t.improvementOver70()]
  const slices = IMPROVEMENT_BUCKETS.map((bucket, i) => ({
    key: bucket,
    label: labels[i] ?? bucket,
    color: PIE_COLORS[i] ?? COLORS.muted,
    value: report?.improvement?.[bucket] ?? 0,
  }))
  return (
    <ChartFrame
      title={w.improvement()}
      legend={slices}
      table={{ columns: [w.improvement(), w.students()], rows: slices.map((s) => ({ key: s.key, cells: [s.label, whole(s.value)] })) }}
      loading={loading}
      empty={slices.every((s) => s.value === 0)}
    >
      {() => <PieChart title={w.improvement()} slices={slices} />}
    </ChartFrame>
  )
}

/** A class's charts (the activity-reports section). */
export function ClassCharts(props: ChartsProps) {
  return (
    <Grid columns={{ base: 1, lg: 2 }} gap="4">
      <LessonsPracticedChart {...props} />
      <AveragePracticeChart {...props} />
      <WeeklyActiveChart {...props} />
      <ActiveStudentsChart {...props} />
      <ProgressChart {...props} />
      <ImprovementChart {...props} />
    </Grid>
  )
}

/** A learner's charts (student details): lessons and seconds, and the progress score. */
export function StudentCharts(props: ChartsProps) {
  return (
    <Grid columns={{ base: 1, lg: 2 }} gap="4">
      <LessonsPracticedChart {...props} />
      <ProgressChart {...props} />
    </Grid>
  )
}

/** A class's overview charts: its progress (EPS) and the share active per period. */
export function SummaryCharts(props: ChartsProps) {
  return (
    <Grid columns={{ base: 1, lg: 2 }} gap="4">
      <ProgressChart {...props} />
      <ShareActiveChart {...props} />
    </Grid>
  )
}
