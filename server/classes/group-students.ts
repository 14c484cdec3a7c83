import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { requireAuth } from '../auth/authenticate.js'
import { isOwnAddress } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { groupMembers, memberships, users } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { fieldErrors, notFound } from '../http/errors.js'
import { pageOf, pagingOf } from '../http/paging.js'
import { commitThenSend } from '../services/outbox.js'
import { invitationView, mailInvitations } from '../invitations/issue.js'
import { groupFor } from './access.js'
import { enrollStudents } from './roster.js'
import { allGroupStudents, groupStudentsPage } from './students.js'
import { invitationQuota } from '../invitations/quota.js'

/**
 * A class's students (spec 001 §2 Class details, Students tab; §7 groups calls): adding students of
 * the organization or inviting new ones, removing one, and the students table with its practice.
 */

/** The active students of the organization that `condition` picks (ids and lower-case addresses). */
const studentsWhere = (db: Executor, organizationId: number, condition: SQL) =>
  db
    .selectDistinct({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'student'), isNull(memberships.disabledAt), condition))

/**
 * POST /v1/groups/{groupId}/users — students of the organization (by id or address) and other addresses
 * for the class, as the wizard and the uploaded list take them (roster.ts `enrollStudents`): with consent
 * the students join at once and the others get an auto-join invitation; without it everyone is invited;
 * who is in the class already is answered as such. One transaction, the mails written in it.
 */
export const addGroupStudents: Handler<'addGroupStudents'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { group, organization } = await groupFor(app.db, t, me, params.groupId, 'addGroupStudents')
  const ids = [...new Set(body.user_ids ?? [])]
  const emails = [...new Set((body.emails ?? []).map((email) => email.toLowerCase()))]
  if (ids.length === 0 && emails.length === 0) throw fieldErrors({ emails: t.classDetails.studentsRequired() })
  if (emails.some((email) => isOwnAddress(me, email))) throw fieldErrors({ emails: t.api.inviteSelf() })

  const byId = ids.length ? await studentsWhere(app.db, organization.id, inArray(users.id, ids)) : []
  const unknown = ids.filter((id) => !byId.some((row) => row.id === id))
  if (unknown.length > 0) throw fieldErrors({ user_ids: t.classDetails.notStudents({ ids: unknown.join(', ') }) })
  const byEmail = emails.length ? await studentsWhere(app.db, organization.id, inArray(sql`lower(${users.email})`, emails)) : []
  const idOf = new Map([...byId, ...byEmail].map((row) => [row.email, row.id]))

  const now = app.clock()
  const enrolled = await commitThenSend(app, async (tx) => {
    const students = await enrollStudents(tx, {
      organizationId: organization.id,
      groupId: group.id,
      emails: [...byId.map((row) => row.email), ...emails],
      consent: body.consent ?? true,
      invitedBy: me.id,
      now,
      ttlSeconds: app.config.invitationTtl,
      quota: invitationQuota(app, t),
    })
    await mailInvitations(app, tx, organization, students.issued, me, call.locale)
    return students
  })
  return {
    added: enrolled.joined.map((email) => idOf.get(email)!),
    already: enrolled.already.map((email) => idOf.get(email)!),
    invitations: enrolled.issued.map(({ row }) => invitationView(row)),
  }
}

/** DELETE /v1/groups/{groupId}/users/{studentId} — the student leaves the class, not the organization. */
export const removeGroupStudent: Handler<'removeGroupStudent'> = async (call) => {
  const { params, app, t, reply } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'removeGroupStudent')
  const removed = await app.db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, params.studentId)))
    .returning({ userId: groupMembers.userId })
  if (removed.length === 0) throw notFound(t.classDetails.notInClass())
  reply.code(204)
}

/** Specification §9: tables show 10 rows a page. */
const STUDENTS_PAGE_SIZE = 10

/** Today in the organization's time zone (UTC without one). */
const todayIn = (timezone: string | null, now: Date): string => {
  try {
    return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone ?? 'UTC').toPlainDate().toString()
  } catch {
    return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('UTC').toPlainDate().toString()
  }
}

/**
 * GET /v1/groups/{groupId}/users — the students table; the range defaults to the class's start date
 * up to today (its end date when it is over; the start date alone when it has not begun).
 */
export const listGroupStudents: Handler<'listGroupStudents'> = async (call) => {
  const { params, query, app, t, request } = call
  const { user: me } = requireAuth(call)
  const { group, organization } = await groupFor(app.db, t, me, params.groupId, 'listGroupStudents')
  const today = todayIn(organization.timezone, app.clock())
  const from = query.from ?? group.startDate
  const defaultTo = today < group.endDate ? today : group.endDate
  const to = query.to ?? (defaultTo < from ? from : defaultTo)
  if (to < from) throw fieldErrors({ to: t.classDetails.rangeOrder() })
  const paging = pagingOf({ page: query.page, page_size: query.page_size ?? STUDENTS_PAGE_SIZE })
  const { count, results } = await groupStudentsPage(
    app.db,
    group.id,
    { organizationId: organization.id, timezone: organization.timezone ?? 'UTC', from, to, search: query.search },
    query.ordering ?? 'name',
    paging,
  )
  return pageOf(request.url, paging, count, results)
}

/** GET /v1/groups/{groupId}/all-users — every student of the class (the overview's list). */
export const listAllGroupStudents: Handler<'listAllGroupStudents'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'listAllGroupStudents')
  const results = await allGroupStudents(app.db, group.id)
  return { count: results.length, results }
}
