/**
 * State and transition coverage of machine paths against the machine definition.
 *
 * The definition side walks `machine.root` and every descendant state node, with all of their
 * transitions: event transitions, eventless (`always`) ones, and the done/error transitions of
 * invoked actors and compound states (which XState keeps in `node.transitions` under
 * `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.done.state.<id>`).
 *
 * The path side replays each step with the machine's pure `transition` function through an
 * actor scope that records the microsteps (so eventless transitions taken on the way, and the
 * states they pass through, count) and the named actions that ran. Nothing is started: invoked
 * actors are created but never run, and actions are recorded instead of executed.
 */
import { createEmptyActor } from 'xstate'
import type {
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate'

/** The root state node and all its descendants. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    nodes.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return nodes
}

/** Every transition the definition holds: on events, eventless, done and error ones. */
export function transitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return stateNodesOf(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...((node.always ?? []) as AnyTransitionDefinition[]),
  ])
}

const targetsOf = (t: AnyTransitionDefinition): string =>
  t.target?.length ? t.target.map((node: AnyStateNode) => `#${node.id}`).join(',') : '(self)'

const guardOf = (t: AnyTransitionDefinition): string => {
  const guard: unknown = t.guard
  if (guard === undefined) return ''
  if (typeof guard === 'string') return ` [${guard}]`
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String(guard.type)}]`
  return ' [inline guard]'
}

/** A readable name of a transition: `#login.editing --login.submit [guard]--> #login.signingIn`. */
export function describeTransition(t: AnyTransitionDefinition): string {
  return `#${t.source.id} --${t.eventType || '(always)'}${guardOf(t)}--> ${targetsOf(t)}`
}

/** One replayed step: the event, the snapshot it led to, and what happened on the way. */
export interface ReplayedStep {
  event: AnyEventObject
  snapshot: AnyMachineSnapshot
  /** Named actions that ran in this step (entry, exit and transition actions), in order. */
  actions: string[]
  /** The same actions with their resolved params. */
  effects: { type: string; params: unknown }[]
  /** Transitions taken in this step, eventless ones included. */
  transitions: AnyTransitionDefinition[]
  /** State nodes active at any microstep of this step, or left by a taken transition. */
  nodes: Set<AnyStateNode>
}

function recordingScope(
  onMicrostep: (snapshot: AnyMachineSnapshot, transitions: AnyTransitionDefinition[]) => void,
  onAction: (type: string, params: unknown) => void,
): AnyActorScope {
  const self = createEmptyActor()
  self.system.inspect({
    next: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') {
        onMicrostep(event.snapshot as AnyMachineSnapshot, event._transitions as AnyTransitionDefinition[])
      }
    },
  })
  return {
    self,
    id: '',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: (action) => {
      if (!action.type.startsWith('xstate.')) onAction(action.type, action.params)
    },
  }
}

/**
 * Replays events from the machine's initial snapshot (`xstate.init` first), recording each step.
 * `events` excludes the init event: pass the events of a path after its first step. Given `after`, the
 * steps of a replay already made, continues from its last snapshot with `events` instead.
 */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[], after?: readonly ReplayedStep[]): ReplayedStep[] {
  const start = (event: AnyEventObject): ReplayedStep => ({
    event,
    snapshot: undefined as never,
    actions: [],
    effects: [],
    transitions: [],
    nodes: new Set(),
  })
  let current = start({ type: 'xstate.init' })
  const scope = recordingScope(
    (snapshot, transitions) => {
      current.transitions.push(...transitions)
      for (const node of snapshot._nodes) current.nodes.add(node)
      for (const t of transitions) current.nodes.add(t.source)
    },
    (type, params) => {
      current.actions.push(type)
      current.effects.push({ type, params })
    },
  )
  const steps: ReplayedStep[] = []
  if (after && after.length > 0) {
    steps.push(...after)
    current = after.at(-1)!
  } else {
    current.snapshot = machine.getInitialSnapshot(scope, input)
    for (const node of current.snapshot._nodes) current.nodes.add(node)
    steps.push(current)
  }
  for (const event of events) {
    const previous = current.snapshot
    current = start(event)
    current.snapshot = machine.transition(previous, event, scope)
    for (const node of current.snapshot._nodes) current.nodes.add(node)
    steps.push(current)
  }
  return steps
}

/** One step from a snapshot: the event's transition, recorded as `replay` records its steps. */
export function stepFrom(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): ReplayedStep {
  const step: ReplayedStep = { event, snapshot: undefined as never, actions: [], effects: [], transitions: [], nodes: new Set() }
  const scope = recordingScope(
    (next, transitions) => {
      step.transitions.push(...transitions)
      for (const node of next._nodes) step.nodes.add(node)
    },
    (type, params) => {
      step.actions.push(type)
      step.effects.push({ type, params })
    },
  )
  step.snapshot = machine.transition(snapshot, event, scope)
  return step
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] }
  transitions: { covered: number; total: number; missing: string[] }
}

/** Coverage of the union of replayed paths against the machine definition. */
export function coverageOf(machine: AnyStateMachine, paths: readonly (readonly ReplayedStep[])[]): Coverage {
  const allNodes = stateNodesOf(machine)
  const allTransitions = transitionsOf(machine)
  const seenNodes = new Set<AnyStateNode>()
  const seenTransitions = new Set<AnyTransitionDefinition>()
  for (const steps of paths) {
    for (const step of steps) {
      for (const node of step.nodes) seenNodes.add(node)
      for (const t of step.transitions) seenTransitions.add(t)
    }
  }
  const states = allNodes.filter((node) => seenNodes.has(node))
  const transitions = allTransitions.filter((t) => seenTransitions.has(t))
  return {
    states: {
      covered: states.length,
      total: allNodes.length,
      missing: allNodes.filter((node) => !seenNodes.has(node)).map((node) => `#${node.id}`),
    },
    transitions: {
      covered: transitions.length,
      total: allTransitions.length,
      missing: allTransitions.filter((t) => !seenTransitions.has(t)).map(describeTransition),
    },
  }
}

export const formatCoverage = (name: string, c: Coverage): string =>
  `${name}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}`
