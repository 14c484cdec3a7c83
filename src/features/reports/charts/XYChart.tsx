import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { styled } from '../../../../styled-system/jsx'
import { bands, countTicks, labelIndices, linear, MAX_TICKS, percentages, segments, valueTicks } from './scale'

/** One series over the periods: columns or a line, read on the left axis or on the right one. */
export interface XYSeries {
  key: string
  label: string
  kind: 'bar' | 'line'
  axis: 'left' | 'right'
  color: string
  /** null: nothing in the period (a gap in a line, no column). */
  values: (number | null)[]
  format: (value: number) => string
}

export interface XYChartProps {
  title: string
  width: number
  /** The periods' labels, one per value of every series. */
  labels: string[]
  series: XYSeries[]
  /** The bars are counts drawn as 100% stacks (each period's shares add up to 100). */
  stacked?: boolean
  /** Whole-number ticks on the left axis (counts of students or lessons). */
  countAxis?: boolean
}

const HEIGHT = 240
const MARGIN = { top: 12, bottom: 28, left: 48, right: 52 }
const FONT = 11
/** The room a period's label needs ("Nov 21", "nov. 2026"). */
const LABEL_WIDTH = 64

/**
 * Columns and lines over periods, in SVG: at most 6 ticks per axis (spec §9), at most 6 period
 * labels, a tooltip with every series' value for the period under the pointer or the keyboard's
 * focus (left and right arrows), announced to screen readers.
 */
export function XYChart({ title, width, labels, series, stacked = false, countAxis = false }: XYChartProps) {
  const { LL } = useI18nContext()
  const [active, setActive] = useState<number | null>(null)
  const hintId = useId()
  const count = labels.length
  const hasRight = series.some((s) => s.axis === 'right')
  const margin = { ...MARGIN, right: hasRight ? MARGIN.right : 12 }
  const plotWidth = Math.max(width - margin.left - margin.right, 40)
  const plotHeight = HEIGHT - margin.top - margin.bottom

  const bars = series.filter((s) => s.kind === 'bar')
  const lines = series.filter((s) => s.kind === 'line')
  // a stacked period shows each bar series' share of the period's total
  const shares = stacked ? labels.map((_, i) => percentages(bars.map((s) => s.values[i] ?? 0))) : []
  const topOf = (axis: 'left' | 'right') => Math.max(0, ...series.filter((s) => s.axis === axis).flatMap((s) => s.values.map((value) => value ?? 0)))
  const leftTicks = stacked ? valueTicks(100) : countAxis ? countTicks(topOf('left')) : valueTicks(topOf('left'))
  const rightTicks = valueTicks(topOf('right'))
  const yLeft = linear(leftTicks.at(-1) ?? 1, margin.top + plotHeight, margin.top)
  const yRight = linear(rightTicks.at(-1) ?? 1, margin.top + plotHeight, margin.top)
  const y = (axis: 'left' | 'right') => (axis === 'left' ? yLeft : yRight)
  const band = bands(count, plotWidth)
  const centre = (i: number) => margin.left + band.start(i) + band.width / 2
  const leftFormat = series.find((s) => s.axis === 'left')?.format ?? String
  const rightFormat = series.find((s) => s.axis === 'right')?.format ?? String

  const indexAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - box.left) / box.width) * width - margin.left
    return Math.min(count - 1, Math.max(0, Math.floor(x / band.step)))
  }
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -count, End: count }
    const move = moves[event.key]
    if (move === undefined) return
    event.preventDefault()
    setActive(Math.min(count - 1, Math.max(0, (active ?? (move > 0 ? -1 : count)) + move)))
  }
  const tooltip =
    active === null
      ? null
      : [
          labels[active] ?? '',
          ...series.map((s) => {
            const value = s.values[active] ?? null
            const shown =
              value === null ? '—' : stacked && s.kind === 'bar' ? `${value} (${shares[active]?.[bars.indexOf(s)] ?? 0}%)` : s.format(value)
            return `${s.label}: ${shown}`
          }),
        ]

  return (
    <styled.div position="relative">
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="group"
        aria-label={title}
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKey}
        onPointerMove={(event) => setActive(indexAt(event))}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        style={{ display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
      >
        {/* grid and left axis */}
        {leftTicks.map((tick) => (
          <g key={`l${tick}`}>
            <line x1={margin.left} x2={margin.left + plotWidth} y1={yLeft(tick)} y2={yLeft(tick)} stroke="var(--colors-border-subtle, #e5e7eb)" />
            <text x={margin.left - 6} y={yLeft(tick)} dy="0.32em" textAnchor="end" fontSize={FONT} fill="currentColor" opacity={0.7}>
              {stacked ? `${tick}%` : leftFormat(tick)}
            </text>
          </g>
        ))}
        {hasRight
          ? rightTicks.map((tick) => (
              <text key={`r${tick}`} x={margin.left + plotWidth + 6} y={yRight(tick)} dy="0.32em" fontSize={FONT} fill="currentColor" opacity={0.7}>
                {rightFormat(tick)}
              </text>
            ))
          : null}
        {/* period labels: at most 6 */}
        {labelIndices(count, Math.min(MAX_TICKS, Math.floor(plotWidth / LABEL_WIDTH))).map((i) => (
          <text
            key={`x${i}`}
            x={centre(i)}
            y={HEIGHT - 8}
            textAnchor={count > 1 && i === 0 ? 'start' : count > 1 && i === count - 1 ? 'end' : 'middle'}
            fontSize={FONT}
            fill="currentColor"
            opacity={0.7}
          >
            {labels[i]}
          </text>
        ))}
        {active !== null ? (
          <rect x={margin.left + active * band.step} y={margin.top} width={band.step} height={plotHeight} fill="currentColor" opacity={0.06} />
        ) : null}
        {/* columns: side by side, or stacked to 100% */}
        {labels.map((_, i) => {
          if (stacked) {
            let base = 0
            return (
              <g key={`b${i}`}>
                {bars.map((s, k) => {
                  const share = shares[i]?.[k] ?? 0
                  const top = yLeft(base + share)
                  const rect = <rect key={s.key} x={margin.left + band.start(i)} y={top} width={band.width} height={yLeft(base) - top} fill={s.color} />
                  base += share
                  return rect
                })}
              </g>
            )
          }
          const each = band.width / Math.max(bars.length, 1)
          return (
            <g key={`b${i}`}>
              {bars.map((s, k) => {
                const top = y(s.axis)(s.values[i] ?? 0)
                return (
                  <rect key={s.key} x={margin.left + band.start(i) + k * each} y={top} width={each} height={margin.top + plotHeight - top} fill={s.color} rx={1} />
                )
              })}
            </g>
          )
        })}
        {lines.map((s) => (
          <g key={s.key}>
            {segments(s.values).map((segment) => (
              <polyline
                key={segment[0]}
                points={segment.map((i) => `${centre(i)},${y(s.axis)(s.values[i] ?? 0)}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            ))}
            {s.values.map((value, i) =>
              value !== null && (count <= 40 || i === active) ? (
                <circle key={i} cx={centre(i)} cy={y(s.axis)(value)} r={i === active ? 4 : 2.5} fill={s.color} />
              ) : null,
            )}
          </g>
        ))}
      </svg>
      <styled.span id={hintId} srOnly>
        {LL.reports.chartKeys()}
      </styled.span>
      {tooltip ? (
        <styled.div
          role="status"
          position="absolute"
          top="0"
          pointerEvents="none"
          bg="bg.default"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="l2"
          boxShadow="md"
          px="2.5"
          py="1.5"
          textStyle="xs"
          maxWidth="60"
          style={
            active !== null && centre(active) > width / 2
              ? { right: Math.max(width - centre(active) + 8, 0) }
              : { left: Math.min(centre(active ?? 0) + 8, Math.max(width - 160, 0)) }
          }
        >
          {tooltip.map((line, i) => (
            <styled.div key={i} fontWeight={i === 0 ? 'semibold' : 'normal'}>
              {line}
            </styled.div>
          ))}
        </styled.div>
      ) : null}
    </styled.div>
  )
}
