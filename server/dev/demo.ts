import { sql } from 'drizzle-orm'
import { hashPassword } from '../accounts/passwords.js'
import { assignments, credentials, groupMembers, groups, memberships, users, type Role } from '../db/schema.js'
import type { Database, Executor } from '../db/store.js'
import { recordPracticeEvents, type PracticeEvent } from '../practice/ingest.js'
import { ensurePracticePartitions } from '../practice/partitions.js'
import { createOrganization } from '../organizations/memberships.js'
import { learnerEvents, seededRandom } from './practice-generator.js'

/**
 * The demo (README "Demo data"): on the first start of a development store, a school with 3 classes,
 * 2 teachers and 60 students, and a company with a team, its leader and 12 employees, who practised over
 * the last 120 days. The practice is recorded through the ingestion (practice/ingest.ts), as the app's
 * events are, so the reports show what real data would. The same seed makes the same demo.
 * Everything happens in one transaction: a demo is whole or absent.
 */

export const DEMO_PASSWORD = 'demo practice 2026'
export const DEMO_SEED = 20_261_123
export const DEMO_DAYS = 120

const DAY = 24 * 60 * 60 * 1000
const BATCH = 1000

const FIRST_NAMES = ['Ana', 'Ben', 'Chloé', 'Daiki', 'Elif', 'Farah', 'Gabriel', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lucía', 'Minh', 'Nadia', 'Omar', 'Pim', 'Quentin', 'Rosa', 'Sakura', 'Tomás']
const LAST_NAMES = ['Alves', 'Brown', 'Chen', 'Dubois', 'Eriksen', 'Fujita', 'García', 'Huang', 'Ito', 'Jansen', 'Kowalski', 'Lopez', 'Nguyen', 'Okafor', 'Park', 'Silva', 'Tanaka', 'Wong']

export interface DemoLogin {
  email: string
  role: string
  organization: string
}

export interface DemoSummary {
  logins: DemoLogin[]
  events: number
}

interface Person {
  email: string
  firstName: string
  lastName: string
}

const addPeople = async (tx: Executor, people: Person[], passwordHash: string, now: Date): Promise<number[]> => {
  const rows = await tx
    .insert(users)
    .values(people.map((person) => ({ ...person, confirmedAt: now, dateJoined: new Date(now.getTime() - (DEMO_DAYS + 7) * DAY) })))
    .returning({ id: users.id })
  await tx.insert(credentials).values(rows.map(({ id }) => ({ userId: id, passwordHash })))
  return rows.map(({ id }) => id)
}

/** Members since before the demo's practice: an organization counts only what its learners did after joining. */
const addMembers = (tx: Executor, organizationId: number, userIds: number[], role: Role, now: Date) =>
  tx.insert(memberships).values(userIds.map((userId) => ({ userId, organizationId, role, createdAt: new Date(now.getTime() - (DEMO_DAYS + 1) * DAY) })))

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

const addClass = async (
  tx: Executor,
  organizationId: number,
  name: string,
  ownerId: number,
  studentIds: number[],
  goals: { practiceDaysPerWeek: number; practiceMinutesPerDay: number },
  now: Date,
) => {
  const [group] = await tx
    .insert(groups)
    .values({
      organizationId,
      name,
      startDate: isoDay(now.getTime() - DEMO_DAYS * DAY),
      endDate: isoDay(now.getTime() + 60 * DAY),
      ownerId,
      createdAt: new Date(now.getTime() - (DEMO_DAYS + 1) * DAY),
    })
    .returning({ id: groups.id })
  await tx.insert(groupMembers).values(studentIds.map((userId) => ({ groupId: group!.id, userId })))
  await tx.insert(assignments).values({ groupId: group!.id, ...goals })
}

const people = (random: () => number, prefix: string, count: number, domain: string): Person[] =>
  Array.from({ length: count }, (_, index) => ({
    email: `${prefix}${String(index + 1).padStart(2, '0')}@${domain}`,
    firstName: FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!,
    lastName: LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!,
  }))

/** Every event of the demo's learners, in one list (the learners' order, each in time order). */
export const demoEvents = (learners: { userId: number; fromHourUtc: number }[], now: Date, seed = DEMO_SEED): PracticeEvent[] => {
  const random = seededRandom(seed)
  return learners.flatMap((learner) => learnerEvents(random, { ...learner, key: `demo-${learner.userId}` }, now, DEMO_DAYS))
}

/** Makes the demo at `now` (see the top of this file) and answers its logins and the events recorded. */
export const createDemo = async (db: Database, now: Date, seed = DEMO_SEED): Promise<DemoSummary> => {
  const random = seededRandom(seed)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const domain = 'demo.example.com'
  const made = await db.transaction(async (tx) => {
    const [schoolAdmin, companyAdmin] = await addPeople(
      tx,
      [
        { email: `school-admin@${domain}`, firstName: 'Susan', lastName: 'Skinner' },
        { email: `company-admin@${domain}`, firstName: 'Carl', lastName: 'Carlson' },
      ],
      passwordHash,
      now,
    )
    const school = await createOrganization(tx, { name: 'Demo School', type: 'school', adminUserId: schoolAdmin!, timezone: 'America/New_York', country: 'US', isVerified: true })
    const company = await createOrganization(tx, { name: 'Demo Company', type: 'company', adminUserId: companyAdmin!, timezone: 'Asia/Tokyo', country: 'JP', isVerified: true })

    const teachers = await addPeople(tx, [{ email: `teacher1@${domain}`, firstName: 'Edna', lastName: 'Krabappel' }, { email: `teacher2@${domain}`, firstName: 'Dewey', lastName: 'Largo' }], passwordHash, now)
    const [leader] = await addPeople(tx, [{ email: `leader@${domain}`, firstName: 'Lenny', lastName: 'Leonard' }], passwordHash, now)
    const students = await addPeople(tx, people(random, 'student', 60, domain), passwordHash, now)
    const employees = await addPeople(tx, people(random, 'employee', 12, domain), passwordHash, now)
    await addMembers(tx, school.id, teachers, 'teacher', now)
    await addMembers(tx, school.id, students, 'student', now)
    await addMembers(tx, company.id, [leader!], 'teacher', now)
    await addMembers(tx, company.id, employees, 'student', now)

    await addClass(tx, school.id, 'Grade 7 A', teachers[0]!, students.slice(0, 20), { practiceDaysPerWeek: 5, practiceMinutesPerDay: 10 }, now)
    await addClass(tx, school.id, 'Grade 7 B', teachers[0]!, students.slice(20, 40), { practiceDaysPerWeek: 4, practiceMinutesPerDay: 15 }, now)
    await addClass(tx, school.id, 'Grade 8 Conversation', teachers[1]!, students.slice(40), { practiceDaysPerWeek: 3, practiceMinutesPerDay: 20 }, now)
    await addClass(tx, company.id, 'Sales team', leader!, employees, { practiceDaysPerWeek: 3, practiceMinutesPerDay: 10 }, now)

    // daytime in New York (UTC-5) and in Tokyo (UTC+9)
    const learners = [...students.map((userId) => ({ userId, fromHourUtc: 12 })), ...employees.map((userId) => ({ userId, fromHourUtc: 23 }))]
    const events = demoEvents(learners, now, seed)
    await ensurePracticePartitions(tx, new Date(now.getTime() - (DEMO_DAYS + 1) * DAY), now)
    for (let start = 0; start < events.length; start += BATCH) await recordPracticeEvents(tx, events.slice(start, start + BATCH), now)

    const logins: DemoLogin[] = [
      { email: `school-admin@${domain}`, role: 'admin', organization: school.name },
      { email: `teacher1@${domain}`, role: 'teacher (Grade 7 A and B)', organization: school.name },
      { email: `teacher2@${domain}`, role: 'teacher (Grade 8 Conversation)', organization: school.name },
      { email: `student01@${domain}`, role: 'student (student01 to student60)', organization: school.name },
      { email: `company-admin@${domain}`, role: 'admin', organization: company.name },
      { email: `leader@${domain}`, role: 'leader (Sales team)', organization: company.name },
      { email: `employee01@${domain}`, role: 'employee (employee01 to employee12)', organization: company.name },
    ]
    return { logins, events: events.length }
  })
  // a bulk load: the planner's statistics at once, as autovacuum would gather them a minute later (the first
  // reports would otherwise be planned for empty tables)
  await db.execute(sql`analyze`)
  return made
}

