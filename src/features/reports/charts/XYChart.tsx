import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis'
import { localPoint } from '@visx/event'
import { Group } from '@visx/group'
import { Bar, BarStack, Circle, Line, LinePath } from '@visx/shape'
import { TooltipWithBounds, useTooltip } from '@visx/tooltip'
import { type KeyboardEvent, type PointerEvent, useId } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { css } from '../../../../styled-system/css'
import { styled } from '../../../../styled-system/jsx'
import { axisMargin, labelIndices, MAX_TICKS, percentages, periodBands, valueAxis } from './scale'

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
  /** Its axis steps by multiples of this (60: seconds drawn as hh:mm:ss step by whole minutes). */
  unit?: number
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
/** Top and bottom; each side is as wide as its widest tick label (axisMargin), at least MIN_SIDE. */
const MARGIN = { top: 12, bottom: 28 }
const MIN_SIDE = 12
/** The room a period's label needs ("Nov 21", "nov. 2026"). */
const LABEL_WIDTH = 64
/** Given props replace visx's defaults, anchors included: each axis sets its own (a left label ends at the margin). */
const TICK_LABEL = { fontSize: 11, fill: 'currentColor', opacity: 0.7, fontFamily: 'inherit' } as const
const GRID = 'var(--colors-border-subtle, #e5e7eb)'

const tooltipClass = css({
  pointerEvents: 'none',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'md',
  px: '2.5',
  py: '1.5',
  textStyle: 'xs',
  maxWidth: '60',
  whiteSpace: 'nowrap',
})

/** A period's values by series, as the 100% stack reads them. */
type Period = { index: number } & Record<string, number>

/**
 * Columns and lines over periods, drawn with visx: at most 6 ticks per axis (spec §9), at most 6
 * period labels, a tooltip with every series' value for the period under the pointer or the
 * keyboard's focus (arrows, Home, End), announced to screen readers.
 */
export function XYChart({ title, width, labels, series, stacked = false, countAxis = false }: XYChartProps) {
  const { LL } = useI18nContext()
  const { tooltipOpen, tooltipData: active, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<number>()
  const hintId = useId()
  const count = labels.length
  const hasRight = series.some((s) => s.axis === 'right')
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom

  const bars = series.filter((s) => s.kind === 'bar')
  const lines = series.filter((s) => s.kind === 'line')
  const topOf = (axis: 'left' | 'right') => Math.max(0, ...series.filter((s) => s.axis === axis).flatMap((s) => s.values.map((value) => value ?? 0)))
  // a stacked period shows each bar series' share of the period's total, from 0 to 1
  const unitOf = (axis: 'left' | 'right') => series.find((s) => s.axis === axis)?.unit ?? 1
  const left = valueAxis(stacked ? 1 : topOf('left'), [plotHeight, 0], { whole: countAxis && !stacked, unit: stacked ? 1 : unitOf('left') })
  const right = valueAxis(topOf('right'), [plotHeight, 0], { unit: unitOf('right') })
  const leftFormat = stacked ? (tick: number) => `${Math.round(tick * 100)}%` : (series.find((s) => s.axis === 'left')?.format ?? String)
  const rightFormat = series.find((s) => s.axis === 'right')?.format ?? String
  // the ticks depend on the height only, so the sides can fit their labels before the width is shared out
  const margin = {
    ...MARGIN,
    left: axisMargin(left.ticks.map(leftFormat), TICK_LABEL.fontSize, MIN_SIDE),
    right: hasRight ? axisMargin(right.ticks.map(rightFormat), TICK_LABEL.fontSize, MIN_SIDE) : MIN_SIDE,
  }
  const plotWidth = Math.max(width - margin.left - margin.right, 40)
  const y = (axis: 'left' | 'right') => (axis === 'left' ? left.scale : right.scale)
  const x = periodBands(count, plotWidth)
  const centre = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2
  const periods: Period[] = labels.map((_, index) => ({ index, ...Object.fromEntries(bars.map((s) => [s.key, s.values[index] ?? 0])) }) as Period)

  const show = (index: number) => showTooltip({ tooltipData: index, tooltipLeft: margin.left + centre(index), tooltipTop: margin.top })
  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const point = localPoint(event)
    if (!point || count === 0) return
    show(Math.min(count - 1, Math.max(0, Math.floor((point.x - margin.left) / x.step()))))
  }
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -count, End: count }
    const move = moves[event.key]
    if (move === undefined || count === 0) return
    event.preventDefault()
    const from = tooltipOpen && active !== undefined ? active : move > 0 ? -1 : count
    show(Math.min(count - 1, Math.max(0, from + move)))
  }
  const shares = active === undefined ? [] : percentages(bars.map((s) => s.values[active] ?? 0))
  const tooltip =
    !tooltipOpen || active === undefined
      ? null
      : [
          labels[active] ?? '',
          ...series.map((s) => {
            const value = s.values[active] ?? null
            const shown = value === null ? '—' : stacked && s.kind === 'bar' ? `${value} (${shares[bars.indexOf(s)] ?? 0}%)` : s.format(value)
            return `${s.label}: ${shown}`
          }),
        ]
  const shownLabels = labelIndices(count, Math.min(MAX_TICKS, Math.floor(plotWidth / LABEL_WIDTH)))

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
        onPointerMove={onPointer}
        onPointerLeave={hideTooltip}
        onBlur={hideTooltip}
        style={{ display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
      >
        <Group left={margin.left} top={margin.top}>
          {left.ticks.map((tick) => (
            <Line key={tick} from={{ x: 0, y: left.scale(tick) }} to={{ x: plotWidth, y: left.scale(tick) }} stroke={GRID} />
          ))}
          <AxisLeft scale={left.scale} tickValues={left.ticks} numTicks={MAX_TICKS} tickFormat={(tick) => leftFormat(Number(tick))} hideAxisLine hideTicks tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: 'end', verticalAnchor: 'middle', dx: -2 })} />
          {hasRight ? (
            <AxisRight left={plotWidth} scale={right.scale} tickValues={right.ticks} numTicks={MAX_TICKS} tickFormat={(tick) => rightFormat(Number(tick))} hideAxisLine hideTicks tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: 'start', verticalAnchor: 'middle', dx: 2 })} />
          ) : null}
          {/* period labels: at most 6, the first and the last kept inside the plot */}
          <AxisBottom
            top={plotHeight}
            scale={x}
            tickValues={shownLabels}
            numTicks={MAX_TICKS}
            tickFormat={(i) => labels[i] ?? ''}
            hideAxisLine
            hideTicks
            tickLabelProps={(i) => ({
              ...TICK_LABEL,
              dy: 2,
              textAnchor: count > 1 && i === 0 ? 'start' : count > 1 && i === count - 1 ? 'end' : 'middle',
              dx: count > 1 && i === 0 ? -x.bandwidth() / 2 : count > 1 && i === count - 1 ? x.bandwidth() / 2 : 0,
            })}
          />
          {tooltipOpen && active !== undefined ? (
            <Bar x={active * x.step()} y={0} width={x.step()} height={plotHeight} fill="currentColor" opacity={0.06} />
          ) : null}
          {stacked ? (
            <BarStack<Period, string>
              data={periods}
              keys={bars.map((s) => s.key)}
              offset="expand"
              x={(period) => period.index}
              xScale={x}
              yScale={left.scale}
              color={(key) => bars.find((s) => s.key === key)?.color ?? 'currentColor'}
            />
          ) : (
            labels.map((_, i) => {
              const each = x.bandwidth() / Math.max(bars.length, 1)
              return bars.map((s, k) => {
                const top = y(s.axis)(s.values[i] ?? 0)
                return <Bar key={`${s.key}${i}`} x={(x(i) ?? 0) + k * each} y={top} width={each} height={plotHeight - top} fill={s.color} rx={1} />
              })
            })
          )}
          {lines.map((s) => (
            <g key={s.key}>
              <LinePath<number | null>
                data={s.values}
                defined={(value) => value !== null}
                x={(_, i) => centre(i)}
                y={(value) => y(s.axis)(value ?? 0)}
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {s.values.map((value, i) =>
                value !== null && (count <= 40 || i === active) ? (
                  <Circle key={i} cx={centre(i)} cy={y(s.axis)(value)} r={i === active ? 4 : 2.5} fill={s.color} />
                ) : null,
              )}
            </g>
          ))}
        </Group>
      </svg>
      <styled.span id={hintId} srOnly>
        {LL.reports.chartKeys()}
      </styled.span>
      {tooltip ? (
        // keyed by period so it measures itself again and stays inside the chart
        <TooltipWithBounds key={active} role="status" left={tooltipLeft} top={tooltipTop} unstyled applyPositionStyle className={tooltipClass}>
          {tooltip.map((line, i) => (
            <styled.div key={i} fontWeight={i === 0 ? 'semibold' : 'normal'}>
              {line}
            </styled.div>
          ))}
        </TooltipWithBounds>
      ) : null}
    </styled.div>
  )
}
