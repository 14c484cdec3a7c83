import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyPractice, practiceEvents } from '../../server/db/schema.js'
import type { Database } from '../../server/db/store.js'
import { seedPracticeStore, type SeedSummary } from '../../server/dev/seed.js'
import { startServer, type TestServer } from './harness.js'

/**
 * The seed's bulk path (server/dev/seed-bulk.ts), which fills big stores for the benchmark, against the
 * ingestion it stands in for: the same seed at the same instant, once through the ingestion's batches
 * (2,000 events, so a learner and a day span two of them and are added to) and once in bulk, leaves the
 * same events and, row for row, the same daily rollups.
 */

const NOW = new Date('2026-03-31T20:00:00Z')
const EVENTS = 3_000

let ingested: TestServer
let bulk: TestServer
const summaries: SeedSummary[] = []

beforeAll(async () => {
  ingested = await startServer({ now: NOW.toISOString() })
  bulk = await startServer({ now: NOW.toISOString() })
  for (const [server, viaBulk] of [[ingested, false], [bulk, true]] as const) {
    summaries.push(await seedPracticeStore(server.db, { events: EVENTS, seed: 3, now: NOW, concurrency: 1, tag: 'same', bulk: viaBulk }))
  }
}, 120_000)
afterAll(async () => {
  await ingested?.close()
  await bulk?.close()
})

const events = (db: Database) => db.select().from(practiceEvents).orderBy(asc(practiceEvents.id))
const rollups = (db: Database) =>
  db.select().from(dailyPractice).orderBy(asc(dailyPractice.organizationId), asc(dailyPractice.userId), asc(dailyPractice.day))

describe('the seed in bulk', () => {
  it('makes the same people and as many events as asked', () => {
    const [viaIngestion, viaBulk] = summaries.map(({ seconds: _, ...summary }) => summary)
    expect(viaBulk).toEqual(viaIngestion)
    expect(viaBulk!.events).toBe(EVENTS)
  })

  it('stores the same events', async () => {
    const expected = await events(ingested.db)
    expect(expected).toHaveLength(EVENTS)
    expect(await events(bulk.db)).toEqual(expected)
  })

  it('leaves the same daily rollups, row for row', async () => {
    const expected = await rollups(ingested.db)
    const actual = await rollups(bulk.db)
    // a few thousand events of a few learners over a year: hundreds of days, assessments on some
    expect(expected.length).toBeGreaterThan(300)
    expect(expected.filter((row) => row.assessments > 0).length).toBeGreaterThan(30)
    // the sums are `real`: the ingestion adds a day split over two batches in another order (7th digit)
    const withoutSums = (rows: typeof expected) => rows.map((row) => ({ ...row, nativeScoreSum: 0, epsSum: 0 }))
    expect(withoutSums(actual)).toEqual(withoutSums(expected))
    actual.forEach((row, i) => {
      expect(row.nativeScoreSum).toBeCloseTo(expected[i]!.nativeScoreSum, 3)
      expect(row.epsSum).toBeCloseTo(expected[i]!.epsSum, 3)
    })
  })
})
