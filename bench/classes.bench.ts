/**
 * `npm run bench`, the class list — not a test. An organization of 2,000 classes (some drafts, some
 * finished, some not started) with 50,000 students, 25 in each class, and 40 teachers owning them: an
 * organization admin's and a teacher's GET /v1/groups/{orgId}/, filtered by status and searched (the URLs
 * vary in turn), side by side with GET /v1/health of the same server, as ratios (the bar: at
 * least 0.5x). Warm lists are answered from the kept readings (server/db/read-cache.ts); the list is
 * measured again on pages never read before, the cost of the first reading after a change. On embedded
 * PGlite, and again on PostgreSQL when DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { hashPassword } from '../server/app.js'
import { setPasswordHash } from '../server/accounts/queries.js'
import { assignments, groupMembers, groups, memberships, organizations, users } from '../server/db/schema.js'
import { CONCURRENCY, f, sideBySide, startBenchServer } from './support.js'

const CLASSES = 2_000
const STUDENTS = 50_000
const TEACHERS = 40
const PER_CLASS = STUDENTS / CLASSES
const ROUNDS = 4
const REQUESTS_PER_ROUND = 800
const WORDS = ['Reading', 'Speaking', 'Grammar', 'Phonics', 'Debate', 'Drama', 'Writing', 'Listening']
const PASSWORD = 'bench-class-password'

const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

const run = async (onPostgres: boolean) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    const [school] = await db.insert(organizations).values({ name: 'Bench Class School', type: 'school', timezone: 'Asia/Tokyo', invitationCode: 'BCLASS' }).returning()
    const staff = [
      { firstName: 'Ada', lastName: 'Admin', email: 'admin@classes.bench', confirmedAt: new Date() },
      ...Array.from({ length: TEACHERS }, (_, i) => ({ firstName: 'Teacher', lastName: `${i}`, email: `teacher${i}@classes.bench`, confirmedAt: new Date() })),
    ]
    const staffIds = (await db.insert(users).values(staff).returning({ id: users.id })).map((row) => row.id)
    const [adminId, ...teacherIds] = staffIds
    await db.insert(memberships).values([
      { userId: adminId!, organizationId: school!.id, role: 'admin' as const },
      ...teacherIds.map((userId) => ({ userId, organizationId: school!.id, role: 'teacher' as const })),
    ])
    for (const id of [adminId!, teacherIds[0]!]) await setPasswordHash(db, id, await hashPassword(PASSWORD))

    const studentIds: number[] = []
    const people = Array.from({ length: STUDENTS }, (_, i) => ({ firstName: WORDS[i % WORDS.length]!, lastName: `Learner ${i}`, email: `learner${i}@classes.bench` }))
    await inChunks(people, async (chunk) => studentIds.push(...(await db.insert(users).values(chunk).returning({ id: users.id })).map((row) => row.id)))
    await inChunks(studentIds, (chunk) => db.insert(memberships).values(chunk.map((userId) => ({ userId, organizationId: school!.id, role: 'student' as const }))))

    const day = (offset: number) => new Date(Date.UTC(2026, 10, 23) + offset * 86_400_000).toISOString().slice(0, 10)
    const classRows = Array.from({ length: CLASSES }, (_, i) => ({
      organizationId: school!.id,
      name: `${WORDS[i % WORDS.length]} ${i % 3 ? 'Class' : 'Club'} ${i}`,
      // a third finished, a third running, a sixth not started, a sixth drafts
      startDate: day(i % 3 === 0 ? -90 : i % 6 === 1 ? 30 : -10),
      endDate: day(i % 3 === 0 ? -30 : i % 6 === 1 ? 60 : 20),
      isDraft: i % 6 === 5,
      ownerId: teacherIds[i % TEACHERS]!,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
    }))
    const groupIds: number[] = []
    await inChunks(classRows, async (chunk) => groupIds.push(...(await db.insert(groups).values(chunk).returning({ id: groups.id })).map((row) => row.id)))
    await inChunks(groupIds, (chunk) =>
      db.insert(assignments).values(chunk.map((groupId) => ({ groupId, practiceDaysPerWeek: 5, practiceMinutesPerDay: 10, testBeforeClassStats: 3 }))),
    )
    const seats = studentIds.map((userId, i) => ({ groupId: groupIds[Math.floor(i / PER_CLASS)]!, userId }))
    await inChunks(seats, (chunk) => db.insert(groupMembers).values(chunk))
    // a store in its steady state: the planner's statistics of the bulk load (as in organizations.bench.ts)
    await db.execute(sql`analyze`)

    const admin = await server.login('admin@classes.bench', PASSWORD)
    const teacher = await server.login('teacher0@classes.bench', PASSWORD)
    const list = `${server.base}/v1/groups/${school!.id}/`
    const results = await sideBySide(
      [
        { name: 'health', urls: [`${server.base}/v1/health`], headers: {} },
        {
          name: 'admin',
          urls: [`${list}`, `${list}?status=active&search=speaking`, `${list}?status=finished&page=7`, `${list}?search=club&page=2`],
          headers: { authorization: `Bearer ${admin.token}` },
        },
        {
          name: 'teacher',
          urls: [`${list}`, `${list}?status=active`, `${list}?search=reading`, `${list}?status=not_started`],
          headers: { authorization: `Bearer ${teacher.token}` },
        },
        {
          name: 'admin, pages not read before',
          // 4,000 distinct URLs: every page (40) of each status and search, more than the cache holds
          urls: ['all', 'active', 'finished', 'not_started', 'draft'].flatMap((status) =>
            ['', ...WORDS.map((word) => word.toLowerCase()), 'class', 'club', '1', '2', '3', '4', '5', '6', '7', '8', '9'].flatMap((search) =>
              Array.from({ length: 40 }, (_, page) => `${list}?status=${status}&search=${search}&page=${page + 1}`),
            ),
          ),
          headers: { authorization: `Bearer ${admin.token}` },
        },
      ],
      ROUNDS,
      REQUESTS_PER_ROUND,
    )
    const [health, ...lists] = results
    console.log(
      `bench: class list, ${CLASSES} classes, ${STUDENTS} students, ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND}, ${CONCURRENCY} in flight, store ${server.store.driver}`,
    )
    console.log(`  GET /v1/health                       ${f(health!.rps, 0).padStart(7)} req/s   p99 ${f(health!.p99, 2)} ms`)
    const LABELS: Record<string, string> = {
      admin: 'GET /v1/groups/{orgId}/ (admin)',
      teacher: 'GET /v1/groups/{orgId}/ (a teacher)',
      'admin, pages not read before': '  admin, pages not read before',
    }
    for (const side of lists) {
      const bar = side.name.includes('not read') ? '' : ' (bar 0.50x)'
      console.log(`  ${LABELS[side.name]!.padEnd(36)} ${f(side.rps, 0).padStart(7)} req/s   p99 ${f(side.p99, 2)} ms   ratio ${f(side.rps / health!.rps, 2)}x${bar}`)
    }
  } finally {
    await server.close()
  }
}

await run(false)
if (process.env.DATABASE_URL) await run(true)
