import type { AnyStateMachine } from 'xstate'

/*
 * A machine's statechart as plain data, read from the machine object itself (`machine.root`: the
 * state nodes xstate built from the config), and the ELK graph that lays it out. Pure and free of
 * elkjs, so the unit tests build graphs without a layout and the main bundle never needs this.
 */

/** One transition: the event that takes it (`always` for eventless ones), its guard's name, its targets. */
export type FlowTransition = {
  readonly id: string
  readonly source: string
  /** Target state ids; empty for a targetless transition (it only runs actions). */
  readonly targets: readonly string[]
  readonly event: string
  readonly guard: string | null
  readonly description: string | null
}

export type FlowState = {
  /** xstate's id: `<machine id>.<path>`, unique in the machine. */
  readonly id: string
  readonly key: string
  /** Path from the root, dot-separated (`editing.details`). */
  readonly path: string
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  readonly description: string | null
  readonly initial: boolean
  readonly tags: readonly string[]
  readonly children: readonly FlowState[]
  /** The events this state itself accepts (its own transitions, not its parents'). */
  readonly events: readonly string[]
}

export type FlowChart = {
  readonly id: string
  readonly description: string | null
  readonly root: FlowState
  readonly transitions: readonly FlowTransition[]
}

type GuardLike = string | { type?: string; guards?: readonly GuardLike[]; name?: string } | ((...args: never[]) => unknown) | undefined

/**
 * A guard's name as the Stately extractor shows it: a named guard by its name, `not(a)`, `and(a, b)`,
 * `or(a, b)` for the higher-order ones, `inline` for an anonymous function (the house has none).
 */
export const guardName = (guard: GuardLike): string | null => {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  const fn = guard as { type?: string; guards?: readonly GuardLike[]; name?: string }
  if (Array.isArray(fn.guards) && typeof guard === 'function') {
    const inner = fn.guards.map((g) => guardName(g) ?? 'inline').join(', ')
    return `${fn.name || 'guard'}(${inner})`
  }
  if (typeof fn.type === 'string') return fn.type
  return 'inline'
}

type NodeLike = {
  id: string
  key: string
  path: readonly string[]
  type: FlowState['type']
  description?: string
  tags: readonly string[]
  states: Record<string, NodeLike>
  initial?: { target: readonly NodeLike[] }
  transitions: Map<string, readonly TransitionLike[]>
  always?: readonly TransitionLike[]
}
type TransitionLike = { eventType: string; target?: readonly NodeLike[]; guard?: GuardLike; description?: string }

/** The statechart of a machine: every state node (nested in its parent) and every transition. */
export const chartOf = (machine: AnyStateMachine): FlowChart => {
  const transitions: FlowTransition[] = []
  const visit = (node: NodeLike, initial: boolean): FlowState => {
    const own: TransitionLike[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
    own.forEach((t, index) =>
      transitions.push({
        id: `${node.id}#${index}`,
        source: node.id,
        targets: (t.target ?? []).map((target) => target.id),
        event: t.eventType === '' ? 'always' : t.eventType,
        guard: guardName(t.guard),
        description: t.description ?? null,
      }),
    )
    const initialIds = new Set((node.initial?.target ?? []).map((target) => target.id))
    return {
      id: node.id,
      key: node.key,
      path: node.path.join('.'),
      type: node.type,
      description: node.description ?? null,
      initial,
      tags: [...node.tags],
      events: [...new Set(own.map((t) => (t.eventType === '' ? 'always' : t.eventType)))],
      children: Object.values(node.states).map((child) => visit(child, initialIds.has(child.id))),
    }
  }
  const root = visit(machine.root as unknown as NodeLike, true)
  return { id: machine.id, description: root.description, root, transitions }
}

/** Every state below the root (the root is the machine itself), depth first. */
export const statesOf = (chart: FlowChart): FlowState[] => {
  const out: FlowState[] = []
  const walk = (state: FlowState) => state.children.forEach((child) => (out.push(child), walk(child)))
  walk(chart.root)
  return out
}

/** The text of a transition's label: its event, and its guard in brackets. */
export const transitionLabel = (t: Pick<FlowTransition, 'event' | 'guard'>): string => (t.guard ? `${t.event} [${t.guard}]` : t.event)

/* The ELK graph: the subset of elkjs's input types this module writes (elkjs is not imported here). */
export type ElkLabel = { text: string; width: number; height: number; x?: number; y?: number }
export type ElkNode = {
  id: string
  width?: number
  height?: number
  x?: number
  y?: number
  labels?: ElkLabel[]
  children?: ElkNode[]
  edges?: ElkEdge[]
  layoutOptions?: Record<string, string>
}
export type ElkEdge = {
  id: string
  sources: string[]
  targets: string[]
  labels?: ElkLabel[]
  sections?: { startPoint: { x: number; y: number }; endPoint: { x: number; y: number }; bendPoints?: { x: number; y: number }[] }[]
  container?: string
}

/** Text sizes are estimated (no DOM in a worker or a test): a monospace-ish width per character. */
export const CHAR_WIDTH = 7
export const LINE_HEIGHT = 16
const PADDING = 12
const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH)

/** The node of a state: an atomic state a box sized to its name, a compound one a box around its children. */
const stateNode = (state: FlowState): ElkNode => {
  const label: ElkLabel = { text: state.key, width: textWidth(state.key), height: LINE_HEIGHT }
  if (state.children.length === 0)
    return { id: state.id, width: Math.max(80, label.width + 2 * PADDING), height: LINE_HEIGHT + 2 * PADDING, labels: [label] }
  return {
    id: state.id,
    labels: [label],
    layoutOptions: {
      'elk.padding': `[top=${LINE_HEIGHT + 2 * PADDING},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
      'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
    },
    children: state.children.map(stateNode),
  }
}

/**
 * The ELK graph of a chart: the machine as one compound node (transitions of the machine itself,
 * taken in any state, start at its border) holding its states (compound states hold their
 * children), one edge per transition and target, labelled with its event and guard, all edges at
 * the top (ELK routes edges across hierarchy levels with `INCLUDE_CHILDREN`). A targetless
 * transition is a self-loop: it stays in its state.
 */
export const elkGraphOf = (chart: FlowChart): ElkNode => {
  const edges: ElkEdge[] = chart.transitions.flatMap((t) => {
    const targets = t.targets.length > 0 ? t.targets : [t.source]
    const text = transitionLabel(t)
    return targets.map((target, index) => ({
      id: targets.length > 1 ? `${t.id}.${index}` : t.id,
      sources: [t.source],
      targets: [target],
      labels: [{ text, width: textWidth(text), height: LINE_HEIGHT }],
    }))
  })
  return {
    id: `graph:${chart.root.id}`,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [stateNode(chart.root)],
    edges,
  }
}
