import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../server/app.js'
import { createDemo, DEMO_PASSWORD, type DemoSummary } from '../../server/dev/demo.js'
import type { Database, Store } from '../../server/db/store.js'
import { login, startServer, type TestServer } from './harness.js'

/**
 * The demo of a first development start (server/dev/demo.ts): its logins work, its classes have goals and
 * students, its practice went through the ingestion (the rollups add up to the events), and the same
 * seed at the same instant makes the same demo on another store.
 */

const NOW = new Date('2026-03-31T20:00:00Z')

let server: TestServer
let other: Store
let demo: DemoSummary

beforeAll(async () => {
  server = await startServer({ now: NOW.toISOString() })
  other = await openStore({ memory: true })
  demo = await createDemo(server.db, NOW)
}, 120_000)
afterAll(async () => {
  await other?.close()
  await server?.close()
})

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** What the reports would show: per organization, the rollups' totals. */
interface Totals {
  name: string
  lessons: number
  seconds: number
  assessments: number
  eps_sum: number
  learners: number
  first_day: string
  last_day: string
}

const totals = (db: Database) =>
  rows<Totals>(
    db,
    sql`select o.name, sum(d.lessons)::int as lessons, sum(d.seconds)::int as seconds, sum(d.assessments)::int as assessments,
          round(sum(d.eps_sum)::numeric, 1)::float8 as eps_sum, count(distinct d.user_id)::int as learners,
          min(d.day)::text as first_day, max(d.day)::text as last_day
        from daily_practice d join organizations o on o.id = d.organization_id group by o.name order by o.name`,
  )

describe('the demo', () => {
  it('has logins for every role, with the password the README gives', async () => {
    expect(demo.logins.map((entry) => entry.email)).toContain('teacher1@demo.example.com')
    for (const { email } of demo.logins) await login(server, email, DEMO_PASSWORD)
  })

  it('has 3 classes with 60 students and goals at the school, a team of 12 at the company', async () => {
    const classes = await rows<{ organization: string; name: string; students: number; days: number | null }>(
      server.db,
      sql`select o.name as organization, g.name, count(m.user_id)::int as students, a.practice_days_per_week as days
          from groups g join organizations o on o.id = g.organization_id
          left join group_members m on m.group_id = g.id left join assignments a on a.group_id = g.id
          group by o.name, g.name, a.practice_days_per_week order by g.name`,
    )
    expect(classes).toEqual([
      { organization: 'Demo School', name: 'Grade 7 A', students: 20, days: 5 },
      { organization: 'Demo School', name: 'Grade 7 B', students: 20, days: 4 },
      { organization: 'Demo School', name: 'Grade 8 Conversation', students: 20, days: 3 },
      { organization: 'Demo Company', name: 'Sales team', students: 12, days: 3 },
    ])
  })

  it('recorded 120 days of practice through the ingestion: the rollups add up to the events', async () => {
    const [events] = await rows<{ lessons: number; seconds: number; assessments: number; all: number }>(
      server.db,
      sql`select count(*) filter (where kind = 'lesson')::int as lessons, sum(seconds)::int as seconds,
            count(*) filter (where kind = 'assessment')::int as assessments, count(*)::int as all from practice_events`,
    )
    expect(events!.all).toBe(demo.events)
    const byOrganization = await totals(server.db)
    expect(byOrganization.map((row) => row.learners)).toEqual([12, 60])
    expect(byOrganization.reduce((sum, row) => sum + row.lessons, 0)).toBe(events!.lessons)
    expect(byOrganization.reduce((sum, row) => sum + row.seconds, 0)).toBe(events!.seconds)
    expect(byOrganization.reduce((sum, row) => sum + row.assessments, 0)).toBe(events!.assessments)
    // 120 days up to today, 31 March (practice falls in the daytime of New York and of Tokyo)
    for (const row of byOrganization) {
      expect(row.first_day >= '2025-12-02' && row.last_day <= '2026-03-31', JSON.stringify(row)).toBe(true)
    }
  })

  it('is the same with the same seed on another store', async () => {
    const again = await createDemo(other.db, NOW)
    expect(again).toEqual(demo)
    expect(await totals(other.db)).toEqual(await totals(server.db))
  }, 120_000)
})
