/**
 * Every machine module loads. A machine whose definition throws when its module loads fails its
 * own model test file while the file is collected, before any test runs; Stryker's vitest runner
 * counts a file that fails like that as passing, so this file loads each machine inside a test.
 */
import { describe, expect, it } from 'vitest'

const modules = import.meta.glob<Record<string, unknown>>(['../../machines/*.ts', '!../../machines/types.ts'])

describe('machine modules', () => {
  it.each(Object.keys(modules).sort())('%s loads', async (path) => {
    const module = await modules[path]!()
    const machines = Object.entries(module).filter(([name]) => name.endsWith('Machine'))
    expect(Object.keys(module).length).toBeGreaterThan(0)
    for (const [, machine] of machines) expect(typeof (machine as { transition?: unknown }).transition).toBe('function')
  })
})
