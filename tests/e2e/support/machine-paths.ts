/**
 * Machine paths walked through the real UI (DESIGN.md "Tests").
 *
 * Paths come from `getShortestPaths` of `xstate/graph` (one per state of the machine), each
 * extended by every transition its last state answers (as tests/model does), so every transition
 * the events reach is taken at least once. A path is replayed in the browser:
 * - an event of the machine's own (`login.submit`, ...) is done by its executor: what the person
 *   clicks or types. The executors are typed per event type, so a new event does not compile
 *   without one;
 * - an event of an invoked actor (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) is not sent:
 *   its outcome is arranged for real before the person acts (a wrong password, an unconfirmed
 *   account, the rate limit reached, the connection down...), again one arrangement per actor and
 *   outcome, typed by the machine's actors. The call the actor makes is then observed on the
 *   network with the status its event stands for;
 * - after the person's action and the actors it starts, the state reached is checked by what the
 *   person sees (`states`, keyed 'editing.failed'); a state without a check fails the path.
 */
import { expect, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, EventFromLogic, InputFrom, StateMachine, StateValue } from 'xstate'
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph'
import { done, failed, type DoneActorEvent, type ErrorActorEvent } from '../../model/actor-events'

// biome-ignore lint: the type parameters of StateMachine are matched positionally
type AnyMachine = StateMachine<any, any, any, any, any, any, any, any, any, any, any, any, any, any, any>

/** The `src` names of the actors a machine's setup declares. */
export type ActorSrc<M> = M extends StateMachine<any, any, any, infer A, any, any, any, any, any, any, any, any, any, any, any>
  ? A extends { src: infer S extends string }
    ? S
    : never
  : never

export type PathEvent<M extends AnyMachine> = EventFromLogic<M> | DoneActorEvent | ErrorActorEvent
export { done, failed }

/** What an API actor throws for an error answer (status 0: no answer at all). */
export const apiFailure = (status: number, body: Record<string, unknown> = {}) => ({ status, body })
export const statusOf = (error: unknown): number =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 0

/** One person action of the machine's own events: typed per event type, so every event has one. */
export type Executors<M extends AnyMachine, W> = {
  [T in EventFromLogic<M>['type']]: (page: Page, event: Extract<EventFromLogic<M>, { type: T }>, world: W) => Promise<void>
}

/** An HTTP call of an actor: its method and its path's pattern. */
export interface ActorCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: RegExp
}

/** How an actor's outcome is brought about for real, before the person's action that starts it. */
export type Arrangements<M extends AnyMachine, W> = {
  [S in ActorSrc<M>]: {
    /** The HTTP call the actor makes, observed on the network (per world, where screens call differently). */
    call: ActorCall | ((world: W) => ActorCall)
    /** The outcomes the actor reaches without making its call (a restore with no login saved): no call is looked for. */
    withoutCall?: (event: DoneActorEvent | ErrorActorEvent) => boolean
    done: (page: Page, event: DoneActorEvent, world: W) => Promise<void>
    error: (page: Page, event: ErrorActorEvent, world: W) => Promise<void>
  }
}

export interface StateCheck<W> {
  (page: Page, world: W, snapshot: AnyMachineSnapshot): Promise<void>
}

export interface MachineUi<M extends AnyMachine, W> {
  name: string
  machine: M
  /** Named inputs to start from; paths are taken from each. */
  inputs: Record<string, InputFrom<M>>
  /**
   * The events to try in a state, with payloads that the executors and arrangements read; or, for a
   * machine that drives several screens (one input each), the events the state's own screen sends and
   * its calls answer.
   */
  events: readonly PathEvent<M>[] | ((snapshot: AnyMachineSnapshot) => readonly PathEvent<M>[])
  /** Keeps only the paths worth walking in the browser for an input (default: all). */
  keep?: (inputName: string, events: readonly AnyEventObject[]) => boolean
  /**
   * Sets up the world (accounts, invitations) and opens the screen; when the machine starts with an
   * actor running (a report loading), `open` opens it instead, once its outcome is arranged.
   */
  start: (page: Page, setup: { inputName: string; input: InputFrom<M>; request: APIRequestContext }) => Promise<W>
  /** Opens the screen of a machine that starts with an actor running: after `start` and the arrangement of that actor's outcome. */
  open?: (page: Page, world: W) => Promise<void>
  /**
   * Invoked actors that run as long as their state and never end (the class wizard's `followAddress`):
   * the machine waits for the person while they run, and the walk arranges no outcome for them.
   */
  lasting?: readonly string[]
  /**
   * How the paths are chosen (default 'shortest'): 'shortest' walks, for each transition, the shortest
   * path ending with it; 'tour' walks few long paths that together take every transition, each going on
   * by the shortest way to a transition not taken yet (at most `tourLength` events a path), so a
   * machine costs few set-ups in the browser.
   */
  paths?: 'shortest' | 'tour'
  tourLength?: number
  /** Where the graph stops growing, for a context that can grow without end (a count of invitations). */
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean
  /** Whether the person can send this event in this state through the screen (default: yes). */
  acts?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean
  executors: Executors<M, W>
  arrangements: Arrangements<M, W>
  /** What the person sees in each state reached at the end of an action (key 'editing.failed'). */
  states: Record<string, StateCheck<W>>
}

export interface UiPath {
  title: string
  inputName: string
  events: AnyEventObject[]
  /** The snapshot after each event (index i: after events[i]). */
  snapshots: AnyMachineSnapshot[]
  initial: AnyMachineSnapshot
}

/** 'editing.failed' for {editing: 'failed'}. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value
  return Object.entries(value)
    .map(([key, child]) =>
      child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateKey(child as StateValue)}`,
    )
    .join(',')
}

const isActorEvent = (event: AnyEventObject): event is DoneActorEvent | ErrorActorEvent =>
  event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')

export function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.done.actor.')) return `done:${event.type.slice('xstate.done.actor.'.length)}`
  if (event.type.startsWith('xstate.error.actor.'))
    return `error:${event.type.slice('xstate.error.actor.'.length)}(${statusOf((event as ErrorActorEvent).error)})`
  const { type, ...payload } = event
  const details = Object.values(payload).filter((value) => typeof value === 'string')
  return details.length ? `${type}(${details.join(',')})` : type
}

/**
 * The paths to walk: for every transition the events reach (from a state value, by an event, to a
 * state value), the shortest path that ends with it; paths that are the start of another are dropped.
 * So every reachable state and transition is walked once, by the shortest way there.
 */
export function uiPaths<M extends AnyMachine, W>(spec: MachineUi<M, W>): UiPath[] {
  const result: UiPath[] = []
  for (const [inputName, input] of Object.entries(spec.inputs)) {
    const options = { events: spec.events, input, ...(spec.stopWhen ? { stopWhen: spec.stopWhen } : {}) } as unknown as Parameters<typeof getShortestPaths<M>>[1]
    const shortest = getShortestPaths(spec.machine, options)
    const adjacency = getAdjacencyMap(spec.machine, options as never) as Record<
      string,
      { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }
    >
    type Candidate = { events: AnyEventObject[]; snapshots: AnyMachineSnapshot[]; initial: AnyMachineSnapshot }
    const same = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
      JSON.stringify(a.value) === JSON.stringify(b.value) && JSON.stringify(a.context) === JSON.stringify(b.context)
    const byEdge = new Map<string, Candidate>()
    for (const path of shortest) {
      const steps = path.steps as unknown as { event: AnyEventObject; state: AnyMachineSnapshot }[]
      const base: Candidate = {
        events: steps.slice(1).map((step) => step.event),
        snapshots: steps.slice(1).map((step) => step.state),
        initial: steps[0]?.state as AnyMachineSnapshot,
      }
      const last = path.state as AnyMachineSnapshot
      if (base.events.length === 0) byEdge.set('(start)', base)
      for (const edge of Object.values(adjacency[serializeSnapshot(last)]?.transitions ?? {})) {
        // an event the state ignores changes nothing the person could see
        if (same(edge.state, last)) continue
        const signature = `${stateKey(last.value)} --${describeEvent(edge.event)}--> ${stateKey(edge.state.value)}`
        const candidate = { events: [...base.events, edge.event], snapshots: [...base.snapshots, edge.state], initial: base.initial }
        if (spec.keep && !spec.keep(inputName, candidate.events)) continue
        const known = byEdge.get(signature)
        if (!known || known.events.length > candidate.events.length) byEdge.set(signature, candidate)
      }
    }
    // A path may end while an actor runs (signing in...): the person waits there, so the walk goes on
    // to the state where the machine waits for the person again, by the first outcomes in `events`.
    const settled = (snapshot: AnyMachineSnapshot) => settledFor(spec, snapshot)
    const complete = (candidate: Candidate): Candidate => {
      const start = candidate.snapshots.at(-1) ?? candidate.initial
      if (settled(start)) return candidate
      const queue: { snapshot: AnyMachineSnapshot; events: AnyEventObject[]; snapshots: AnyMachineSnapshot[] }[] = [
        { snapshot: start, events: [], snapshots: [] },
      ]
      const seen = new Set([serializeSnapshot(start)])
      while (queue.length) {
        const item = queue.shift() as (typeof queue)[number]
        if (settled(item.snapshot)) {
          return { events: [...candidate.events, ...item.events], snapshots: [...candidate.snapshots, ...item.snapshots], initial: candidate.initial }
        }
        for (const edge of Object.values(adjacency[serializeSnapshot(item.snapshot)]?.transitions ?? {})) {
          if (!isActorEvent(edge.event) || same(edge.state, item.snapshot)) continue
          const key = serializeSnapshot(edge.state)
          if (seen.has(key)) continue
          seen.add(key)
          queue.push({ snapshot: edge.state, events: [...item.events, edge.event], snapshots: [...item.snapshots, edge.state] })
        }
      }
      throw new Error(`${spec.name}: no outcome leads out of ${stateKey(start.value)}`)
    }
    if (spec.paths === 'tour') {
      const initial = shortest[0]?.steps[0]?.state as unknown as AnyMachineSnapshot
      byEdge.clear()
      tours(spec, inputName, initial, adjacency, same).forEach((tour, index) => byEdge.set(String(index), tour))
    }
    // a path that is the start of a longer one adds nothing
    const keyOf = (events: AnyEventObject[]) => events.map((event) => JSON.stringify(event))
    const kept: Candidate[] = []
    for (const candidate of [...byEdge.values()].map(complete).sort((a, b) => b.events.length - a.events.length)) {
      const key = keyOf(candidate.events)
      const covered = kept.some((longer) => {
        const longerKey = keyOf(longer.events)
        return key.length <= longerKey.length && key.every((part, index) => longerKey[index] === part)
      })
      if (!covered) kept.push(candidate)
    }
    for (const path of kept.reverse()) {
      const last = path.snapshots.at(-1) ?? path.initial
      result.push({
        title: `[${inputName}] ${stateKey(last.value)} <- ${path.events.map(describeEvent).join(' > ') || '(start)'}`,
        inputName,
        events: path.events,
        snapshots: path.snapshots,
        initial: path.initial,
      })
    }
  }
  return result
}

/** No actor runs that the person waits for: only the `lasting` ones, if any. */
function settledFor<M extends AnyMachine, W>(spec: MachineUi<M, W>, snapshot: AnyMachineSnapshot): boolean {
  return snapshot.status !== 'active' || Object.keys(snapshot.children).every((id) => spec.lasting?.includes(id))
}

type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }>
type Walk = { events: AnyEventObject[]; snapshots: AnyMachineSnapshot[]; initial: AnyMachineSnapshot }

/**
 * The 'tour' paths: from the start, the shortest way to the nearest transition not taken yet, then on
 * from there, until none is left within reach or the path has `tourLength` events; then a new path.
 * The person acts only where the machine waits for them (no actor of theirs runs) and as `acts` allows;
 * while an actor runs, only its outcomes follow. A transition is a state value, an event (with its
 * payload's strings) and the state value reached.
 */
function tours<M extends AnyMachine, W>(
  spec: MachineUi<M, W>,
  inputName: string,
  initial: AnyMachineSnapshot,
  adjacency: Adjacency,
  same: (a: AnyMachineSnapshot, b: AnyMachineSnapshot) => boolean,
): Walk[] {
  const limit = spec.tourLength ?? 40
  const edgesOf = (snapshot: AnyMachineSnapshot) =>
    Object.values(adjacency[serializeSnapshot(snapshot)]?.transitions ?? {}).filter(({ event, state }) => {
      if (same(state, snapshot)) return false
      if (!settledFor(spec, snapshot)) return isActorEvent(event)
      return !isActorEvent(event) && (spec.acts?.(snapshot, event) ?? true)
    })
  const signature = (from: AnyMachineSnapshot, event: AnyEventObject, to: AnyMachineSnapshot) =>
    `${stateKey(from.value)} --${describeEvent(event)}--> ${stateKey(to.value)}`
  // every transition within reach of the start
  const uncovered = new Set<string>()
  const reached = new Set([serializeSnapshot(initial)])
  const queue = [initial]
  while (queue.length) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    for (const edge of edgesOf(snapshot)) {
      uncovered.add(signature(snapshot, edge.event, edge.state))
      const key = serializeSnapshot(edge.state)
      if (!reached.has(key)) {
        reached.add(key)
        queue.push(edge.state)
      }
    }
  }
  /** The shortest way from `start` that ends with a transition not taken yet. */
  const toNearest = (start: AnyMachineSnapshot) => {
    const seen = new Set([serializeSnapshot(start)])
    const ways: { snapshot: AnyMachineSnapshot; events: AnyEventObject[]; snapshots: AnyMachineSnapshot[] }[] = [{ snapshot: start, events: [], snapshots: [] }]
    while (ways.length) {
      const way = ways.shift() as (typeof ways)[number]
      for (const edge of edgesOf(way.snapshot)) {
        const next = { snapshot: edge.state, events: [...way.events, edge.event], snapshots: [...way.snapshots, edge.state] }
        if (uncovered.has(signature(way.snapshot, edge.event, edge.state))) return next
        const key = serializeSnapshot(edge.state)
        if (!seen.has(key)) {
          seen.add(key)
          ways.push(next)
        }
      }
    }
    return null
  }
  // a start that leads nowhere (an invalid link) is still what the person sees
  if (uncovered.size === 0) return [{ events: [], snapshots: [], initial }]
  const walks: Walk[] = []
  while (uncovered.size) {
    const walk: Walk = { events: [], snapshots: [], initial }
    for (;;) {
      const way = toNearest(walk.snapshots.at(-1) ?? initial)
      if (!way || (walk.events.length > 0 && walk.events.length + way.events.length > limit)) break
      let from = walk.snapshots.at(-1) ?? initial
      way.events.forEach((event, index) => {
        const to = way.snapshots[index] as AnyMachineSnapshot
        uncovered.delete(signature(from, event, to))
        from = to
      })
      walk.events.push(...way.events)
      walk.snapshots.push(...way.snapshots)
    }
    if (walk.events.length === 0) throw new Error(`${spec.name} [${inputName}]: no path takes ${[...uncovered].join('; ')}`)
    walks.push(walk)
  }
  return walks
}

/** The invoke ids of the machine and their `src`. */
function invokedActors(machine: AnyMachine): Map<string, string> {
  const ids = new Map<string, string>()
  const walk = (node: AnyMachine['root']) => {
    for (const invoke of node.invoke) ids.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id)
    for (const child of Object.values(node.states)) walk(child as AnyMachine['root'])
  }
  walk(machine.root)
  return ids
}

interface Observed {
  method: string
  url: URL
  status: number
}

/** Walks one path in the browser; see the file's comment. */
export async function walkPath<M extends AnyMachine, W>(
  page: Page,
  request: APIRequestContext,
  spec: MachineUi<M, W>,
  path: UiPath,
): Promise<string[]> {
  const actors = invokedActors(spec.machine)
  const input = spec.inputs[path.inputName] as InputFrom<M>
  const observed: Observed[] = []
  const onResponse = (response: Response) => {
    const request = response.request()
    observed.push({ method: request.method(), url: new URL(request.url()), status: response.status() })
  }
  const onFailed = (request: Request) => observed.push({ method: request.method(), url: new URL(request.url()), status: 0 })
  page.on('response', onResponse)
  page.on('requestfailed', onFailed)
  const checked: string[] = []
  try {
    const world = await spec.start(page, { inputName: path.inputName, input, request })
    // a machine that starts with an actor running is seen once its outcome is in (the first group)
    const startsBusy = !settledFor(spec, path.initial)
    if (startsBusy && !spec.open) throw new Error(`${spec.name}: starts with an actor running, and has no 'open'`)
    if (!startsBusy) await checkState(page, spec, world, path.initial, checked)

    // one group: a person's action (or none, at the start) and the actor outcomes that follow it
    type Group = { action: AnyEventObject | null; outcomes: (DoneActorEvent | ErrorActorEvent)[]; after: AnyMachineSnapshot }
    const groups: Group[] = []
    path.events.forEach((event, index) => {
      const after = path.snapshots[index] as AnyMachineSnapshot
      const current = groups.at(-1)
      if (isActorEvent(event)) {
        if (current) {
          current.outcomes.push(event)
          current.after = after
        } else groups.push({ action: null, outcomes: [event], after })
      } else groups.push({ action: event, outcomes: [], after })
    })

    for (const group of groups) {
      for (const outcome of group.outcomes) {
        const arrangement = arrangementOf(spec, actors, outcome)
        if (outcome.type.startsWith('xstate.done.actor.')) await arrangement.done(page, outcome as DoneActorEvent, world)
        else await arrangement.error(page, outcome as ErrorActorEvent, world)
      }
      const seen = observed.length
      if (group.action) {
        const execute = (spec.executors as Record<string, (page: Page, event: AnyEventObject, world: W) => Promise<void>>)[group.action.type]
        if (!execute) throw new Error(`${spec.name}: no executor for ${group.action.type}`)
        await execute(page, group.action, world)
      } else if (startsBusy && group === groups[0]) await spec.open?.(page, world)
      // each actor's call went out and came back as its event says, in order
      let from = seen
      for (const outcome of group.outcomes) {
        const { call: callOf, withoutCall } = arrangementOf(spec, actors, outcome)
        if (withoutCall?.(outcome)) continue
        const call = typeof callOf === 'function' ? callOf(world) : callOf
        const wanted = outcome.type.startsWith('xstate.done.actor.') ? 'ok' : statusOf((outcome as ErrorActorEvent).error)
        const matches = (entry: Observed) =>
          entry.method === call.method &&
          call.path.test(entry.url.pathname) &&
          (wanted === 'ok' ? entry.status >= 200 && entry.status < 300 : entry.status === wanted)
        await expect
          .poll(() => observed.slice(from).findIndex(matches), {
            message: `${describeEvent(outcome)}: ${call.method} ${call.path} answered ${wanted}`,
          })
          .toBeGreaterThanOrEqual(0)
        from += observed.slice(from).findIndex(matches) + 1
      }
      await checkState(page, spec, world, group.after, checked)
    }
  } finally {
    page.off('response', onResponse)
    page.off('requestfailed', onFailed)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  }
  return checked
}

function arrangementOf<M extends AnyMachine, W>(spec: MachineUi<M, W>, actors: Map<string, string>, event: DoneActorEvent | ErrorActorEvent) {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '')
  const src = actors.get(id)
  const arrangement = src ? (spec.arrangements as Record<string, Arrangements<M, W>[ActorSrc<M>]>)[src] : undefined
  if (!arrangement) throw new Error(`${spec.name}: no arrangement for the actor ${id}`)
  return arrangement
}

async function checkState<M extends AnyMachine, W>(page: Page, spec: MachineUi<M, W>, world: W, snapshot: AnyMachineSnapshot, checked: string[]) {
  const key = stateKey(snapshot.value)
  const check = spec.states[key]
  if (!check) throw new Error(`${spec.name}: no check for the state '${key}'`)
  await check(page, world, snapshot)
  checked.push(key)
}

/** The leaf states of a machine ('editing.failed', 'done', ...). */
export function leafStates(machine: AnyMachine): string[] {
  const leaves: string[] = []
  const walk = (node: AnyMachine['root'], prefix: string) => {
    const children = Object.entries(node.states) as [string, AnyMachine['root']][]
    if (children.length === 0 && prefix) leaves.push(prefix)
    for (const [key, child] of children) walk(child, prefix ? `${prefix}.${key}` : key)
  }
  walk(machine.root, '')
  return leaves.sort()
}

/** The states the paths pass through, and the transitions they take ('signingIn --done:signIn--> loadingAccount'). */
export function coverageOf(paths: readonly UiPath[]): { states: string[]; transitions: string[] } {
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const path of paths) {
    let previous = path.initial
    states.add(stateKey(previous.value))
    path.events.forEach((event, index) => {
      const next = path.snapshots[index] as AnyMachineSnapshot
      states.add(stateKey(next.value))
      transitions.add(`${stateKey(previous.value)} --${event.type}--> ${stateKey(next.value)}`)
      previous = next
    })
  }
  return { states: [...states].sort(), transitions: [...transitions].sort() }
}
