import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { labelIndices, MAX_TICKS, percentages, periodBands, valueAxis } from '../../src/features/reports/charts/scale'
import { chartData, isEmpty } from '../../src/features/reports/charts/series'
import { hhmmss, scorePercent, usDate, usDateTime } from '../../src/features/reports/format'
import { calendarFor, periodLabel, weekStart } from '../../src/features/reports/range'

describe('chart ticks (spec §9: at most 6)', () => {
  it.each([1, 3, 7, 10, 37, 99, 100, 101, 1234, 0.4, 0.07, 86_400, 1e7 + 1])('covers %s with at most 6 round ticks from 0', (top) => {
    const { scale, ticks } = valueAxis(top, [200, 0])
    expect(ticks.length).toBeLessThanOrEqual(MAX_TICKS)
    expect(ticks.length).toBeGreaterThanOrEqual(3)
    expect(ticks[0]).toBe(0)
    // the visx scale runs from 0 to the last tick, which covers the data
    expect(scale.domain()).toEqual([0, ticks.at(-1)])
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(top)
    expect(scale(0)).toBe(200)
    expect(scale(ticks.at(-1) ?? 0)).toBe(0)
    const step = ticks[1] ?? 0
    ticks.forEach((tick, i) => expect(tick).toBeCloseTo(i * step, 9))
  })

  it('where d3 alone would give more (its count is a hint: 7 asked for 5 gives 8 ticks)', () => {
    expect(valueAxis(7, [100, 0]).scale.copy().domain([0, 7]).ticks(5)).toHaveLength(8)
    expect(valueAxis(7, [100, 0]).ticks).toEqual([0, 2, 4, 6, 8])
  })

  it('draws an axis from 0 to 1 when there is nothing to show', () => {
    expect(valueAxis(0, [100, 0]).scale.domain()).toEqual([0, 1])
    expect(valueAxis(Number.NaN, [100, 0]).scale.domain()).toEqual([0, 1])
  })

  it('counts in whole numbers', () => {
    expect(valueAxis(3, [100, 0], { whole: true }).ticks).toEqual([0, 1, 2, 3])
    expect(valueAxis(0, [100, 0], { whole: true }).ticks).toEqual([0, 1])
    expect(valueAxis(1, [100, 0], { whole: true }).ticks).toEqual([0, 1])
    for (const top of [1, 2, 4, 6, 9, 23, 61]) {
      const { ticks } = valueAxis(top, [100, 0], { whole: true })
      expect(ticks.length).toBeLessThanOrEqual(MAX_TICKS)
      expect(ticks.every(Number.isInteger)).toBe(true)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(top)
    }
  })

  it('steps a duration in seconds by whole minutes once it passes a minute (00:10:00, not 00:08:20)', () => {
    expect(valueAxis(2000, [100, 0], { unit: 60 }).ticks).toEqual([0, 600, 1200, 1800, 2400])
    expect(valueAxis(2000, [100, 0], { unit: 60 }).scale.domain()).toEqual([0, 2400])
    for (const top of [61, 500, 1999, 3600, 5000, 86_400]) {
      const { scale, ticks } = valueAxis(top, [100, 0], { unit: 60 })
      expect(ticks.length).toBeLessThanOrEqual(MAX_TICKS)
      expect(ticks.every((tick) => Number.isInteger(tick / 60))).toBe(true)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(top)
      expect(scale.domain()).toEqual([0, ticks.at(-1)])
    }
    // under a minute, seconds
    expect(valueAxis(45, [100, 0], { unit: 60 }).ticks).toEqual([0, 10, 20, 30, 40, 50])
  })

  it('reads a 100% stack in fifths', () => {
    expect(valueAxis(1, [100, 0]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
  })

  it('gives every period the same share of the width, so the pointer finds it by floor(x / step)', () => {
    const bands = periodBands(23, 690)
    expect(bands.step()).toBeCloseTo(30, 9)
    expect(bands(0)).toBeCloseTo(3, 9)
    expect(bands(22)).toBeCloseTo(22 * 30 + 3, 9)
    expect(bands.bandwidth()).toBeCloseTo(24, 9)
  })

  it('labels at most 6 categories, the first and the last among them', () => {
    expect(labelIndices(4)).toEqual([0, 1, 2, 3])
    for (const max of [2, 3, 6]) {
      for (const count of [7, 12, 23, 30, 31, 90, 365]) {
        const picked = labelIndices(count, max)
        expect(picked.length).toBeLessThanOrEqual(max)
        expect(picked[0]).toBe(0)
        expect(picked.at(-1)).toBe(count - 1)
        // evenly spread: no two labels closer than half the step
        const gaps = picked.slice(1).map((index, i) => index - (picked[i] ?? 0))
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.max(...gaps) / 2)
      }
    }
  })

  it('leaves out the label that would crowd the last one (23 days: Nov 21 next to Nov 23)', () => {
    expect(labelIndices(23)).toEqual([0, 5, 10, 15, 22])
    expect(labelIndices(4, 3)).toEqual([0, 3])
    expect(labelIndices(31)).toEqual([0, 6, 12, 18, 24, 30])
  })
})

describe('bucket percentages of a 100% stacked bar', () => {
  it.each([
    [[1, 1, 1], [34, 33, 33]],
    [[2, 1, 0, 0], [67, 33, 0, 0]],
    [[1, 1, 1, 1, 1, 1, 1], [15, 15, 14, 14, 14, 14, 14]],
    [[5, 0, 0, 0], [100, 0, 0, 0]],
  ])('%j makes %j', (counts, expected) => {
    expect(percentages(counts)).toEqual(expected)
  })

  it('always sums to 100 when anyone is counted', () => {
    for (let seed = 1; seed < 200; seed++) {
      const counts = [seed % 7, (seed * 3) % 11, (seed * 5) % 13, (seed * 7) % 3]
      const total = counts.reduce((a, b) => a + b, 0)
      const shares = percentages(counts)
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : 100)
      shares.forEach((share, i) => expect(Math.abs(share - ((counts[i] ?? 0) / total) * 100)).toBeLessThan(1))
    }
  })

  it('is all zeros for an empty week', () => {
    expect(percentages([0, 0, 0, 0])).toEqual([0, 0, 0, 0])
  })
})

describe('report formats (spec §9)', () => {
  it('shows average time as hh:mm:ss', () => {
    expect(hhmmss(0)).toBe('00:00:00')
    expect(hhmmss(59.6)).toBe('00:01:00')
    expect(hhmmss(3_725)).toBe('01:02:05')
    expect(hhmmss(360_000)).toBe('100:00:00')
  })

  it('rounds a score to a percentage, blank when 0 or missing', () => {
    expect(scorePercent(67.5)).toBe('68%')
    expect(scorePercent(0.4)).toBe('0%')
    expect(scorePercent(1)).toBe('1%')
    expect(scorePercent(100)).toBe('100%')
    expect(scorePercent(87.4)).toBe('87%')
    expect(scorePercent(0)).toBe('')
    expect(scorePercent(null)).toBe('')
  })

  it('dates MM/dd/yyyy and times HH:mma MM/dd/yyyy in the given zone, on a 12-hour clock', () => {
    expect(usDate('2026-03-07')).toBe('03/07/2026')
    expect(usDateTime('2026-11-23T14:05:00Z', 'UTC')).toBe('02:05PM 11/23/2026')
    expect(usDateTime('2026-11-23T02:05:00Z', 'America/Mexico_City')).toBe('08:05PM 11/22/2026')
    expect(usDateTime('2026-11-23T09:30:00Z', 'UTC')).toBe('09:30AM 11/23/2026')
    // midnight and noon are 12, never 00
    expect(usDateTime('2026-11-23T00:30:00Z', 'UTC')).toBe('12:30AM 11/23/2026')
    expect(usDateTime('2026-11-23T12:00:00Z', 'UTC')).toBe('12:00PM 11/23/2026')
    expect(usDateTime('2026-11-23T23:59:00Z', 'UTC')).toBe('11:59PM 11/23/2026')
  })
})

describe('report calendar', () => {
  const day = (iso: string) => Temporal.PlainDate.from(iso)

  it('starts weeks on Saturday', () => {
    expect(weekStart(day('2026-11-21')).toString()).toBe('2026-11-21') // a Saturday
    expect(weekStart(day('2026-11-23')).toString()).toBe('2026-11-21')
    expect(weekStart(day('2026-11-27')).toString()).toBe('2026-11-21') // the Friday after
  })

  it('gives the six shortcuts and tomorrow for a Monday', () => {
    expect(calendarFor(day('2026-11-23'))).toEqual({
      maxDate: '2026-11-24',
      shortcuts: {
        thisMonth: { from: '2026-11-01', to: '2026-11-23' },
        lastWeek: { from: '2026-11-14', to: '2026-11-20' },
        lastMonth: { from: '2026-10-01', to: '2026-10-31' },
        last3Months: { from: '2026-08-24', to: '2026-11-23' },
        last6Months: { from: '2026-05-24', to: '2026-11-23' },
        lastYear: { from: '2025-11-24', to: '2026-11-23' },
      },
    })
  })

  it('handles the first of a month, a Saturday, and the end of February', () => {
    const calendar = calendarFor(day('2026-03-01'))
    expect(calendar.shortcuts.thisMonth).toEqual({ from: '2026-03-01', to: '2026-03-01' })
    expect(calendar.shortcuts.lastMonth).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(calendarFor(day('2026-11-21')).shortcuts.lastWeek).toEqual({ from: '2026-11-14', to: '2026-11-20' })
  })

  it('labels weekly points by their Saturday and monthly ones by their month', () => {
    expect(periodLabel('2026-11-23', 'weekly', 'en')).toBe('Nov 21')
    expect(periodLabel('2026-11-23', 'daily', 'en')).toBe('Nov 23')
    expect(periodLabel('2026-11-01', 'monthly', 'en')).toBe('Nov 2026')
  })
})

describe('charts with nothing to draw', () => {
  it('are empty when every period is 0 or null', () => {
    expect(isEmpty(chartData([{ period: '2026-11-01', values: { eps: null } }], ['eps'], 'daily', 'en'))).toBe(true)
    expect(isEmpty(chartData([], ['eps'], 'daily', 'en'))).toBe(true)
    const data = chartData(
      [
        { period: '2026-11-02', values: { eps: 61 } },
        { period: '2026-11-01', values: {} },
      ],
      ['eps'],
      'daily',
      'en',
    )
    expect(data).toEqual({ labels: ['Nov 1', 'Nov 2'], values: { eps: [null, 61] } })
    expect(isEmpty(data)).toBe(false)
  })
})
