import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { classProgress } from '../../src/features/classes/progress'

/** The progress bar of a class and its time line (spec 001 §4). */
describe('classProgress', () => {
  const april = { start_date: '2026-04-01', end_date: '2026-04-30' }
  const day = (text: string) => Temporal.PlainDate.from(text)

  it('is 0 for a draft and for a class not started, saying how long until it starts', () => {
    expect(classProgress({ ...april, status: 'draft' }, day('2026-03-20'))).toEqual({ percent: 0, tone: 'neutral', time: { kind: 'none' } })
    expect(classProgress({ ...april, status: 'not_started' }, day('2026-03-30'))).toEqual({
      percent: 0,
      tone: 'neutral',
      time: { kind: 'daysToGo', count: 2 },
    })
  })

  it('is the elapsed share of an active class, start and end days included, saying the days left', () => {
    expect(classProgress({ ...april, status: 'active' }, day('2026-04-15'))).toEqual({ percent: 50, tone: 'warning', time: { kind: 'daysLeft', count: 15 } })
    expect(classProgress({ ...april, status: 'active' }, day('2026-04-30'))).toEqual({ percent: 100, tone: 'warning', time: { kind: 'endsToday' } })
  })

  it('is 100 (success) for a finished class, and 75 without dates', () => {
    expect(classProgress({ ...april, status: 'finished' }, day('2026-05-02'))).toEqual({ percent: 100, tone: 'success', time: { kind: 'ended' } })
    expect(classProgress({ start_date: '', end_date: '', status: 'active' }, day('2026-05-02')).percent).toBe(75)
  })
})
