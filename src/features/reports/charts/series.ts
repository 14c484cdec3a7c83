import type { ReportPoint, ReportScope } from '../../../../machines/types'
import { periodLabel } from '../range'

/**
 * From the report's points to what a chart draws: the periods' labels and one array of values per
 * series, in period order; a value missing from a point is null.
 */
export interface ChartData {
  labels: string[]
  /** null where the period has nothing to average (a line leaves a gap there). */
  values: Record<string, (number | null)[]>
}

export function chartData(points: readonly ReportPoint[], keys: readonly string[], scope: ReportScope, locale: string): ChartData {
  const sorted = [...points].sort((a, b) => a.period.localeCompare(b.period))
  return {
    labels: sorted.map((point) => periodLabel(point.period, scope, locale)),
    values: Object.fromEntries(keys.map((key) => [key, sorted.map((point) => point.values[key] ?? null)])),
  }
}

/** Nothing to draw: no period, or every value 0 (no practice in the range). */
export const isEmpty = (data: ChartData): boolean => Object.values(data.values).every((values) => values.every((value) => !value))

/** The improvement buckets of spec §3, in the pie's order. */
export const IMPROVEMENT_BUCKETS = ['0_5_percent', '6_10_percent', '11_50_percent', '50_70_percent', 'mt_70_percent'] as const

/** The weekly-active buckets of spec §3, bottom to top of the 100% stack. */
export const WEEKLY_BUCKETS = ['not_active', '1_4_days', '5_5_days', '6_7_days'] as const
