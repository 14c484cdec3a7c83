import { Group } from '@visx/group'
import { Pie } from '@visx/shape'
import { TooltipWithBounds, useTooltip } from '@visx/tooltip'
import { css } from '../../../../styled-system/css'
import { styled } from '../../../../styled-system/jsx'
import { percentages } from './scale'

export interface PieSlice {
  key: string
  label: string
  color: string
  value: number
}

const SIZE = 200

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
  whiteSpace: 'nowrap',
})

/** A slice as the pie draws it: with its whole-number share of the total. */
type Shared = PieSlice & { share: number }

/**
 * A pie of counts with their whole-number shares (adding up to 100), drawn with visx in the
 * buckets' order. Each slice is focusable and named with its count and share, so the tooltip is
 * reached from the keyboard as from the pointer.
 */
export function PieChart({ title, slices }: { title: string; slices: PieSlice[] }) {
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<Shared>()
  const shares = percentages(slices.map((s) => s.value))
  const shown = slices.map((slice, i) => ({ ...slice, share: shares[i] ?? 0 })).filter((slice) => slice.value > 0)
  const radius = SIZE / 2 - 4

  return (
    <styled.div display="flex" justifyContent="center" position="relative">
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="group" aria-label={title}>
        <Group top={SIZE / 2} left={SIZE / 2}>
          <Pie data={shown} pieValue={(slice) => slice.value} pieSort={null} pieSortValues={null} outerRadius={radius}>
            {(pie) =>
              pie.arcs.map((arc) => {
                const slice = arc.data
                const open = () => {
                  const [cx, cy] = pie.path.centroid(arc)
                  showTooltip({ tooltipData: slice, tooltipLeft: SIZE / 2 + cx, tooltipTop: SIZE / 2 + cy })
                }
                return (
                  <path
                    key={slice.key}
                    d={pie.path(arc) ?? ''}
                    fill={slice.color}
                    stroke="var(--colors-bg-default, #fff)"
                    strokeWidth={tooltipOpen && tooltipData?.key === slice.key ? 3 : 1}
                    tabIndex={0}
                    role="img"
                    aria-label={`${slice.label}: ${slice.value} (${slice.share}%)`}
                    onPointerEnter={open}
                    onPointerLeave={hideTooltip}
                    onFocus={open}
                    onBlur={hideTooltip}
                  />
                )
              })
            }
          </Pie>
        </Group>
      </svg>
      {tooltipOpen && tooltipData ? (
        <TooltipWithBounds key={tooltipData.key} aria-hidden="true" left={tooltipLeft} top={tooltipTop} unstyled applyPositionStyle className={tooltipClass}>
          {tooltipData.label}: {tooltipData.value} ({tooltipData.share}%)
        </TooltipWithBounds>
      ) : null}
    </styled.div>
  )
}
