import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { photoUrl } from '../accounts/user-view.js'
import { dailyPractice, groupMembers, practiceEvents, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import type { Paging } from '../http/paging.js'
import { containing } from '../organizations/members.js'
import { countedBy, membershipStart } from '../practice/counted.js'

/**
 * The students of a class (spec 001 §3 Student row): who they are, and their practice in the class's
 * organization over a range of days, read by SQL from `daily_practice` (the rollups the reports read);
 * the last assessment's score from the learner's own events that the organization counts (one row
 * each, by the user/time index: practice/counted.ts).
 */

export type GroupStudentView = components['schemas']['GroupStudent']
export type GroupMemberView = components['schemas']['GroupMember']
export type GroupStudentOrdering = NonNullable<NonNullable<import('../../openapi/schema.js').operations['listGroupStudents']['parameters']['query']>['ordering']>

export interface StudentRange {
  organizationId: number
  /** The organization's time zone (its days), UTC without one. */
  timezone: string
  /** ISO dates, both included; `from` <= `to`. */
  from: string
  to: string
  search?: string
}

const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`

const memberView = (row: { id: number; firstName: string; lastName: string; email: string; photoUrl: string | null; photoKey: string | null }): GroupMemberView => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  photo_url: photoUrl(row),
})

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  photoUrl: users.photoUrl,
  photoKey: users.photoKey,
}

const searchOf = (search: string | undefined): SQL | undefined => {
  const words = search?.trim()
  if (!words) return undefined
  const like = containing(words)
  return or(ilike(users.email, like), ilike(name, like))
}

/** One page of a class's students with their practice over the range. */
export const groupStudentsPage = async (
  db: Executor,
  groupId: number,
  range: StudentRange,
  ordering: GroupStudentOrdering,
  paging: Paging,
): Promise<{ count: number; results: GroupStudentView[] }> => {
  const where = and(eq(groupMembers.groupId, groupId), searchOf(range.search))
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(where)

  const inRange = db
    .select({
      seconds: sql<number>`coalesce(sum(${dailyPractice.seconds}), 0)::int`.as('seconds'),
      lessons: sql<number>`coalesce(sum(${dailyPractice.lessons}), 0)::int`.as('lessons'),
      lastEps: sql<number | null>`(array_agg(${dailyPractice.lastEps} order by ${dailyPractice.lastEpsAt} desc)
        filter (where ${dailyPractice.lastEps} is not null))[1]`.as('last_eps'),
    })
    .from(dailyPractice)
    .where(
      and(
        eq(dailyPractice.organizationId, range.organizationId),
        eq(dailyPractice.userId, users.id),
        sql`${dailyPractice.day} between ${range.from}::date and ${range.to}::date`,
      ),
    )
    .as('in_range')
  const lastActive = db
    .select({ at: sql<Date | null>`max(${dailyPractice.lastActiveAt})`.as('last_active_at') })
    .from(dailyPractice)
    .where(and(eq(dailyPractice.organizationId, range.organizationId), eq(dailyPractice.userId, users.id)))
    .as('last_active')
  // the last of the learner's assessments that the organization counts (since the learner joined it),
  // not one taken in another organization or before joining this one
  const lastAssessment = db
    .select({ score: practiceEvents.overallScore })
    .from(practiceEvents)
    .where(
      and(
        eq(practiceEvents.userId, users.id),
        eq(practiceEvents.kind, 'assessment'),
        countedBy(range.organizationId, range.timezone, undefined, sql`${practiceEvents}`, membershipStart(range.organizationId, sql`${users.id}`)),
      ),
    )
    .orderBy(desc(practiceEvents.occurredAt), desc(practiceEvents.id))
    .limit(1)
    .as('last_assessment')

  const days = sql<number>`(${range.to}::date - ${range.from}::date + 1)`
  const average = sql<number>`(${inRange.seconds} / ${days})::int`
  const sortable: Record<string, SQL | SQL.Aliased | typeof users.id> = {
    name: sql`lower(${name})`,
    assessment_test: sql`${lastAssessment.score}`,
    last_active: sql`${lastActive.at}`,
    time_spent: sql`${inRange.seconds}`,
    lesson_count: sql`${inRange.lessons}`,
    last_eps: sql`${inRange.lastEps}`,
    time_avg_daily: average,
  }
  const descending = ordering.startsWith('-')
  const column = sortable[ordering.replace(/^-/, '')] ?? sortable.name!
  // no practice sorts as the least: last when descending, first when ascending
  const primary = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`

  const rows = await db
    .select({
      ...memberColumns,
      seconds: inRange.seconds,
      lessons: inRange.lessons,
      lastEps: inRange.lastEps,
      lastActiveAt: lastActive.at,
      assessment: lastAssessment.score,
      average,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoinLateral(inRange, sql`true`)
    .leftJoinLateral(lastActive, sql`true`)
    .leftJoinLateral(lastAssessment, sql`true`)
    .where(where)
    .orderBy(primary, asc(sql`lower(${name})`), asc(users.id))
    .limit(paging.size)
    .offset(paging.offset)

  return {
    count: counted?.count ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim() || row.email,
      assessment_test: row.assessment ?? null,
      last_active: row.lastActiveAt ? new Date(row.lastActiveAt).toISOString() : null,
      time_spent: row.seconds ?? 0,
      lesson_count: row.lessons ?? 0,
      last_eps: row.lastEps ?? null,
      time_avg_daily: row.average ?? 0,
      user: memberView(row),
    })),
  }
}

/** Every student of a class, by name. */
export const allGroupStudents = async (db: Executor, groupId: number): Promise<GroupMemberView[]> => {
  const rows = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(sql`lower(${name})`), asc(users.id))
  return rows.map(memberView)
}
