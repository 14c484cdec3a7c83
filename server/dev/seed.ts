import { sql } from 'drizzle-orm'
import { hashPassword } from '../accounts/passwords.js'
import { assignments, credentials, groupMembers, groups, memberships, organizations, users, type Role } from '../db/schema.js'
import type { Database } from '../db/store.js'
import { recordPracticeEvents, type PracticeEvent } from '../practice/ingest.js'
import { ensurePracticePartitions } from '../practice/partitions.js'
import { learnerEvents, seededRandom } from './practice-generator.js'
import { recordLearnersBulk } from './seed-bulk.js'

/**
 * A store filled for the benchmark (`npm run seed -- --events N`, scripts/seed.ts): organizations of 200
 * students in 8 classes of 25 with 2 teachers and an admin, and their practice over the last 360 days,
 * recorded through the ingestion (practice/ingest.ts) in batches, so the rollups are exactly those the API
 * would leave; or, with `bulk` (big stores), the same events through the bulk path (seed-bulk.ts), some
 * some twice as fast, with the same rollups. The generator makes some 545 events per student on
 * average; the store is sized at 500 so that its learners always make the events asked for (at 550,
 * ten million came out 84,000 short): 10,000,000 events make 100 organizations, 20,000 students, the
 * last ones without practice. Every seeded account has the password SEED_PASSWORD.
 */

export const SEED_PASSWORD = 'seed practice 2026'

const STUDENTS_PER_ORGANIZATION = 200
const CLASS_SIZE = 25
const DAYS = 360
/** Less than one learner makes on average over DAYS (practice-generator.ts: about 545), to size the store. */
const EVENTS_PER_LEARNER = 500
const BATCH = 2000
/** Events per statement on the bulk path, at least (whole learners). */
const BULK_BATCH = 20_000
const CHUNK = 1000
const DAY = 24 * 60 * 60 * 1000
const TIME_ZONES = ['America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Bangkok', 'America/Sao_Paulo', 'Europe/Berlin']

export interface SeedOptions {
  events: number
  seed: number
  now: Date
  /** Batches in flight at once (PostgreSQL takes several; PGlite runs one at a time anyway). */
  concurrency: number
  /** Distinguishes this run's e-mails from an earlier run's on the same store. */
  tag: string
  /** The bulk path (seed-bulk.ts) instead of the ingestion's statement. */
  bulk?: boolean
  onProgress?: (recorded: number) => void
}

export interface SeedSummary {
  organizations: number
  students: number
  events: number
  /** Seconds spent recording the events (not making the people). */
  seconds: number
  /** An admin and a teacher of the first organization, to log in with SEED_PASSWORD. */
  logins: string[]
}

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

const insertUsers = async (db: Database, emails: string[], passwordHash: string, now: Date): Promise<number[]> => {
  const ids: number[] = []
  for (const chunk of chunks(emails, CHUNK)) {
    const rows = await db
      .insert(users)
      .values(chunk.map((email, i) => ({ email, firstName: 'Seed', lastName: `Learner ${ids.length + i + 1}`, confirmedAt: now })))
      .returning({ id: users.id })
    await db.insert(credentials).values(rows.map(({ id }) => ({ userId: id, passwordHash })))
    ids.push(...rows.map(({ id }) => id))
  }
  return ids
}

/** One organization with its people and classes; answers its students (the load bench makes its organizations so too). */
export const seedOrganization = async (db: Database, index: number, options: SeedOptions, passwordHash: string): Promise<{ students: number[]; timeZone: string; logins: string[] }> => {
  const { tag, now } = options
  const timeZone = TIME_ZONES[index % TIME_ZONES.length]!
  const emails = (role: string, count: number) => Array.from({ length: count }, (_, i) => seededEmail(tag, index, role, i + 1))
  const [admin, ...teachers] = await insertUsers(db, [...emails('admin', 1), ...emails('teacher', 2)], passwordHash, now)
  const students = await insertUsers(db, emails('student', STUDENTS_PER_ORGANIZATION), passwordHash, now)
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Seed school ${tag} ${index}`, type: 'school', timezone: timeZone, invitationCode: `S${tag}${index}`.toUpperCase().slice(0, 20) })
    .returning({ id: organizations.id })
  const organizationId = organization!.id
  // members since before their practice: an organization counts only what its learners did after joining
  const joined = new Date(now.getTime() - (DAYS + 1) * DAY)
  const members = (ids: number[], role: Role) => ids.map((userId) => ({ userId, organizationId, role, createdAt: joined }))
  for (const chunk of chunks([...members([admin!], 'admin'), ...members(teachers, 'teacher'), ...members(students, 'student')], CHUNK)) {
    await db.insert(memberships).values(chunk)
  }
  const classes = chunks(students, CLASS_SIZE)
  const made = await db
    .insert(groups)
    .values(
      classes.map((_, i) => ({
        organizationId,
        name: `Class ${i + 1}`,
        startDate: new Date(now.getTime() - DAYS * DAY).toISOString().slice(0, 10),
        endDate: new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10),
        ownerId: teachers[i % teachers.length]!,
      })),
    )
    .returning({ id: groups.id })
  await db.insert(groupMembers).values(made.flatMap(({ id }, i) => classes[i]!.map((userId) => ({ groupId: id, userId }))))
  await db.insert(assignments).values(made.map(({ id }) => ({ groupId: id })))
  return { students, timeZone, logins: [emails('admin', 1)[0]!, emails('teacher', 1)[0]!] }
}

/** The e-mail of a seeded person: `role` admin, teacher or student, numbered from 1 in each organization. */
export const seededEmail = (tag: string, organization: number, role: string, number: number) =>
  `${tag}-${organization}-${role}${number}@seed.example.com`

/** Fills the store (see the top of this file); answers what it made and how fast the events went in. */
export const seedPracticeStore = async (db: Database, options: SeedOptions): Promise<SeedSummary> => {
  const learners = Math.max(1, Math.ceil(options.events / EVENTS_PER_LEARNER))
  const organizationCount = Math.ceil(learners / STUDENTS_PER_ORGANIZATION)
  const passwordHash = await hashPassword(SEED_PASSWORD)
  const made = []
  for (let index = 1; index <= organizationCount; index++) made.push(await seedOrganization(db, index, options, passwordHash))
  await ensurePracticePartitions(db, new Date(options.now.getTime() - (DAYS + 1) * DAY), options.now)

  const random = seededRandom(options.seed)
  const plans = made.flatMap(({ students, timeZone }) =>
    students.map((userId) => ({ userId, key: `${options.tag}-${userId}`, fromHourUtc: timeZone.startsWith('America') ? 13 : timeZone.startsWith('Asia') ? 1 : 7 })),
  )
  const started = performance.now()
  let recorded = 0
  let next = 0
  let pending: PracticeEvent[] = []
  const size = options.bulk ? BULK_BATCH : BATCH
  /**
   * The next batch: learners' events, the last learner cut at the target; the ingestion's batches are
   * BATCH events (a learner may span two), the bulk path's whole learners.
   */
  const nextBatch = (): PracticeEvent[] | undefined => {
    while (pending.length < size && next < plans.length && recorded + pending.length < options.events) {
      pending.push(...learnerEvents(random, plans[next++]!, options.now, DAYS))
    }
    const room = options.events - recorded
    const batch = pending.slice(0, Math.min(options.bulk ? pending.length : BATCH, room))
    pending = pending.slice(batch.length)
    recorded += batch.length
    return batch.length > 0 ? batch : undefined
  }
  let done = 0
  const worker = async () => {
    for (let batch = nextBatch(); batch; batch = nextBatch()) {
      if (options.bulk) await recordLearnersBulk(db, batch, options.now)
      else await recordPracticeEvents(db, batch, options.now)
      done += batch.length
      options.onProgress?.(done)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  await db.execute(sql`analyze`)
  return { organizations: organizationCount, students: plans.length, events: recorded, seconds, logins: made[0]?.logins ?? [] }
}
