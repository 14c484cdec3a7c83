import type { AnyStateMachine } from 'xstate'

/*
 * A machine's definition as the Stately editor imports it ("Import from code" takes a
 * `createMachine({...})` call in JavaScript or TypeScript). The config is the machine's own
 * (`machine.config`); what is not data is written the way Stately's extractor names it: a named
 * action, guard or actor by its name (as the house's configs already do), an anonymous function
 * as `inline:<path>`. Functions that compute data (`params`, `input`, `context`, `output`, assign
 * payloads) are dropped: the editor drops them too.
 */

/** Keys whose function values compute data for the runtime: left out of the export. */
const DATA_KEYS = new Set(['params', 'input', 'context', 'output'])

const serialize = (value: unknown, path: string): unknown => {
  if (typeof value === 'function') {
    const fn = value as { name?: string; type?: string; guards?: unknown[] }
    if (typeof fn.type === 'string') return fn.type
    if (Array.isArray(fn.guards)) return { type: `${fn.name || 'guard'}(${fn.guards.map((g, i) => serialize(g, `${path}.guards.${i}`)).join(', ')})` }
    return `inline:${path}`
  }
  if (Array.isArray(value)) return value.map((item, index) => serialize(item, `${path}[${index}]`))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      if (DATA_KEYS.has(key) && typeof item === 'function') continue
      const serialized = serialize(item, path ? `${path}.${key}` : key)
      if (serialized !== undefined) out[key] = serialized
    }
    return out
  }
  return value
}

/** The machine's config as plain JSON data: no functions left. */
export const statelyConfig = (machine: AnyStateMachine): Record<string, unknown> => serialize(machine.config, '') as Record<string, unknown>

/** The source the Stately editor's "Import from code" reads: one `createMachine` call. */
export const statelySource = (machine: AnyStateMachine): string =>
  `import { createMachine } from 'xstate'\n\nexport const machine = createMachine(${JSON.stringify(statelyConfig(machine), null, 2)})\n`
