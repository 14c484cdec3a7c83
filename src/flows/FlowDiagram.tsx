import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react'
import { css } from '../../styled-system/css'
import { Spinner, Text } from '../ui'
import { elkGraphOf, LINE_HEIGHT, statesOf, type FlowChart, type FlowState } from './graph'
import { layOut, type Layout } from './layout'

/*
 * A machine's statechart drawn in SVG from its ELK layout: a box per state (a compound state's box
 * holds its children's), an arrow per transition with its event and guard. Each state is a button
 * (focusable, Enter or Space selects it) named by its path; the drawing is one group named for the
 * machine.
 */

/**
 * Layouts run one after another: elkjs's bundled build works on the main thread, and 40-odd charts
 * laid out at once would freeze the page; between two, the page handles input.
 */
let queue: Promise<unknown> = Promise.resolve()
const queued = <T,>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(work)
  queue = next.catch(() => undefined)
  return next
}

const machineRect = css({ fill: 'none', stroke: 'border.subtle', strokeWidth: '1', strokeDasharray: '6 3' })
const box = css({ fill: 'bg.default', stroke: 'border.default', strokeWidth: '1.5', cursor: 'pointer' })
const compoundBox = css({ fill: 'bg.subtle', stroke: 'border.default', strokeWidth: '1.5', cursor: 'pointer' })
const selectedBox = css({ stroke: 'colorPalette.default', strokeWidth: '3' })
const stateGroup = css({ outline: 'none', '&:focus-visible rect:first-of-type': { stroke: 'colorPalette.default', strokeWidth: '3', strokeDasharray: '4 2' } })
const label = css({ fill: 'fg.default', fontSize: '12px', fontFamily: 'mono', pointerEvents: 'none' })
const edgeLine = css({ fill: 'none', stroke: 'fg.muted', strokeWidth: '1.2' })
const edgeLabel = css({ fill: 'fg.muted', fontSize: '11px', fontFamily: 'mono' })

export function FlowDiagram({
  chart,
  name,
  selected,
  onSelect,
  texts,
}: {
  chart: FlowChart
  /** The diagram's accessible name. */
  name: string
  selected: string | null
  onSelect: (state: FlowState) => void
  texts: { drawing: string; drawFailed: string }
}) {
  const graph = useMemo(() => elkGraphOf(chart), [chart])
  const [layout, setLayout] = useState<Layout | null | 'failed'>(null)
  const markerId = `${useId()}-arrow`.replace(/:/g, '')
  useEffect(() => {
    let live = true
    queued(() => layOut(graph)).then(
      (result) => live && setLayout(result),
      () => live && setLayout('failed'),
    )
    return () => {
      live = false
    }
  }, [graph])
  const states = useMemo(() => statesOf(chart), [chart])
  if (layout === 'failed') return <Text color="fg.error">{texts.drawFailed}</Text>
  if (layout === null)
    return (
      <Text color="fg.muted" aria-live="polite">
        <Spinner size="sm" /> {texts.drawing}
      </Text>
    )
  const keyDown = (state: FlowState) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onSelect(state)
  }
  // compound states first, so that their children are drawn over them
  const ordered = [...states].sort((a, b) => a.path.split('.').length - b.path.split('.').length)
  const machineBox = layout.nodes.get(chart.root.id)
  return (
    <div className={css({ overflowX: 'auto', maxW: 'full', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '2' })}>
      <svg
        role="group"
        aria-label={name}
        width={Math.ceil(layout.width)}
        height={Math.ceil(layout.height)}
        viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
        className={css({ colorPalette: 'accent', display: 'block' })}
      >
        <defs>
          <marker id={markerId} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className={css({ fill: 'fg.muted' })} />
          </marker>
        </defs>
        {machineBox ? (
          <g aria-hidden="true">
            <rect x={machineBox.x} y={machineBox.y} width={machineBox.width} height={machineBox.height} rx={10} className={machineRect} />
            <text x={machineBox.x + 12} y={machineBox.y + 12 + LINE_HEIGHT - 4} className={label}>
              {chart.id}
            </text>
          </g>
        ) : null}
        {ordered.map((state) => {
          const node = layout.nodes.get(state.id)
          if (!node) return null
          const isSelected = state.id === selected
          return (
            <g
              key={state.id}
              role="button"
              tabIndex={0}
              aria-label={state.path}
              aria-pressed={isSelected}
              data-state={state.path}
              className={stateGroup}
              onClick={() => onSelect(state)}
              onKeyDown={keyDown(state)}
            >
              <rect
                x={node.x}
                y={node.y}
                width={node.width}
                height={node.height}
                rx={8}
                className={`${node.compound ? compoundBox : box} ${isSelected ? selectedBox : ''}`}
              />
              {state.type === 'final' ? (
                <rect x={node.x + 3} y={node.y + 3} width={node.width - 6} height={node.height - 6} rx={6} className={edgeLine} />
              ) : null}
              {state.initial ? <circle cx={node.x - 1} cy={node.y + node.height / 2} r={4} className={css({ fill: 'fg.default' })} /> : null}
              <text x={node.x + 12} y={node.y + 12 + LINE_HEIGHT - 4} className={label}>
                {state.key}
              </text>
            </g>
          )
        })}
        {/* drawn over the states, the arrows and their labels let clicks through to them */}
        <g aria-hidden="true" className={css({ pointerEvents: 'none' })}>
          {layout.edges.map((edge) =>
            edge.points.length < 2 ? null : (
              <g key={edge.id}>
                <path d={edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ')} className={edgeLine} markerEnd={`url(#${markerId})`} />
                {edge.label ? (
                  <text x={edge.label.x} y={edge.label.y + LINE_HEIGHT - 4} className={edgeLabel}>
                    {edge.label.text}
                  </text>
                ) : null}
              </g>
            ),
          )}
        </g>
      </svg>
    </div>
  )
}
