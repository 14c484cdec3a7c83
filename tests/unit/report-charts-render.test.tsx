import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext, type I18nContextValue } from '../../locales/i18n-react'
import { i18nObject } from '../../locales/i18n-util'
import { loadLocale } from '../../locales/i18n-util.sync'
import { PieChart } from '../../src/features/reports/charts/PieChart'
import { XYChart, type XYSeries } from '../../src/features/reports/charts/XYChart'

/**
 * The charts drawn by visx, rendered to markup: the 100% stack's columns and the pie's slices as a
 * person sees them (the browser journey only reaches a learner's charts, which have neither).
 */

loadLocale('en')
const context = { LL: i18nObject('en'), locale: 'en', setLocale: () => {} } as unknown as I18nContextValue
const render = (node: ReactNode) => renderToStaticMarkup(<I18nContext.Provider value={context}>{node}</I18nContext.Provider>)
/** The heights of the rects of one color, in document order. */
const heights = (html: string, fill: string) => [...html.matchAll(new RegExp(`<rect[^>]*height="([\\d.]+)"[^>]*fill="${fill}"|<rect[^>]*fill="${fill}"[^>]*height="([\\d.]+)"`, 'g'))].map((m) => Number(m[1] ?? m[2]))

describe('the weekly-active 100% stack', () => {
  const bucket = (key: string, color: string, values: number[]): XYSeries => ({ key, label: key, kind: 'bar', axis: 'left', color, values, format: String })
  const html = render(
    <XYChart
      title="Weekly active students"
      width={400}
      labels={['Nov 14', 'Nov 21']}
      stacked
      series={[bucket('not_active', 'gray', [1, 0]), bucket('1_4_days', 'amber', [1, 3]), bucket('6_7_days', 'iris', [2, 0])]}
    />,
  )

  it('fills each week to the top with its buckets\' shares', () => {
    // plot height: 240 - 12 - 28
    expect(heights(html, 'gray')[0]).toBeCloseTo(50, 6)
    expect(heights(html, 'amber')).toEqual([50, 200])
    expect(heights(html, 'iris')[0]).toBeCloseTo(100, 6)
  })

  it('reads its axis in percentages, at most 6 ticks', () => {
    const ticks = [...html.matchAll(/>(\d+)%</g)].map((m) => m[1])
    expect(ticks).toEqual(['0', '20', '40', '60', '80', '100'])
  })
})

describe('the chart frame', () => {
  /** "1h 05m": the average practice time as hours and minutes, the longest labels a chart has. */
  const hoursMinutes = (seconds: number) => `${Math.floor(seconds / 3600)}h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`
  const chart = (format: (value: number) => string, values: number[], axis: 'left' | 'right' = 'left') =>
    render(
      <XYChart
        title="Average practice time"
        width={400}
        labels={['Nov 14', 'Nov 21']}
        series={[
          { key: 'time', label: 'Time', kind: 'bar', axis: 'left', color: 'teal', values, format: axis === 'left' ? format : String },
          ...(axis === 'right' ? [{ key: 'seconds', label: 'Seconds', kind: 'line' as const, axis: 'right' as const, color: 'amber', values, format }] : []),
        ]}
      />,
    )
  /** The plot's offset from the left edge: the left margin. */
  const plotLeft = (html: string) => Number(/<g class="visx-group" transform="translate\(([\d.]+), 12\)"/.exec(html)?.[1])
  /** Where the right axis stands: the plot's width from the left margin. */
  const rightAxisAt = (html: string) => Number(/<g class="visx-group visx-axis visx-axis-right" transform="translate\(([\d.]+), 0\)"/.exec(html)?.[1])

  it('leaves the left side as wide as the widest tick label, so "1h 05m" does not run over the axis', () => {
    const html = chart(hoursMinutes, [3900, 1800])
    expect(html).toMatch(/>1h 0\dm</)
    // 1, h, 0, 5 and m at 11 px, a space: about 41 px of text, and the gap to the plot
    expect(plotLeft(html)).toBeGreaterThanOrEqual(55)
    // and the labels end in the margin, short of the plot, instead of starting there and running over it
    const anchors = [...html.matchAll(/<g class="visx-group visx-axis visx-axis-left"[\s\S]*?<\/g><\/g>/g)].flatMap((m) => [...m[0].matchAll(/text-anchor="(\w+)"/g)].map((a) => a[1]))
    expect(anchors.length).toBeGreaterThan(0)
    expect(new Set(anchors)).toEqual(new Set(['end']))
  })

  it('gives short labels no more room than they need, so the plot keeps the width', () => {
    expect(plotLeft(chart(String, [3, 5]))).toBeLessThan(30)
  })

  it('fits the right axis to its labels too', () => {
    const html = chart(hoursMinutes, [3900, 1800], 'right')
    expect(400 - plotLeft(html) - rightAxisAt(html)).toBeGreaterThanOrEqual(55)
  })
})

describe('the improvement pie', () => {
  const html = render(
    <PieChart
      title="Improvement"
      slices={[
        { key: 'a', label: '0–5%', color: 'gray', value: 1 },
        { key: 'b', label: '6–10%', color: 'red', value: 0 },
        { key: 'c', label: 'Over 70%', color: 'iris', value: 2 },
      ]}
    />,
  )

  it('draws a focusable slice per bucket with students, named with its count and share', () => {
    const names = [...html.matchAll(/<path[^>]*aria-label="([^"]+)"/g)].map((m) => m[1])
    expect(names).toEqual(['0–5%: 1 (33%)', 'Over 70%: 2 (67%)'])
    expect(html.match(/<path[^>]*tabindex="0"/g)).toHaveLength(2)
  })
})
