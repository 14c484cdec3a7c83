/**
 * `npm run bench`, the reports - not a test. One organization of REPORTS_BENCH_STUDENTS students (default
 * 1,000) in classes of 25, with their daily rollups over 120 days bulk-inserted into daily_practice (a
 * learner practises about 2 days in 3, an assessment about one day in 7; the triggers of migration 0023
 * keep the organization's pre-aggregates in the same statement). Measured one request at a time, the
 * median of REPORTS_BENCH_ROUNDS (default 30) each: a class's report and the organization's report over
 * 90 days by day, through HTTP, and the same statement on the same store run bare: each report is one
 * prepared statement (server/reports/prepared.ts; the class's over its rollups, figures.ts, the
 * organization's over its pre-aggregates, organization-figures.ts), executed here as the handler executes it,
 * with their ratio (the issue's bar: at most 10 ms and 2x the bare SQL, on PostgreSQL at ten million
 * events). What is measured is the report computed: each round asks another window (90 days ending a day
 * earlier than the round before), whose figures no request has kept yet (server/reports/kept.ts), so that
 * the request reads the store and computes them. Its session, and who may read the report (the class, the
 * organization, the caller's roles: server/reports/access.ts), are kept as every secured call keeps its
 * session (server/db/read-cache.ts): after the warm-up a request reads its versions, then sends the
 * figures' one statement, the very statement run bare here. Beside them, the median of the same windows
 * asked again: the kept figures. On embedded PGlite, and on PostgreSQL when DATABASE_URL is set.
 *
 * At ten million events: REPORTS_BENCH_EVENTS=10000000 first fills the PostgreSQL store with that many
 * events through the seed's bulk path (server/dev/seed.ts: organizations of 200 students, 360 days;
 * some 4 minutes on 2 cores), then adds the organization above, and measures the reports of both: the
 * seeded first organization and its first class too. Unset (the default), the PostgreSQL store holds
 * only the organization above, so that `npm run bench` stays a matter of seconds; PGlite never takes
 * the seed (ten million events through it would take an hour).
 */
import { sql } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { hashPassword } from '../server/app.js'
import { setPasswordHash } from '../server/accounts/queries.js'
import type { Database } from '../server/db/store.js'
import { SEED_PASSWORD, seedPracticeStore } from '../server/dev/seed.js'
import { rowsOf } from '../server/reports/figures.js'
import { classActivity, organizationActivity } from '../server/reports/prepared.js'
import { f, median, startBenchServer } from './support.js'

const STUDENTS = Number(process.env.REPORTS_BENCH_STUDENTS ?? 1_000)
const ROUNDS = Number(process.env.REPORTS_BENCH_ROUNDS ?? 30)
const EVENTS = Number(process.env.REPORTS_BENCH_EVENTS ?? 0)
const CLASS_SIZE = 25
const DAYS = 120

/** The organization, its admin, its students and classes, and their rollups, by set-based statements. */
const fill = async (db: Database) => {
  const [organization] = await rowsOf<{ id: number }>(
    db,
    sql`insert into organizations (name, type, timezone, invitation_code) values ('Bench School', 'school', 'America/New_York', 'BENCHREPORTS') returning id`,
  )
  const org = organization!.id
  const [admin] = await rowsOf<{ id: number }>(
    db,
    sql`insert into users (first_name, last_name, email, confirmed_at) values ('Bench', 'Admin', 'reports-admin@bench.example', now()) returning id`,
  )
  await db.execute(sql`insert into memberships (user_id, organization_id, role) values (${admin!.id}, ${org}, 'admin')`)
  await setPasswordHash(db, admin!.id, await hashPassword('bench-admin-password'))
  await db.execute(sql`
    insert into users (first_name, last_name, email, confirmed_at)
    select 'Learner', 'Number ' || n, 'reports-learner' || n || '@bench.example', now() from generate_series(1, ${STUDENTS}) n`)
  await db.execute(sql`
    insert into memberships (user_id, organization_id, role)
    select id, ${org}, 'student' from users where email like 'reports-learner%@bench.example'`)
  await db.execute(sql`
    insert into groups (organization_id, name, start_date, end_date, owner_id)
    select ${org}, 'Class ' || n, current_date - 120, current_date + 30, ${admin!.id} from generate_series(1, ${Math.ceil(STUDENTS / CLASS_SIZE)}) n`)
  await db.execute(sql`
    insert into group_members (group_id, user_id)
    select g.id, s.id
    from (select id, row_number() over (order by id) - 1 as i from users where email like 'reports-learner%@bench.example') s
    join (select id, row_number() over (order by id) - 1 as i from groups where organization_id = ${org}) g on g.i = s.i / ${CLASS_SIZE}`)
  // a learner practises on about 2 days in 3 (hash of user and day), an assessment about one day in 7
  await db.execute(sql`
    insert into daily_practice (organization_id, user_id, day, lessons, seconds, native_score_sum, assessments, eps_sum,
      first_eps, first_eps_at, last_eps, last_eps_at, last_active_at)
    select ${org}, s.id, d.day, 1 + h % 4, 120 + h % 900, (1 + h % 4) * 70, a, a * (30 + h % 60),
      case when a = 1 then 30 + h % 60 end, case when a = 1 then d.day + time '18:00' end,
      case when a = 1 then 30 + h % 60 end, case when a = 1 then d.day + time '18:00' end,
      d.day + time '18:00'
    from (select id from users where email like 'reports-learner%@bench.example') s
    cross join (select (current_date - n)::date as day from generate_series(0, ${DAYS - 1}) n) d
    cross join lateral (select abs(hashint8(s.id::bigint * 100000 + (d.day - date '2000-01-01'))) % 1000 as h) hash
    cross join lateral (select case when h % 7 = 0 then 1 else 0 end as a) assessed
    where h % 3 <> 0`)
  // as autovacuum leaves a store: its statistics, and the pages marked all-visible, so that index-only scans
  // read no table rows (a bulk insert just made sets no such mark, and on a big table autovacuum waits
  // for a fifth of it to be new)
  await db.execute(sql`vacuum analyze`)
  const [group] = await rowsOf<{ id: number }>(db, sql`select id from groups where organization_id = ${org} order by id limit 1`)
  const [rows] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from daily_practice where organization_id = ${org}`)
  return { org, groupId: group!.id, rollups: rows!.count }
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/** The seeded store's first organization: its id, time zone, first class, students and admin's login. */
const seeded = async (db: Database, admin: string) => {
  const [row] = await rowsOf<{ org: number; timezone: string; group_id: number; students: number }>(
    db,
    sql`select o.id as org, o.timezone, min(g.id)::int as group_id,
          (select count(*)::int from memberships s where s.organization_id = o.id and s.role = 'student') as students
        from memberships m join organizations o on o.id = m.organization_id join groups g on g.organization_id = o.id
        join users u on u.id = m.user_id
        where u.email = ${admin} and m.role = 'admin' group by o.id`,
  )
  return row!
}

const run = async (onPostgres: boolean) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    let seed: { org: number; timezone: string; group_id: number; students: number; token: string } | undefined
    if (onPostgres && EVENTS > 0) {
      const summary = await seedPracticeStore(db, { events: EVENTS, seed: 1, now: new Date(), concurrency: 4, tag: 'bench', bulk: true })
      console.log(
        `bench: seeded ${summary.events} events of ${summary.students} students in ${summary.organizations} organizations in ${f(summary.seconds)} s ` +
          `(${Math.round(summary.events / summary.seconds)} events/s, bulk path)`,
      )
      seed = { ...(await seeded(db, summary.logins[0]!)), token: (await server.login(summary.logins[0]!, SEED_PASSWORD)).token }
    }
    const { org, groupId, rollups } = await fill(db)
    const { token } = await server.login('reports-admin@bench.example', 'bench-admin-password')
    const [all] = await rowsOf<{ rollups: number; events: number }>(
      db,
      sql`select (select count(*)::int from daily_practice) as rollups, (select count(*)::int from practice_events) as events`,
    )
    /** 90 days by day in the organization's time zone, ending `daysAgo` days before today. */
    const rangeIn = (timeZone: string, daysAgo: number) => {
      const to = Temporal.Now.plainDateISO(timeZone).subtract({ days: daysAgo })
      return { from: to.subtract({ days: 89 }).toString(), to: to.toString(), scope: 'daily' as const }
    }
    const get = async (path: string, range: { from: string; to: string }, bearer: string) => {
      const res = await fetch(`${server.base}${path}?from=${range.from}&to=${range.to}&scope=daily`, { headers: { authorization: `Bearer ${bearer}` } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    }
    const reportsOf = (where: string, organizationId: number, group: number, students: number, timeZone: string, bearer: string) => [
      {
        label: `${where} class report (25 students)`,
        api: (daysAgo: number) => get(`/v1/reports/groups/${group}/`, rangeIn(timeZone, daysAgo), bearer),
        sql: (daysAgo: number) => classActivity(db, organizationId, group, rangeIn(timeZone, daysAgo)),
      },
      {
        label: `${where} organization report (${students} students)`,
        api: (daysAgo: number) => get(`/v1/reports/organizations/${organizationId}/`, rangeIn(timeZone, daysAgo), bearer),
        sql: (daysAgo: number) => organizationActivity(db, organizationId, rangeIn(timeZone, daysAgo)),
      },
    ]
    const cases = [
      ...reportsOf('bench', org, groupId, STUDENTS, 'America/New_York', token),
      ...(seed ? reportsOf('seeded', seed.org, seed.group_id, seed.students, seed.timezone, seed.token) : []),
    ]
    console.log(
      `bench: reports over 90 days by day, median of ${ROUNDS}, one at a time, store ${server.store.driver}: ` +
        `${all!.events} events, ${all!.rollups} daily rollups (${rollups} of the bench organization's ${STUDENTS} students)`,
    )
    for (const { label, api, sql: bareSql } of cases) {
      await api(ROUNDS) // warm-up, on a window no round asks
      await bareSql(ROUNDS)
      const apiTimes: number[] = []
      const sqlTimes: number[] = []
      const keptTimes: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        // alternating which goes first; the API's window is new to the server, then asked again (kept)
        if (round % 2) {
          sqlTimes.push(await timed(() => bareSql(round)))
          apiTimes.push(await timed(() => api(round)))
        } else {
          apiTimes.push(await timed(() => api(round)))
          sqlTimes.push(await timed(() => bareSql(round)))
        }
        keptTimes.push(await timed(() => api(round)))
      }
      const api50 = median(apiTimes)
      const sql50 = median(sqlTimes)
      console.log(
        `  ${label.padEnd(46)} API ${f(api50, 2).padStart(8)} ms   bare SQL ${f(sql50, 2).padStart(8)} ms   ratio ${f(api50 / sql50, 2)}x (bar 10 ms, 2x)` +
          `   kept ${f(median(keptTimes), 2)} ms`,
      )
    }
  } finally {
    await server.close()
  }
}

await run(false)
if (process.env.DATABASE_URL) await run(true)
