import { useState } from 'react'
import { styled } from '../../../../styled-system/jsx'
import { percentages } from './scale'

export interface PieSlice {
  key: string
  label: string
  color: string
  value: number
}

const SIZE = 200

/** The point at a fraction of the turn (0 at twelve o'clock, clockwise). */
const at = (fraction: number, radius: number) => {
  const angle = fraction * 2 * Math.PI - Math.PI / 2
  return [SIZE / 2 + radius * Math.cos(angle), SIZE / 2 + radius * Math.sin(angle)] as const
}

/**
 * A pie of counts with their whole-number shares (adding up to 100). Each slice is focusable and
 * named with its count and share, so the tooltip is reached from the keyboard as from the pointer.
 */
export function PieChart({ title, slices }: { title: string; slices: PieSlice[] }) {
  const [active, setActive] = useState<string | null>(null)
  const total = slices.reduce((sum, s) => sum + s.value, 0)
  const shares = percentages(slices.map((s) => s.value))
  const radius = SIZE / 2 - 4
  let turned = 0
  const arcs = slices.map((slice, i) => {
    const start = turned
    turned += total > 0 ? slice.value / total : 0
    return { slice, share: shares[i] ?? 0, start, end: turned }
  })
  const shown = arcs.find((arc) => arc.slice.key === active)

  return (
    <styled.div display="flex" justifyContent="center" position="relative">
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="group" aria-label={title}>
        {arcs
          .filter((arc) => arc.end > arc.start)
          .map(({ slice, share, start, end }) => {
            const [x0, y0] = at(start, radius)
            const [x1, y1] = at(end, radius)
            const large = end - start > 0.5 ? 1 : 0
            // a whole pie is a circle: an arc cannot start and end at the same point
            const d =
              end - start >= 0.9999
                ? `M ${SIZE / 2} ${SIZE / 2 - radius} A ${radius} ${radius} 0 1 1 ${SIZE / 2 - 0.01} ${SIZE / 2 - radius} Z`
                : `M ${SIZE / 2} ${SIZE / 2} L ${x0} ${y0} A ${radius} ${radius} 0 ${large} 1 ${x1} ${y1} Z`
            return (
              <path
                key={slice.key}
                d={d}
                fill={slice.color}
                stroke="var(--colors-bg-default, #fff)"
                strokeWidth={active === slice.key ? 3 : 1}
                tabIndex={0}
                aria-label={`${slice.label}: ${slice.value} (${share}%)`}
                onPointerEnter={() => setActive(slice.key)}
                onPointerLeave={() => setActive(null)}
                onFocus={() => setActive(slice.key)}
                onBlur={() => setActive(null)}
              />
            )
          })}
      </svg>
      {shown ? (
        <styled.div
          aria-hidden="true"
          position="absolute"
          top="2"
          left="2"
          pointerEvents="none"
          bg="bg.default"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="l2"
          boxShadow="md"
          px="2.5"
          py="1.5"
          textStyle="xs"
        >
          {shown.slice.label}: {shown.slice.value} ({shown.share}%)
        </styled.div>
      ) : null}
    </styled.div>
  )
}
