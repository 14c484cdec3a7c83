import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { assignments, groupMembers, groups, invitationGroups, invitations, organizations, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import type { Paging } from '../http/paging.js'
import { containing } from '../organizations/members.js'
import { statusOf, type GroupStatus } from './status.js'

/** Classes as the contract shows them, read in one query with their owner, counts and goals. */

export type GroupView = components['schemas']['Group']
export type AssignmentView = components['schemas']['Assignment']

export interface GroupFilter {
  status?: GroupStatus | 'all'
  search?: string
  /** Only the classes of this teacher. */
  ownerId?: number
  /** Only the classes this student is in. */
  memberId?: number
}

const columns = (now: Date) => ({
  id: groups.id,
  name: groups.name,
  startDate: groups.startDate,
  endDate: groups.endDate,
  status: statusOf(now),
  organizationId: groups.organizationId,
  isDraft: groups.isDraft,
  createdAt: groups.createdAt,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  ownerPhotoUrl: users.photoUrl,
  usersCount: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
  pendingInvitations: sql<number>`(select count(*)::int from ${invitationGroups}
    join ${invitations} on ${invitations.id} = ${invitationGroups.invitationId}
    where ${invitationGroups.groupId} = ${groups.id} and ${invitations.status} = 'pending' and ${invitations.role} = 'student')`,
  // the address invited to teach the class (group-teacher.ts keeps at most one pending)
  pendingTeacher: sql<string | null>`(select ${invitations.email} from ${invitationGroups}
    join ${invitations} on ${invitations.id} = ${invitationGroups.invitationId}
    where ${invitationGroups.groupId} = ${groups.id} and ${invitations.status} = 'pending' and ${invitations.role} = 'teacher'
    order by ${invitations.id} desc limit 1)`,
  practiceDaysPerWeek: assignments.practiceDaysPerWeek,
  practiceMinutesPerDay: assignments.practiceMinutesPerDay,
  testBeforeClassStats: assignments.testBeforeClassStats,
})

const selectGroups = (db: Executor, now: Date) =>
  db
    .select(columns(now))
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .leftJoin(users, eq(users.id, groups.ownerId))
    .leftJoin(assignments, eq(assignments.groupId, groups.id))

type Selected = Awaited<ReturnType<typeof selectGroups>>[number]

const viewOf = (row: Selected): GroupView => ({
  id: row.id,
  name: row.name,
  start_date: row.startDate,
  end_date: row.endDate,
  status: row.status,
  organization_id: row.organizationId,
  owner:
    row.ownerId === null || row.ownerFirstName === null || row.ownerLastName === null || row.ownerEmail === null
      ? null
      : { id: row.ownerId, first_name: row.ownerFirstName, last_name: row.ownerLastName, email: row.ownerEmail, photo_url: row.ownerPhotoUrl },
  pending_teacher: row.pendingTeacher,
  is_draft: row.isDraft,
  users_count: row.usersCount,
  pending_invitations: row.pendingInvitations,
  assignment:
    row.practiceDaysPerWeek === null || row.practiceMinutesPerDay === null
      ? null
      : {
          practice_days_per_week: row.practiceDaysPerWeek,
          practice_minutes_per_day: row.practiceMinutesPerDay,
          test_before_class_stats: row.testBeforeClassStats,
        },
  created: row.createdAt.toISOString(),
})

const conditionOf = (organizationId: number, filter: GroupFilter, now: Date): SQL => {
  const conditions: SQL[] = [eq(groups.organizationId, organizationId)]
  if (filter.status && filter.status !== 'all') conditions.push(sql`${statusOf(now)} = ${filter.status}`)
  if (filter.ownerId !== undefined) conditions.push(eq(groups.ownerId, filter.ownerId))
  if (filter.memberId !== undefined) {
    conditions.push(sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${filter.memberId})`)
  }
  const words = filter.search?.trim()
  if (words) conditions.push(ilike(groups.name, containing(words)))
  return and(...conditions)!
}

/** One page of an organization's classes, the newest first. */
export const groupsPage = async (db: Executor, organizationId: number, filter: GroupFilter, paging: Paging, now: Date) => {
  const where = conditionOf(organizationId, filter, now)
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(where)
  const rows = await selectGroups(db, now).where(where).orderBy(desc(groups.createdAt), desc(groups.id)).limit(paging.size).offset(paging.offset)
  return { count: counted?.count ?? 0, results: rows.map(viewOf) }
}

/** One class; a draft with what its wizard saved (`draft`), so that the wizard reopens it. */
export const groupView = async (db: Executor, groupId: number, now: Date): Promise<GroupView> => {
  const [row] = await db
    .select({ ...columns(now), draft: groups.draft })
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .leftJoin(users, eq(users.id, groups.ownerId))
    .leftJoin(assignments, eq(assignments.groupId, groups.id))
    .where(eq(groups.id, groupId))
  if (!row) throw new Error(`class ${groupId} not found`)
  const { draft } = row
  return {
    ...viewOf(row),
    draft: draft && row.isDraft ? { teacher_email: draft.teacherEmail, students: draft.students, consent: draft.consent, step: draft.step } : null,
  }
}

export const findGroup = async (db: Executor, groupId: number) => {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1)
  return row
}
