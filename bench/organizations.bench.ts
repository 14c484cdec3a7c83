/**
 * `npm run bench`, the organization lists — not a test. On a store with 10,000 organizations, one of which
 * has 5,000 members: the platform admin's GET /v1/organizations/ and an organization admin's
 * GET /v1/organizations/{id}/users, searched, filtered and sorted (the URLs vary in turn), side by side with
 * GET /v1/health of the same server, as ratios. On embedded PGlite, and again on PostgreSQL when
 * DATABASE_URL is set (the bar: each list at least 0.5x the health endpoint's throughput).
 * The four URLs of each list are answered from the kept readings (server/db/read-cache.ts) once read;
 * each list is measured again on pages never read before (4,000 distinct URLs, more than the cache
 * holds), the cost of the first reading after a change.
 */
import { sql } from 'drizzle-orm'
import { hashPassword } from '../server/app.js'
import { setPasswordHash } from '../server/accounts/queries.js'
import { memberships, organizations, users } from '../server/db/schema.js'
import { CONCURRENCY, f, sideBySide, startBenchServer } from './support.js'

const ORGANIZATIONS = 10_000
const MEMBERS = 5_000
const ROUNDS = 4
const REQUESTS_PER_ROUND = 800
const COUNTRIES = ['US', 'JP', 'BR', 'MX', 'TH', 'VN', 'GB', 'DE']
const WORDS = ['Springfield', 'Shelbyville', 'Ogdenville', 'Capital', 'North', 'Lakeside', 'Hill', 'River']

/** 4,000 distinct URLs of `path`: every page of `pages` in each of `orderings`. */
const everyPage = (path: string, pages: number, orderings: readonly string[]) =>
  orderings.flatMap((ordering) => Array.from({ length: pages }, (_, i) => `${path}?ordering=${ordering}&page=${i + 1}`))

const run = async (onPostgres: boolean) => {
  const server = await startBenchServer({ onPostgres })
  try {
    const db = server.store.db
    const rows = Array.from({ length: ORGANIZATIONS }, (_, i) => ({
      name: `${WORDS[i % WORDS.length]} ${i % 3 ? 'School' : 'Academy'} ${i}`,
      type: (i % 4 ? 'school' : 'company') as 'school' | 'company',
      country: COUNTRIES[i % COUNTRIES.length]!,
      status: (i % 10 ? 'active' : 'inactive') as 'active' | 'inactive',
      isVerified: i % 3 === 0,
      invitationCode: `B${i.toString(36).toUpperCase().padStart(5, '0')}`,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    }))
    for (let i = 0; i < rows.length; i += 1000) await db.insert(organizations).values(rows.slice(i, i + 1000))
    const [big] = await db.select({ id: organizations.id }).from(organizations).limit(1)
    const people = Array.from({ length: MEMBERS }, (_, i) => ({
      firstName: `${WORDS[i % WORDS.length]}`,
      lastName: `Learner ${i}`,
      email: `learner${i}@bench.example`,
      username: i % 5 ? `learner_${i}` : null,
      confirmedAt: new Date(),
    }))
    const ids: number[] = []
    for (let i = 0; i < people.length; i += 1000) {
      ids.push(...(await db.insert(users).values(people.slice(i, i + 1000)).returning({ id: users.id })).map((row) => row.id))
    }
    const roleOf = (i: number) => (i === 0 ? 'admin' : i % 25 ? 'student' : 'teacher') as 'admin' | 'student' | 'teacher'
    const links = ids.map((userId, i) => ({ userId, organizationId: big!.id, role: roleOf(i) }))
    for (let i = 0; i < links.length; i += 1000) await db.insert(memberships).values(links.slice(i, i + 1000))
    await setPasswordHash(db, ids[0]!, await hashPassword('bench-admin-password'))
    // a store in its steady state: the planner's statistics of the bulk load, which autovacuum (PostgreSQL)
    // and the maintenance's analyzeChanged (PGlite) gather within a minute of it
    await db.execute(sql`analyze`)

    const staff = await server.login()
    const admin = await server.login('learner0@bench.example', 'bench-admin-password')
    const base = server.base
    const results = await sideBySide(
      [
        { name: 'health', urls: [`${base}/v1/health`], headers: {} },
        {
          name: 'organizations',
          urls: [
            `${base}/v1/organizations/`,
            `${base}/v1/organizations/?search=lakeside&ordering=-created_at`,
            `${base}/v1/organizations/?country=JP&country=TH&status=active&ordering=name&page=7`,
            `${base}/v1/organizations/?is_verified=true&ordering=-country&search=academy`,
          ],
          headers: { authorization: `Bearer ${staff.token}` },
        },
        {
          name: 'members',
          urls: [
            `${base}/v1/organizations/${big!.id}/users`,
            `${base}/v1/organizations/${big!.id}/users?search=river&ordering=-email`,
            `${base}/v1/organizations/${big!.id}/users?roles=teacher&ordering=last_name&page=3`,
            `${base}/v1/organizations/${big!.id}/users?page=200&ordering=username`,
          ],
          headers: { authorization: `Bearer ${admin.token}` },
        },
        {
          name: 'organizations, pages not read before',
          urls: everyPage(`${base}/v1/organizations/`, 1000, ['name', '-name', 'created_at', '-country']),
          headers: { authorization: `Bearer ${staff.token}` },
        },
        {
          name: 'members, pages not read before',
          urls: everyPage(`${base}/v1/organizations/${big!.id}/users`, 500, ['username', '-username', 'email', '-email', 'first_name', '-first_name', 'last_name', '-last_name']),
          headers: { authorization: `Bearer ${admin.token}` },
        },
      ],
      ROUNDS,
      REQUESTS_PER_ROUND,
    )
    const [health, ...lists] = results
    console.log(
      `bench: organization lists, ${ORGANIZATIONS} organizations, ${MEMBERS} members in one, ${ROUNDS} alternating rounds of ${REQUESTS_PER_ROUND}, ${CONCURRENCY} in flight, store ${server.store.driver}`,
    )
    console.log(`  GET /v1/health                       ${f(health!.rps, 0).padStart(7)} req/s   p99 ${f(health!.p99, 2)} ms`)
    const LABELS: Record<string, string> = {
      organizations: 'GET /v1/organizations/ (searched)',
      members: 'GET /v1/organizations/{id}/users',
      'organizations, pages not read before': '  the same, pages not read before',
      'members, pages not read before': '  the same, pages not read before',
    }
    for (const list of [lists[0]!, lists[2]!, lists[1]!, lists[3]!]) {
      const bar = list.name.includes('not read') ? '' : ' (bar 0.50x)'
      console.log(
        `  ${LABELS[list.name]!.padEnd(36)} ${f(list.rps, 0).padStart(7)} req/s   p99 ${f(list.p99, 2)} ms   ratio ${f(list.rps / health!.rps, 2)}x${bar}`,
      )
    }
  } finally {
    await server.close()
  }
}

await run(false)
if (process.env.DATABASE_URL) await run(true)
