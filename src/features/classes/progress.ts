import { Temporal } from 'temporal-polyfill'
import type { ClassGroup } from '../../../machines/types'
import type { ProgressTone } from '../../ui'

/**
 * The progress bar of a class (spec 001 §4): a draft or a class not started is at 0; a finished one at
 * 100 (success); an active one at the elapsed share of its days, the start and end days included
 * (warning); 75 when its dates are missing; otherwise 0 (exception). The line under it says the time
 * left (active), the time to go (not started), or that it ended.
 */

export type TimeText =
  | { kind: 'daysLeft'; count: number }
  | { kind: 'daysToGo'; count: number }
  | { kind: 'endsToday' }
  | { kind: 'ended' }
  | { kind: 'none' }

export interface ClassProgress {
  percent: number
  tone: ProgressTone
  time: TimeText
}

const DEFAULT_PROGRESS = 75

const parse = (value: string | null | undefined): Temporal.PlainDate | null => {
  if (!value) return null
  try {
    return Temporal.PlainDate.from(value)
  } catch {
    return null
  }
}

const daysBetween = (from: Temporal.PlainDate, to: Temporal.PlainDate) => from.until(to, { largestUnit: 'days' }).days

export function classProgress(group: Pick<ClassGroup, 'status' | 'start_date' | 'end_date'>, today: Temporal.PlainDate): ClassProgress {
  const start = parse(group.start_date)
  const end = parse(group.end_date)
  if (!start || !end) return { percent: DEFAULT_PROGRESS, tone: 'neutral', time: { kind: 'none' } }
  switch (group.status) {
    case 'draft':
      return { percent: 0, tone: 'neutral', time: { kind: 'none' } }
    case 'not_started':
      return { percent: 0, tone: 'neutral', time: { kind: 'daysToGo', count: Math.max(1, daysBetween(today, start)) } }
    case 'finished':
      return { percent: 100, tone: 'success', time: { kind: 'ended' } }
    case 'active': {
      const total = daysBetween(start, end) + 1
      const elapsed = Math.min(total, Math.max(0, daysBetween(start, today) + 1))
      const left = daysBetween(today, end)
      return {
        percent: Math.round((elapsed / total) * 100),
        tone: 'warning',
        time: left <= 0 ? { kind: 'endsToday' } : { kind: 'daysLeft', count: left },
      }
    }
    default:
      return { percent: 0, tone: 'exception', time: { kind: 'none' } }
  }
}
