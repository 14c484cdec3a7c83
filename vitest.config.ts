import { defineConfig } from 'vitest/config'

// One vitest run covers unit, model-based and API tests; `--project` picks one layer.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // each file builds its own app on its own store: a memory PGlite, or a database of its own on the
          // PostgreSQL server of DATABASE_URL (tests/api/harness.ts createDatabase), so files run side by side on both
          fileParallelism: true,
        },
      },
    ],
  },
})
