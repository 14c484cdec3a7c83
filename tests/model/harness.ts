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
 *
 * Paths and coverage both come from the machine under test, so on their own they cannot notice a
 * transition that was removed or sent elsewhere: the graph simply has one edge less. The test
 * file's `edges` are written by hand from the spec instead: per state, where each event must lead
 * and which events must be refused; every snapshot the kept paths reach is checked against them.
 *
 * The graph has one node per distinct context, so typed values multiply its paths (the class
 * wizard has thousands) without testing anything new: of the generated paths only those are kept
 * that take a step no kept path took yet (the same input, state, event with its payload,
 * transitions, actions and resulting state); the coverage of the kept paths is the coverage of them all.
 */
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot } from 'xstate/graph'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom, StateValue } from 'xstate'
import type { ApiError, ApiFailure } from '../../machines/types'
import type { ModelEvent } from './actor-events'
import { coverageOf, describeTransition, formatCoverage, replay, stepFrom } from './coverage'
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
  /**
   * The edges the spec asks for, written by hand and not derived from the machine: per state path,
   * per event type offered by `events`, the state it must lead to, or null where it must be refused
   * (`snapshot.can(event)` false). A function decides where an event's payload or the context
   * matters (a guard). Optional only for the test files that have not written theirs yet.
   */
  edges?: ExpectedEdges<M>
  /** Why the machine keeps no failure for an error panel, where it keeps none (see `thrownValues`). */
  noErrorPanel?: string
}

/** Where an event leads: a state path, or null for an event the state must refuse. */
export type EdgeTarget = string | null
export type EdgeRule<M extends AnyStateMachine> = EdgeTarget | ((event: ModelEvent<M>, snapshot: SnapshotFrom<M>) => EdgeTarget)
/** Per state path, per event type: where it leads (see `ModelSpec.edges`). */
export type ExpectedEdges<M extends AnyStateMachine> = Record<string, Record<string, EdgeRule<M>>>

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
  /** The kept paths: each takes a step no other kept path takes. */
  paths: ModelPath[]
  /** How many distinct paths the graph gave before they were cut to the kept ones. */
  generated: number
  coverage: Coverage
  /**
   * What stopped the paths from being built (a guard or action the machine no longer has...).
   * Caught rather than thrown: a test file that throws while its tests are collected has no test
   * that fails, and Stryker's vitest runner counts such a mutant as survived.
   */
  error?: unknown
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
  try {
    return buildPaths(spec)
  } catch (error) {
    const none = { covered: 0, total: 0, missing: [] }
    return { spec, paths: [], generated: 0, coverage: { states: none, transitions: none }, error }
  }
}

function buildPaths<M extends AnyStateMachine>(spec: ModelSpec<M>): Model<M> {
  const inputs: [string, unknown][] = spec.inputs ? Object.entries(spec.inputs) : [['', undefined]]
  const generated = inputs.flatMap(([name, input]) => pathsFrom(spec, name, input).map((path) => ({ path, name })))
  const paths = keepDistinctSteps(generated)
  paths.sort((a, b) => a.title.localeCompare(b.title))
  const seen = new Map<string, number>()
  for (const path of paths) {
    const count = (seen.get(path.title) ?? 0) + 1
    seen.set(path.title, count)
    if (count > 1) path.title += ` #${count}`
  }
  return { spec, paths, generated: generated.length, coverage: coverageOf(spec.machine, paths.map((p) => p.steps)) }
}

/** What makes a step distinct: the input, the states before and after, the event and its payload, what ran. */
function stepKey(input: string, step: ReplayedStep, previous: ReplayedStep | undefined): string {
  return [
    input,
    previous ? stateKey(previous.snapshot.value) : '(start)',
    // the event with its payload: two answers of one actor may leave different contexts
    JSON.stringify(step.event),
    step.transitions.map(describeTransition).join(';'),
    step.actions.join(','),
    stateKey(step.snapshot.value),
    step.snapshot.status,
  ].join(' | ')
}

/** The paths, longest first, that take at least one step no path kept before took. */
function keepDistinctSteps(generated: { path: ModelPath; name: string }[]): ModelPath[] {
  const seen = new Set<string>()
  const kept: ModelPath[] = []
  const longestFirst = [...generated].sort((a, b) => b.path.steps.length - a.path.steps.length || a.path.title.localeCompare(b.path.title))
  for (const { path, name } of longestFirst) {
    const keys = path.steps.map((step, index) => stepKey(name, step, path.steps[index - 1]))
    if (keys.every((key) => seen.has(key))) continue
    for (const key of keys) seen.add(key)
    kept.push(path)
  }
  return kept
}

/** The events `spec.events` offers in a snapshot that the machine could receive there. */
function offeredEvents<M extends AnyStateMachine>(spec: ModelSpec<M>, snapshot: SnapshotFrom<M>): ModelEvent<M>[] {
  const machineSnapshot = snapshot as AnyMachineSnapshot
  if (machineSnapshot.status !== 'active') return []
  return spec.events(snapshot).filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec((event as AnyEventObject).type)?.[1]
    return actor === undefined || actor in machineSnapshot.children
  })
}

/**
 * Checks one snapshot against the hand-written edges: each offered event is accepted and leads
 * where the spec says, or is refused. Returns the differences, empty when all agree.
 */
export function edgeDifferences<M extends AnyStateMachine>(spec: ModelSpec<M>, edges: ExpectedEdges<M>, snapshot: SnapshotFrom<M>): string[] {
  const key = stateKey((snapshot as AnyMachineSnapshot).value)
  const rules = edges[key]
  if (!rules) return [`${key}: no expected edges written for this state`]
  const differences: string[] = []
  for (const event of offeredEvents(spec, snapshot)) {
    const type = (event as AnyEventObject).type
    if (!(type in rules)) {
      differences.push(`${key}: no expected edge written for ${type}`)
      continue
    }
    const rule = rules[type]
    const expected = typeof rule === 'function' ? rule(event, snapshot) : rule
    const accepted = (snapshot as AnyMachineSnapshot).can(event as AnyEventObject)
    const step = stepFrom(spec.machine, snapshot as AnyMachineSnapshot, event as AnyEventObject)
    const reached = step.transitions.length === 0 ? null : stateKey(step.snapshot.value)
    const actual = accepted ? reached : null
    if (actual !== expected) differences.push(`${key} --${describeEvent(event as AnyEventObject)}--> ${actual ?? 'refused'}, expected ${expected ?? 'refused'}`)
  }
  return differences
}

function pathsFrom<M extends AnyStateMachine>(spec: ModelSpec<M>, inputName: string, input: unknown): ModelPath[] {
  const { machine } = spec
  // A finished machine takes no events, and an actor's done/error event only comes from an actor
  // that runs (one invoked by an active state).
  const events = (snapshot: SnapshotFrom<M>) => offeredEvents(spec, snapshot)
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
  // every proper prefix of a kept path, as a key: looking one up is what makes this linear
  const prefixesOfKept = new Set<string>()
  const kept: GraphPath[] = []
  for (const [key, path] of sorted) {
    if (prefixesOfKept.has(key)) continue
    kept.push(path)
    for (let length = 0; length < path.events.length; length++) prefixesOfKept.add(JSON.stringify(path.events.slice(0, length)))
  }

  // the paths share their beginnings (each extended path is a shortest one and one step more): each
  // beginning is replayed once, and a path goes on from its longest beginning replayed already
  const replayed = new Map<string, ReplayedStep[]>()
  const replayOnce = (events: readonly AnyEventObject[]): ReplayedStep[] => {
    const key = JSON.stringify(events)
    let steps = replayed.get(key)
    if (!steps) {
      steps = events.length === 0 ? replay(machine, input, []) : replay(machine, input, events.slice(-1), replayOnce(events.slice(0, -1)))
      replayed.set(key, steps)
    }
    return steps
  }

  return kept.map(
    (path): ModelPath => ({
      title: `${inputName ? `[${inputName}] ` : ''}${stateKey(path.last.value)} <- ${path.events.map(describeEvent).join(' > ') || '(start)'}`,
      input,
      events: path.events,
      steps: replayOnce(path.events),
      expected: path.expected,
    }),
  )
}

/** The snapshot the machine reaches from `input` through `events` (init first), for one-off checks. */
export function snapshotAfter<M extends AnyStateMachine>(machine: M, input: InputFrom<M> | undefined, events: readonly ModelEvent<M>[]): SnapshotFrom<M> {
  return replay(machine, input, events as readonly AnyEventObject[]).at(-1)!.snapshot as SnapshotFrom<M>
}

/**
 * The size bound of a file check: files of max - 1 and max bytes are taken, max + 1 is refused
 * with `rejection: 'size'` (a file "up to" the limit may be exactly as large as it).
 */
export function fileSizeBoundTests<M extends AnyStateMachine>(
  name: string,
  machine: M,
  input: InputFrom<M> | undefined,
  max: number,
  choose: (file: File) => ModelEvent<M>,
  file: (bytes: number) => File,
): void {
  describe(`${name} file size bound`, () => {
    it.each([
      [max - 1, null],
      [max, null],
      [max + 1, 'size'],
    ])('a file of %i bytes: rejection %s', (bytes, rejection) => {
      const snapshot = snapshotAfter(machine, input, [choose(file(bytes))]) as AnyMachineSnapshot
      expect((snapshot.context as { rejection: unknown }).rejection).toBe(rejection)
      expect(stateKey(snapshot.value).endsWith('rejected')).toBe(rejection !== null)
    })
  })
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
      if (model.error !== undefined) throw model.error
      const simple = model.spec.simplePaths
      const note = simple === true ? '' : 'bound' in simple ? `; simple paths bounded: ${simple.bound}` : `; simple paths skipped: ${simple.skip}`
      console.log(`${formatCoverage(model.spec.name, model.coverage)} (${model.paths.length} of ${model.generated} paths kept${note})`)
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

    const edges = model.spec.edges
    if (edges) {
      it('takes exactly the edges the spec asks for, in every state reached', () => {
        const written = Object.keys(edges).sort()
        const reached = new Map<string, SnapshotFrom<M>>()
        for (const path of model.paths) for (const step of path.steps) reached.set(serializeSnapshot(step.snapshot), step.snapshot as SnapshotFrom<M>)
        const reachedStates = new Set([...reached.values()].map((snapshot) => stateKey((snapshot as AnyMachineSnapshot).value)))
        // a state of the spec that no path reaches any more is as wrong as an edge that moved
        expect([...reachedStates].sort()).toEqual(written)
        const differences = [...reached.values()].flatMap((snapshot) => edgeDifferences(model.spec, edges, snapshot))
        expect([...new Set(differences)]).toEqual([])
      })
    }

    it('keeps what a failed actor threw as the failure its error panel shows', () => {
      // the first state, per error event, where an actor can fail
      const failing = new Map<string, SnapshotFrom<M>>()
      for (const path of model.paths) {
        for (const step of path.steps) {
          for (const event of offeredEvents(model.spec, step.snapshot as SnapshotFrom<M>)) {
            const type = (event as AnyEventObject).type
            if (type.startsWith('xstate.error.actor.') && !failing.has(type)) failing.set(type, step.snapshot as SnapshotFrom<M>)
          }
        }
      }
      if (failing.size === 0 || model.spec.noErrorPanel) return
      for (const [thrown, expected] of thrownValues) {
        const kept = [...failing].some(([type, snapshot]) => {
          const next = stepFrom(model.spec.machine, snapshot as AnyMachineSnapshot, { type, error: thrown, actorId: type.slice('xstate.error.actor.'.length) })
          return holds(next.snapshot.context, expected)
        })
        expect(kept, `no failure of ${model.spec.name} keeps ${JSON.stringify(expected)} for ${String(thrown)}`).toBe(true)
      }
    })

    it.each(model.paths.map((path) => [path.title, path] as const))('%s', (_, path) => {
      checkPath(model, path)
    })
  })
}

/**
 * What an actor may throw, and the failure the error panel must get for it, written out rather
 * than computed (the machines convert with machines/api-failure.ts).
 */
export const thrownValues: [unknown, ApiFailure][] = [
  [apiFailure(400, { detail: 'Refused' }), { status: 400, body: { detail: 'Refused' } }],
  [{ status: 502, body: 'Bad gateway' }, { status: 502, body: { detail: 'Bad gateway' } }],
  [{ status: 500, body: ['a list'] }, { status: 500, body: {} }],
  [{ status: 500, body: null }, { status: 500, body: {} }],
  [{ status: 503 }, { status: 503, body: {} }],
  [{ status: '500', body: { detail: 'not a status' } }, { status: 0, body: {} }],
  [{ body: { detail: 'no status' } }, { status: 0, body: {} }],
  [new TypeError('Failed to fetch'), { status: 0, body: { detail: 'Failed to fetch' } }],
  [null, { status: 0, body: {} }],
  ['Failed to fetch', { status: 0, body: {} }],
]

/** Whether a context holds a value equal to `expected`, at its top level or one level down. */
function holds(context: unknown, expected: unknown, depth = 0): boolean {
  if (typeof context !== 'object' || context === null) return false
  return Object.values(context).some((value) => isDeepStrictEqual(value, expected) || (depth < 1 && holds(value, expected, depth + 1)))
}

/** What the error panel gets for a thrown value: the API failure itself, or status 0 for anything else. */
export function expectedFailure(thrown: unknown): ApiFailure {
  if (typeof thrown === 'object' && thrown !== null && 'status' in thrown && 'body' in thrown) return thrown as ApiFailure
  return { status: 0, body: thrown instanceof Error ? { detail: thrown.message } : {} }
}

/** The input an invoked actor was created with (the replay creates it without running it). */
export const inputOf = (child: unknown): unknown => (child as { options?: { input?: unknown } } | undefined)?.options?.input

/** The error carried by an `xstate.error.actor.*` event. */
export const errorOf = (event: { type: string }): unknown => (event as { error?: unknown }).error
