import type { AnyStateMachine } from 'xstate'
import flows from './flows.generated.json'

/*
 * Every machine of machines/, found by reading the folder (a new machine file shows up without an
 * edit here), with what `npm run gen` wrote about it: the spec text it implements and the views
 * that import it. Loaded only with the gallery's chunk.
 */

export type SpecExcerpt = { ref: string; document: string; section: string; heading: string | null; text: string }

export type FlowEntry = {
  /** The file's name without .ts: `withdraw`. */
  readonly name: string
  readonly exportName: string
  readonly machine: AnyStateMachine
  /** The spec text the whole flow implements. */
  readonly spec: readonly SpecExcerpt[]
  /** Per state path (`form.editing`), the sentences that state implements. */
  readonly stateSpec: Readonly<Record<string, readonly SpecExcerpt[]>>
  /** Files of src/ that import the machine: the views it drives. */
  readonly screens: readonly string[]
}

/**
 * The machines with their descriptions: a production build blanks the `description` texts of
 * machines/*.ts (vite.config.ts, dropMachineDescriptions) since the running flows never read them;
 * the gallery shows them, so it imports its own copies of the modules under a query that the plugin
 * leaves alone (`?flows`: its pattern ends in `.ts`). Only this lazy chunk carries the texts.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.ts', { eager: true, query: '?flows' })

/** A machine object (xstate's StateMachine), told apart from the files' other exports without importing the class. */
export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && typeof (value as { provide?: unknown }).provide === 'function'

const spec = flows.spec as Record<string, SpecExcerpt[] | undefined>
const stateSpec = flows.states as Record<string, Record<string, SpecExcerpt[]> | undefined>
const screens = flows.screens as Record<string, string[] | undefined>

export const FLOWS: readonly FlowEntry[] = Object.entries(modules)
  .flatMap(([path, module]) => {
    const name = path.replace(/^.*\/([^/]+)\.ts$/, '$1')
    return Object.entries(module)
      .filter(([, value]) => isMachine(value))
      .map(([exportName, machine]) => ({
        name,
        exportName,
        machine: machine as AnyStateMachine,
        spec: spec[name] ?? [],
        stateSpec: stateSpec[name] ?? {},
        screens: screens[name] ?? [],
      }))
  })
  .sort((a, b) => a.name.localeCompare(b.name))

/**
 * The spec text a state implements: its own sentences, else its nearest ancestor's (`from` names that
 * ancestor), else the whole flow's (`from` is null and `ofFlow` true).
 */
export function specOfState(flow: FlowEntry, path: string): { excerpts: readonly SpecExcerpt[]; from: string | null; ofFlow: boolean } {
  const parts = path.split('.')
  for (let length = parts.length; length > 0; length--) {
    const at = parts.slice(0, length).join('.')
    const excerpts = flow.stateSpec[at]
    if (excerpts && excerpts.length > 0) return { excerpts, from: at === path ? null : at, ofFlow: false }
  }
  return { excerpts: flow.spec, from: null, ofFlow: true }
}
