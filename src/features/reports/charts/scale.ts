import { scaleBand, scaleLinear } from '@visx/scale'

/**
 * The arithmetic of the report charts, kept apart from drawing so it is tested on its own: the
 * visx value scales held to at most 6 round ticks (spec §9), the period band scale, which period
 * labels to show, and 100% bucket shares that add up.
 */

export const MAX_TICKS = 6

/** A value axis: its scale and the ticks drawn on it. */
export interface ValueAxis {
  scale: ReturnType<typeof scaleLinear<number>>
  ticks: number[]
}

/**
 * A linear scale from 0 to `top` over `range`, stretched to a round top, with at most `max` ticks;
 * `whole` keeps the step at 1 or more (no 0.5 of a student). d3 treats a tick count as a hint and
 * may give more, so the hint comes down until the ticks fit. `unit` steps by whole units once the top
 * passes one of it: seconds shown as hh:mm:ss step by whole minutes (00:10:00, not 00:08:20).
 */
export function valueAxis(top: number, range: [number, number], { whole = false, max = MAX_TICKS, unit = 1 } = {}): ValueAxis {
  const valid = Number.isFinite(top) && top > 0 ? top : 1
  const by = unit > 1 && valid > unit ? unit : 1
  const base = scaleLinear<number>({ domain: [0, valid / by], range })
  const scaled = ({ scale, ticks }: ValueAxis): ValueAxis =>
    by === 1 ? { scale, ticks } : { scale: scale.copy().domain(scale.domain().map((end) => end * by)), ticks: ticks.map((tick) => tick * by) }
  for (let hint = max - 1; hint >= 1; hint--) {
    const scale = base.copy().nice(hint)
    const ticks = scale.ticks(hint)
    if (ticks.length <= max && (!(whole || by > 1) || ticks.every(Number.isInteger))) return scaled({ scale, ticks })
  }
  // not reached: a hint of 1 gives two ticks, whole ones for any top of 1 or more
  return scaled({ scale: base, ticks: base.domain() })
}

/**
 * The periods as equal bands over a width. The outer padding is half the inner one, so every
 * period owns exactly width / count pixels and the one under the pointer is floor(x / step).
 */
export const periodBands = (count: number, width: number) =>
  scaleBand<number>({ domain: Array.from({ length: count }, (_, i) => i), range: [0, width], paddingInner: 0.2, paddingOuter: 0.1 })

/**
 * The indices of at most `max` category labels (at least 2), evenly spread, always the first and the
 * last; a label that would crowd the last one is left out.
 */
export function labelIndices(count: number, max: number = MAX_TICKS): number[] {
  const most = Math.max(2, max)
  if (count <= most) return Array.from({ length: count }, (_, i) => i)
  const every = Math.ceil((count - 1) / (most - 1))
  const picked: number[] = []
  for (let i = 0; i < count - 1; i += every) picked.push(i)
  if (picked.length > 1 && count - 1 - (picked.at(-1) ?? 0) < every) picked.pop()
  picked.push(count - 1)
  return picked
}

/**
 * Counts as whole percentages adding up to exactly 100 (largest remainder), as a 100% stack's
 * tooltip and table print them; all zeros when there is nobody.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0)
  if (total <= 0) return counts.map(() => 0)
  const exact = counts.map((n) => (n / total) * 100)
  const floors = exact.map(Math.floor)
  let left = 100 - floors.reduce((sum, n) => sum + n, 0)
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i] = (floors[i] ?? 0) + 1
    left -= 1
  }
  return floors
}

/** Narrow and wide glyphs of a sans-serif face, in ems; the others are taken as digits (0.6 em). */
const NARROW = new Set([':', '.', ',', ' ', "'", 'i', 'l', 'j', 'I', '|', '(', ')'])
const WIDE = new Set(['m', 'w', 'M', 'W', '%', '@'])

/**
 * The room an axis needs beside the plot for its widest tick label (px): an estimate from the glyphs
 * (the labels are short and mostly digits: "00:08:20", "1h 05m", "80%"), with a gap to the plot. The
 * server-side markup and the tests have no canvas to measure with, and an estimate that errs wide
 * costs a few pixels, never an overlap with the axis.
 */
export function axisMargin(labels: readonly string[], fontSize: number, minimum: number): number {
  const em = (label: string) => [...label].reduce((sum, glyph) => sum + (NARROW.has(glyph) ? 0.32 : WIDE.has(glyph) ? 0.9 : 0.62), 0)
  const widest = Math.max(0, ...labels.map(em))
  return Math.max(minimum, Math.ceil(widest * fontSize) + 14)
}
