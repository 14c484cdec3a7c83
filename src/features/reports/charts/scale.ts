/**
 * The arithmetic of the report charts, kept apart from drawing so it is tested on its own: nice
 * value ticks (spec §9: at most 6), which category labels to show, 100% bucket shares that add up,
 * and the linear and band positions the SVG is drawn with.
 */

export const MAX_TICKS = 6

/** At most `max` round ticks from 0 covering `top` (0, 5, 10 ... or 0, 0.2, 0.4 ...). */
export function valueTicks(top: number, max: number = MAX_TICKS): number[] {
  if (!Number.isFinite(top) || top <= 0) return [0]
  const intervals = max - 1
  const rough = top / intervals
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => Math.ceil(top / candidate) <= intervals) ?? 10 * magnitude
  const count = Math.ceil(top / step)
  // rounding keeps 0.1 + 0.2 from printing as 0.30000000000000004
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)))
}

/** Whole-number ticks for counts (no 0.5 of a student): the step never goes below 1. */
export function countTicks(top: number, max: number = MAX_TICKS): number[] {
  if (!Number.isFinite(top) || top <= 0) return [0, 1]
  const ticks = valueTicks(top, max)
  const step = ticks[1] ?? 1
  if (Number.isInteger(step)) return ticks
  const whole = Math.ceil(step)
  return Array.from({ length: Math.ceil(top / whole) + 1 }, (_, i) => i * whole)
}

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
 * Counts as whole percentages adding up to exactly 100 (largest remainder), so a 100% stacked bar
 * fills its column; all zeros when there is nobody.
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

/** A linear map from [0, top] to [bottom, topPixel] (SVG y grows downwards). */
export const linear = (top: number, from: number, to: number) => (value: number) => (top <= 0 ? from : from + ((to - from) * value) / top)

/** Equal bands for n categories over a width, with a padding share between them. */
export function bands(count: number, width: number, padding = 0.2) {
  const step = count > 0 ? width / count : width
  return { step, width: step * (1 - padding), start: (i: number) => i * step + (step * padding) / 2 }
}

/** The runs of indices with a value: a line is drawn through each run and leaves a gap between them. */
export function segments(values: readonly (number | null)[]): number[][] {
  const runs: number[][] = []
  values.forEach((value, i) => {
    if (value === null) return
    const last = runs.at(-1)
    if (last && last.at(-1) === i - 1) last.push(i)
    else runs.push([i])
  })
  return runs
}
