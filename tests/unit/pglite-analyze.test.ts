import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization } from '../../server/app.js'
import { openStore } from '../../server/db/store.js'
import type { Store } from '../../server/db/store.js'

/** PGlite has no autovacuum: the store refreshes the planner's statistics of the tables that changed. */

let store: Store
beforeAll(async () => {
  store = await openStore({ memory: true })
}, 60_000)
afterAll(async () => {
  await store.close()
})

const firstRow = async (query: ReturnType<typeof sql>) => ((await store.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]

describe('analyzeChanged on PGlite', () => {
  it('analyzes a table after a bulk load, and not again until it changes enough', { timeout: 60_000 }, async () => {
    await store.analyzeChanged!()
    for (let i = 0; i < 60; i++) await createOrganization(store.db, { name: `School ${i}`, type: 'school' })
    expect(await store.analyzeChanged!()).toContain('organizations')
    expect((await firstRow(sql`select last_analyze from pg_stat_user_tables where relname = 'organizations'`))?.last_analyze).toBeTruthy()
    // the planner now knows the table's size (it was -1, never analyzed)
    expect(Number((await firstRow(sql`select reltuples from pg_class where relname = 'organizations'`))?.reltuples)).toBe(60)
    expect(await store.analyzeChanged!()).toEqual([])
  })
})
