import { defineConfig } from 'vitest/config'

/**
 * The model tests alone, for Stryker (stryker.config.mjs): the runner takes one vitest config
 * and the top-level one holds three projects; only the model project judges the machines.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/model/**/*.test.ts'],
  },
})
