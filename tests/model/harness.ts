/**
 * Model-based tests from machine paths (DESIGN.md "Tests").
 *
 * For each named input, a model takes paths with `getShortestPaths` and `getSimplePaths` from
 * `xstate/graph` (simple paths over a smaller event set, or none, where the graph is too large:
 * the spec says so and the suite prints it), with events carrying their payloads, including the
 * `xstate.done.actor.<id>` and `xstate.error.actor.<id>` events of invoked actors (offered only
 * while that actor runs). A transition back into a state already on a path (a retry, a failed
 * reload, an ignored event) ends no shortest or simple path, so each shortest path is also
 * extended by every event its last state answers (one step of the graph's adjacency map).
 *
 * Each path is replayed step by step (see coverage.ts): the replay must reach the snapshots the
 * graph computed, an event that takes no transition must change nothing, and every reached state
 * is checked by the test file's `states` checks, keyed by the state's path ('editing.failed');
 * a state without a check fails. Coverage is the union over all paths of all inputs.
 */
import { describe, expect, it } from 'vitest'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot } from 'xstate/graph'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom, StateValue } from 'xstate'
import type { ApiError, ApiFailure } from '../../machines/types'
import type { ModelEvent } from './actor-events'
import { coverageOf, formatCoverage, replay } from './coverage'
import type { Coverage, ReplayedStep } from './coverage'

export { done, failed } from './actor-events'
export type { DoneActorEvent, ErrorActorEvent, ModelEvent } from './actor-events'

/** What the API actors throw for an error response. */
export const apiFailure = (status: number, body: ApiError): ApiFailure => ({ status, body })

/** What a check sees at one step of a path. */
export interface StepView<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>
  /** The event of this step (`xstate.init` for the first one). */
  event: ModelEvent<M> | { type: 'xstate.init' }
  /** The snapshot before this step, undefined at the start. */
  previous: SnapshotFrom<M> | undefined
  /** Named actions that ran in this step (the app's side effects: toasts, storage, navigation). */
  actions: string[]
  /** The params of those actions, by action name (the last one when an action ran twice). */
  params: Record<string, unknown>
  /**
   * No transition was taken: the event is ignored in this state. The harness has already checked
   * that nothing changed (same state, same context, no side effect).
   */
  ignored: boolean
}

export interface ModelSpec<M extends AnyStateMachine> {
  /** The machine's export name, printed with the coverage. */
  name: string
  machine: M
  /** The inputs to start from (named); paths are taken from each, coverage is their union. */
  inputs?: Record<string, InputFrom<M>>
  /** The events to try in a state, with their payloads; variants of one type give separate edges. */
  events: (snapshot: SnapshotFrom<M>) => readonly ModelEvent<M>[]
  /**
   * Simple paths where the graph is small enough; otherwise simple paths over a smaller event set
   * (`bound` says why and what is left to the shortest paths), or none (`skip` says why).
   */
  simplePaths: true | { events: (snapshot: SnapshotFrom<M>) => readonly ModelEvent<M>[]; bound: string } | { skip: string }
  /** What a user would see in each state, keyed by the state path ('loggedOut.expired'). */
  states: Record<string, (view: StepView<M>) => void>
}

export interface ModelPath {
  title: string
  input: unknown
  events: AnyEventObject[]
  steps: ReplayedStep[]
  /** The snapshots the graph computed for the same steps. */
  expected: string[]
}

export interface Model<M extends AnyStateMachine> {
  spec: ModelSpec<M>
  paths: ModelPath[]
  coverage: Coverage
}

/** 'editing.failed' for {editing: 'failed'}; parallel regions are joined with ','. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateKey(child as StateValue)}`))
    .join(',')
}

const describeEvent = (event: AnyEventObject): string => {
  const { type, ...payload } = event
  const short = type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:'))
  if (type.startsWith('xstate.error.actor.')) {
    const error = payload.error as { status?: unknown; body?: { code?: unknown } } | undefined
    const status = error?.status ?? (payload.error instanceof Error ? payload.error.name : '?')
    return `${short}(${String(status)}${error?.body?.code ? ` ${String(error.body.code)}` : ''})`
  }
  const details = Object.entries(payload)
    .filter(([key]) => key !== 'actorId')
    .map(([key, value]) => {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return `${key}=${String(value)}`
      if (typeof value === 'object' && 'email' in value) return `${key}=${String(value.email)}`
      if (typeof value === 'object' && 'user' in value && typeof value.user === 'object' && value.user && 'email' in value.user)
        return `${key}=${String(value.user.email)}`
      return undefined
    })
    .filter((text) => text !== undefined)
  return details.length ? `${short}(${details.join(' ')})` : short
}

export function buildModel<M extends AnyStateMachine>(spec: ModelSpec<M>): Model<M> {
  const inputs: [string, unknown][] = spec.inputs ? Object.entries(spec.inputs) : [['', undefined]]
  const paths = inputs.flatMap(([name, input]) => pathsFrom(spec, name, input))
  paths.sort((a, b) => a.title.localeCompare(b.title))
  const seen = new Map<string, number>()
  for (const path of paths) {
    const count = (seen.get(path.title) ?? 0) + 1
    seen.set(path.title, count)
    if (count > 1) path.title += ` #${count}`
  }
  return { spec, paths, coverage: coverageOf(spec.machine, paths.map((p) => p.steps)) }
}

function pathsFrom<M extends AnyStateMachine>(spec: ModelSpec<M>, inputName: string, input: unknown): ModelPath[] {
  const { machine } = spec
  // A finished machine takes no events, and an actor's done/error event only comes from an actor
  // that runs (one invoked by an active state).
  const events = (snapshot: SnapshotFrom<M>) => {
    const machineSnapshot = snapshot as AnyMachineSnapshot
    if (machineSnapshot.status !== 'active') return []
    return spec.events(snapshot).filter((event) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec((event as AnyEventObject).type)?.[1]
      return actor === undefined || actor in machineSnapshot.children
    })
  }
  // The graph types events as the machine's own; done/error events of actors are ours to add.
  const options = { events, input } as unknown as Parameters<typeof getShortestPaths<M>>[1]
  const simple = spec.simplePaths
  const simpleOptions =
    simple === true
      ? options
      : 'events' in simple
        ? ({ ...options, events: (snapshot: SnapshotFrom<M>) => events(snapshot).filter((e) => simple.events(snapshot).includes(e)) } as unknown as typeof options)
        : undefined
  type GraphPath = { events: AnyEventObject[]; expected: string[]; last: AnyMachineSnapshot }
  const fromGraph = (path: ReturnType<typeof getShortestPaths<M>>[number]): GraphPath => ({
    events: path.steps.slice(1).map((step) => step.event as AnyEventObject),
    expected: path.steps.map((step) => serializeSnapshot(step.state)),
    last: path.state as AnyMachineSnapshot,
  })
  const shortest = getShortestPaths(machine, options).map(fromGraph)
  // A transition back into a state already on the path (a retry, a failed reload, an ignored
  // event) ends no shortest or simple path; so every shortest path is also followed by each
  // event its last state answers, as the graph's adjacency map has it.
  const adjacency = getAdjacencyMap(machine, options as Parameters<typeof getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>>[1])
  const extended = shortest.flatMap((path) =>
    Object.values(adjacency[serializeSnapshot(path.last)]?.transitions ?? {}).map(
      (edge): GraphPath => ({
        events: [...path.events, edge.event as AnyEventObject],
        expected: [...path.expected, serializeSnapshot(edge.state)],
        last: edge.state as AnyMachineSnapshot,
      }),
    ),
  )
  const simplePaths = simpleOptions ? getSimplePaths(machine, simpleOptions).map(fromGraph) : []
  const graphPaths = [...shortest, ...extended, ...simplePaths]

  // Union of the paths; a path that is a prefix of a longer one adds nothing and is dropped.
  const bySequence = new Map<string, GraphPath>()
  for (const path of graphPaths) {
    const key = JSON.stringify(path.events)
    if (!bySequence.has(key)) bySequence.set(key, path)
  }
  const sorted = [...bySequence.entries()].sort(([, a], [, b]) => b.events.length - a.events.length)
  const kept: [string, GraphPath][] = []
  for (const [key, path] of sorted) {
    const prefix = key.slice(0, -1)
    const covered = prefix === '[' ? kept.length > 0 : kept.some(([longer]) => longer.startsWith(prefix) && longer[prefix.length] === ',')
    if (!covered) {
      kept.push([key, path])
    }
  }

  return kept.map(
    ([, path]): ModelPath => ({
      title: `${inputName ? `[${inputName}] ` : ''}${stateKey(path.last.value)} <- ${path.events.map(describeEvent).join(' > ') || '(start)'}`,
      input,
      events: path.events,
      steps: replay(machine, input, path.events),
      expected: path.expected,
    }),
  )
}

/** Checks every step of one path against the spec's state checks. */
export function checkPath<M extends AnyStateMachine>(model: Model<M>, path: ModelPath): void {
  path.steps.forEach((step, index) => {
    const snapshot = step.snapshot
    // the replay reaches what the graph computed
    expect(serializeSnapshot(snapshot)).toBe(path.expected[index])
    const key = stateKey(snapshot.value)
    const check = model.spec.states[key]
    if (!check) throw new Error(`${model.spec.name}: no check for state '${key}'`)
    const previous = path.steps[index - 1]?.snapshot
    const ignored = index > 0 && step.transitions.length === 0
    if (ignored) {
      expect(snapshot.value).toEqual(previous?.value)
      expect(snapshot.context).toEqual(previous?.context)
      expect(step.actions).toEqual([])
    }
    check({
      snapshot: snapshot as SnapshotFrom<M>,
      event: step.event as StepView<M>['event'],
      previous: previous as SnapshotFrom<M> | undefined,
      actions: step.actions,
      params: Object.fromEntries(step.effects.map((effect) => [effect.type, effect.params])),
      ignored,
    })
  })
}

/** Registers the model's tests: full coverage (printed), then one test per path. */
export function modelTests<M extends AnyStateMachine>(model: Model<M>): void {
  describe(`${model.spec.name} paths`, () => {
    it('covers every state and every transition of the definition', () => {
      const simple = model.spec.simplePaths
      const note = simple === true ? '' : 'bound' in simple ? `; simple paths bounded: ${simple.bound}` : `; simple paths skipped: ${simple.skip}`
      console.log(`${formatCoverage(model.spec.name, model.coverage)} (${model.paths.length} paths${note})`)
      expect(model.coverage.states.missing).toEqual([])
      expect(model.coverage.transitions.missing).toEqual([])
      expect(model.coverage.states.covered).toBe(model.coverage.states.total)
      expect(model.coverage.transitions.covered).toBe(model.coverage.transitions.total)
    })

    it('has a check for every state of the definition', () => {
      const leaves = new Set<string>()
      for (const path of model.paths) for (const step of path.steps) leaves.add(stateKey(step.snapshot.value))
      expect(Object.keys(model.spec.states).sort()).toEqual([...leaves].sort())
    })

    it.each(model.paths.map((path) => [path.title, path] as const))('%s', (_, path) => {
      checkPath(model, path)
    })
  })
}

/** What the error panel gets for a thrown value: the API failure itself, or status 0 for anything else. */
export function expectedFailure(thrown: unknown): ApiFailure {
  if (typeof thrown === 'object' && thrown !== null && 'status' in thrown && 'body' in thrown) return thrown as ApiFailure
  return { status: 0, body: thrown instanceof Error ? { detail: thrown.message } : {} }
}

/** The error carried by an `xstate.error.actor.*` event. */
export const errorOf = (event: { type: string }): unknown => (event as { error?: unknown }).error
