/**
 * `npm run bench`, the class exports — not a test. A class of 1,000 students, then one of 10,000, with a month of practice
 * (20 lessons and 2 assessments of 3 skills each per student, and the rollups they make), written by bulk
 * inserts; then each export (activity, assessment, lesson detail) is downloaded as CSV and as XLSX over
 * HTTP by a child process and read as it comes, the server's process sampled meanwhile: it prints the file's size, the time,
 * and the peak RSS over the RSS before the download. Streamed 300 students at a time, the peak stays a
 * small fraction of the file however large the file grows. On embedded PGlite, and again on PostgreSQL
 * when DATABASE_URL is set (PGlite runs inside the process, so its memory is in the RSS too).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { sql } from 'drizzle-orm'
import { createOrganization } from '../server/organizations/memberships.js'
import { groupMembers, groups, memberships, users } from '../server/db/schema.js'
import { f, startBenchServer } from './support.js'

/** A class ten times smaller first: the same peak for a file ten times larger is what constant memory looks like. */
const SIZES = [1_000, 10_000]
const LESSONS_EACH = 20
const ASSESSMENTS_EACH = 2
const MB = 1024 * 1024

/**
 * A full garbage collection before each download, so that its "before" is the live memory and not
 * whatever garbage the class's bulk inserts left (the benchmark runs without --expose-gc).
 */
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Each export's peak RSS over the RSS before it, by store, export and class size: printed side by side at the end. */
const peaks = new Map<string, Map<number, { rss: number; js: number }>>()

/**
 * Downloads `url` in a child process and answers its size and line count: read in this process, the
 * download's own buffers (undici's) were counted in the server's RSS, a third of the peak for a CSV.
 */
const downloadElsewhere = async (url: string, token: string): Promise<{ bytes: number; lines: number }> => {
  const reader = `
    const response = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } })
    if (!response.ok || !response.body) throw new Error('export failed: ' + response.status + ' ' + (await response.text()))
    let bytes = 0, lines = 0
    for await (const chunk of response.body) { bytes += chunk.length; for (const byte of chunk) if (byte === 10) lines++ }
    process.stdout.write(JSON.stringify({ bytes, lines }))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', reader], { env: { ...process.env, URL: url, TOKEN: token }, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (data: Buffer) => (out += data.toString()))
  const [code] = (await once(child, 'close')) as [number]
  if (code !== 0) throw new Error(`the download failed (${code})`)
  return JSON.parse(out) as { bytes: number; lines: number }
}

const run = async (onPostgres: boolean, students: number) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    const organization = await createOrganization(db, { name: 'Bench Export School', type: 'school', createdAt: new Date() })
    await db.execute(sql`update organizations set timezone = 'America/New_York' where id = ${organization.id}`)
    const [group] = await db.insert(groups).values({ organizationId: organization.id, name: 'Bench "10k" class', startDate: '2026-03-01', endDate: '2026-06-30' }).returning()
    const built = performance.now()
    for (let start = 0; start < students; start += 1_000) {
      const people = Array.from({ length: 1_000 }, (_, i) => ({
        firstName: `Learner${String(start + i).padStart(5, '0')}`,
        lastName: i % 7 === 0 ? '=Formula' : 'Bench',
        email: `export${start + i}@bench.example`,
        confirmedAt: new Date(),
      }))
      const ids = (await db.insert(users).values(people).returning({ id: users.id })).map((row) => row.id)
      // students of the school since before the month exported (it counts only what they did as its members)
      await db.insert(memberships).values(ids.map((userId) => ({ userId, organizationId: organization.id, role: 'student' as const, createdAt: new Date('2026-02-01T00:00:00Z') })))
      await db.insert(groupMembers).values(ids.map((userId) => ({ groupId: group!.id, userId })))
    }
    // the month's events of every student, then the rollups they make (as ingestion would keep them)
    await db.execute(sql`
      insert into practice_events (user_id, client_event_id, kind, occurred_at, module_name, lesson_name, difficulty_level, seconds, native_score)
      select m.user_id, 'lesson-' || g, 'lesson', timestamptz '2026-03-01 14:00Z' + g * interval '1 day 17 minutes',
             'Module ' || (g % 5), 'Lesson ' || g, 'intermediate', 300 + g * 7, 40 + (m.user_id + g) % 60
      from group_members m cross join generate_series(1, ${LESSONS_EACH}) g where m.group_id = ${group!.id}`)
    await db.execute(sql`
      insert into practice_events (user_id, client_event_id, kind, occurred_at, eps, overall_score, pronunciation, intonation, fluency, skills)
      select m.user_id, 'assessment-' || g, 'assessment', timestamptz '2026-03-02 15:00Z' + g * interval '12 days',
             50 + g * 4, 55 + g * 3, 60, 61, 62,
             '[{"name":"Vowels","score":70},{"name":"Stress","score":64},{"name":"Rhythm","score":58}]'::jsonb
      from group_members m cross join generate_series(1, ${ASSESSMENTS_EACH}) g where m.group_id = ${group!.id}`)
    await db.execute(sql`
      insert into daily_practice (organization_id, user_id, day, lessons, seconds, native_score_sum, assessments, eps_sum,
                                  first_eps, first_eps_at, last_eps, last_eps_at, last_active_at)
      select ${organization.id}::int, user_id, (occurred_at at time zone 'America/New_York')::date,
             count(*) filter (where kind = 'lesson'), coalesce(sum(seconds), 0), coalesce(sum(native_score), 0),
             count(*) filter (where kind = 'assessment'), coalesce(sum(eps), 0),
             min(eps), min(occurred_at) filter (where kind = 'assessment'), max(eps), max(occurred_at) filter (where kind = 'assessment'),
             max(occurred_at)
      from practice_events group by user_id, (occurred_at at time zone 'America/New_York')::date`)
    await server.store.analyzeChanged?.()
    await db.execute(sql`analyze`)
    const store = `${onPostgres ? 'PostgreSQL' : 'PGlite'} ${students} students`
    console.log(
      `class exports ${store}: ${students * (LESSONS_EACH + ASSESSMENTS_EACH)} events written in ${f((performance.now() - built) / 1000)} s`,
    )

    const admin = await server.login()
    for (const kind of ['activity', 'assessment', 'lesson'] as const) {
      for (const format of ['csv', 'xlsx'] as const) {
        collectGarbage()
        // the RSS, and the JavaScript side alone (V8's heap and the buffers): PGlite's page cache lives in
        // the process too, and the first export that reads a page puts it in the RSS (up to shared_buffers)
        const js = () => {
          const usage = process.memoryUsage()
          return usage.heapUsed + usage.arrayBuffers
        }
        const before = process.memoryUsage().rss
        const jsBefore = js()
        let peak = before
        let jsPeak = jsBefore
        const sample = () => {
          peak = Math.max(peak, process.memoryUsage().rss)
          jsPeak = Math.max(jsPeak, js())
        }
        const sampler = setInterval(sample, 10)
        const start = performance.now()
        const { bytes, lines } = await downloadElsewhere(`${server.base}/v1/reports/groups/${group!.id}/export/?kind=${kind}&format=${format}&from=2026-03-01&to=2026-03-31`, admin.token)
        const seconds = (performance.now() - start) / 1000
        clearInterval(sampler)
        sample()
        console.log(
          `class exports ${store} ${kind} ${format}: ${f(bytes / MB, 1)} MB${format === 'csv' ? ` (${lines - 1} rows)` : ''} in ${f(seconds, 2)} s; ` +
            `RSS ${f(before / MB, 0)} MB before, peak ${f(peak / MB, 0)} MB (+${f((peak - before) / MB, 0)} MB); heap and buffers +${f((jsPeak - jsBefore) / MB, 0)} MB`,
        )
        const key = `${onPostgres ? 'PostgreSQL' : 'PGlite'} ${kind} ${format}`
        peaks.set(key, (peaks.get(key) ?? new Map<number, { rss: number; js: number }>()).set(students, { rss: peak - before, js: jsPeak - jsBefore }))
      }
    }
  } finally {
    await server.close()
  }
}

for (const size of SIZES) await run(false, size)
if (process.env.DATABASE_URL) for (const size of SIZES) await run(true, size)

const [small, large] = SIZES as [number, number]
const mb = (bytes: number) => `${f(bytes / MB, 1).padStart(6)} MB`
const delta = (a: number, b: number) => `(${b >= a ? '+' : ''}${f((b - a) / MB, 1)} MB)`
console.log(`class exports: peak over before, ${small} vs ${large} students (constant memory: the same within a few MB)`)
console.log(`  ${''.padEnd(28)} ${'RSS'.padEnd(30)} heap and buffers`)
for (const [key, bySize] of peaks) {
  const a = bySize.get(small)!
  const b = bySize.get(large)!
  console.log(`  ${key.padEnd(28)} ${mb(a.rss)} ${mb(b.rss)} ${delta(a.rss, b.rss).padEnd(12)} ${mb(a.js)} ${mb(b.js)} ${delta(a.js, b.js)}`)
}
