import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { isOwnAddress } from '../auth/policy.js'
import type { AppContext } from '../context.js'
import { assignments, groupMembers, groups, memberships, users, type ClassDraft, type OrganizationRow, type Role, type UserRow } from '../db/schema.js'
import type { Executor, Transaction } from '../db/store.js'
import { fieldErrors } from '../http/errors.js'
import { mailInvitations, storeInvitations, type IssuedInvitation } from '../invitations/issue.js'
import type { InvitationQuota } from '../invitations/quota.js'
import { inSlices } from '../services/import-rows.js'
import type { Locales } from '../../locales/i18n-types.js'
import { GOAL_DEFAULTS } from './assignments.js'

/**
 * A class's teacher, goals and students as the creation wizard gives them (specification §2, §3 "class
 * being built", §4 Draft), for POST /v1/groups/{orgId}/ and for PUT finishing a draft. Everything is
 * written in the caller's transaction, the mails too (`mailRoster`, to the outbox), so a class that was
 * rolled back mailed nobody and one that committed mails each invitee once. A bad address is refused before anything is written (`checkRoster`).
 */

export type ClassRoster = components['schemas']['ClassRoster']
export type GoalsRequest = components['schemas']['AssignmentRequest']

export interface RosterRequest {
  organizationId: number
  groupId: number
  teacherEmail: string | null
  students: readonly string[]
  /** Auto-join: the organization's students join at once, the others accept an auto-join invitation. */
  consent: boolean
  invitedBy: number
  now: Date
  ttlSeconds: number
  /** The organization's invitations a day (invitations/quota.ts). */
  quota?: InvitationQuota
}

export interface EnrolledRoster {
  roster: ClassRoster
  issued: IssuedInvitation[]
}

const lowerUnique = (emails: readonly string[]) => [...new Set(emails.map((email) => email.trim().toLowerCase()))]

/** The saved part of a draft, from the wizard's fields (a missing field keeps `saved`). */
export const draftOf = (
  body: { teacher_email?: string | null; students?: string[]; consent?: boolean; step?: ClassDraft['step'] },
  saved: ClassDraft | null,
): ClassDraft => ({
  teacherEmail: body.teacher_email !== undefined ? (body.teacher_email?.trim().toLowerCase() ?? null) : (saved?.teacherEmail ?? null),
  students: body.students !== undefined ? lowerUnique(body.students) : (saved?.students ?? []),
  consent: body.consent ?? saved?.consent ?? true,
  step: body.step ?? saved?.step ?? 'details',
})

/**
 * Refuses, before anything is written, the addresses that cannot be invited: the caller's own (nobody
 * gives themselves a role). Addresses that are no e-mail at all never get here: the contract names them.
 */
export const checkRoster = (t: Translator, me: UserRow, draft: ClassDraft, selfIsTeacher: boolean) => {
  const errors: Record<string, string[]> = {}
  const own = draft.students.filter((email) => isOwnAddress(me, email))
  if (own.length > 0) errors.students = own.map((email) => `${email}: ${t.api.inviteSelf()}`)
  if (draft.teacherEmail && isOwnAddress(me, draft.teacherEmail) && !selfIsTeacher) errors.teacher_email = [t.api.inviteSelf()]
  if (Object.keys(errors).length > 0) throw fieldErrors(errors)
}

/** Whether a membership is an active one of `organizationId` with `role`, of a user with one of these (lower-case) addresses. */
const activeMemberAmong = (organizationId: number, role: Role, emails: readonly string[]) =>
  and(
    eq(memberships.organizationId, organizationId),
    eq(memberships.role, role),
    isNull(memberships.disabledAt),
    inArray(sql`lower(${users.email})`, [...emails]),
  )

/**
 * The active members of `organizationId` with `role` among these (lower-case) addresses, by address; a
 * file's thousands of addresses are asked in slices (inSlices).
 */
export const membersByEmail = async (db: Executor, organizationId: number, role: Role, emails: readonly string[]) => {
  const rows = await inSlices(emails, (slice) =>
    db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(activeMemberAmong(organizationId, role, slice)),
  )
  return new Map(rows.map(({ email, id }) => [email, id]))
}

/** Whether `me` is an active teacher of the organization (then naming oneself as teacher is no invitation). */
export const isTeacherOf = async (db: Executor, organizationId: number, me: UserRow) =>
  (await membersByEmail(db, organizationId, 'teacher', [me.email.toLowerCase()])).size > 0

/**
 * The teacher and the students of a class that is no draft, in `tx`: a teacher of the organization
 * owns it, another address gets a pending teacher invitation to it; with consent the organization's
 * students join it, everyone else is invited to it (auto-join with consent).
 */
export const enrollRoster = async (tx: Executor, request: RosterRequest): Promise<EnrolledRoster> => {
  const invitation = {
    organizationId: request.organizationId,
    groupId: request.groupId,
    invitedBy: request.invitedBy,
    now: request.now,
    ttlSeconds: request.ttlSeconds,
    quota: request.quota,
  }
  const issued: IssuedInvitation[] = []
  let pendingTeacher: string | null = null
  const teacherEmail = request.teacherEmail?.trim().toLowerCase()
  if (teacherEmail) {
    const teacherId = (await membersByEmail(tx, request.organizationId, 'teacher', [teacherEmail])).get(teacherEmail)
    if (teacherId !== undefined) await tx.update(groups).set({ ownerId: teacherId }).where(eq(groups.id, request.groupId))
    else {
      issued.push(...(await storeInvitations(tx, { ...invitation, role: 'teacher', emails: [teacherEmail], autoJoin: true })))
      pendingTeacher = teacherEmail
    }
  }
  const students = await enrollStudents(tx, { ...invitation, emails: request.students, consent: request.consent })
  issued.push(...students.issued)
  return { roster: { joined: students.joined, invited: students.invited, pending_teacher: pendingTeacher }, issued }
}

export interface StudentsRequest {
  organizationId: number
  groupId: number
  emails: readonly string[]
  consent: boolean
  invitedBy: number
  now: Date
  ttlSeconds: number
  /** The organization's invitations a day (invitations/quota.ts). */
  quota?: InvitationQuota
}

export interface EnrolledStudents {
  /** Students of the organization who joined the class now. */
  joined: string[]
  /** Addresses invited to the class (the organization's students among them when there was no consent). */
  invited: string[]
  /** Students who were in the class already: nothing was done for them. */
  already: string[]
  issued: IssuedInvitation[]
}

/**
 * Students for a class, one behaviour for the wizard, the pasted addresses and the uploaded list (spec 001
 * §2 Creation wizard, §3 Invitation auto_join, §6 the invite role for a class is student), in `tx`: who is
 * in the class already is left alone; with consent the organization's students join at once and everyone
 * else gets an auto-join invitation to the organization and the class; without consent everyone not in the
 * class is invited and accepts on their own (the organization's students too: they were not asked).
 */
export const enrollStudents = async (tx: Executor, request: StudentsRequest): Promise<EnrolledStudents> => {
  const emails = lowerUnique(request.emails)
  // the organization's students among them, each with whether they are in the class already
  const students =
    emails.length === 0
      ? []
      : await tx
          .select({ id: users.id, email: sql<string>`lower(${users.email})`, inClass: sql<boolean>`${groupMembers.userId} is not null` })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .leftJoin(groupMembers, and(eq(groupMembers.groupId, request.groupId), eq(groupMembers.userId, users.id)))
          .where(activeMemberAmong(request.organizationId, 'student', emails))
  const members = new Map(students.map(({ email, id }) => [email, id]))
  const inClass = new Set(students.filter((student) => student.inClass).map(({ email }) => email))
  const isIn = (email: string) => inClass.has(email)
  const already = emails.filter(isIn)
  const joined = request.consent ? emails.filter((email) => members.has(email) && !isIn(email)) : []
  const invited = emails.filter((email) => !isIn(email) && !(request.consent && members.has(email)))
  if (joined.length > 0) {
    await tx
      .insert(groupMembers)
      .values(joined.map((email) => ({ groupId: request.groupId, userId: members.get(email)!, createdAt: request.now })))
      .onConflictDoNothing()
  }
  const issued =
    invited.length > 0
      ? await storeInvitations(tx, {
          organizationId: request.organizationId,
          groupId: request.groupId,
          role: 'student',
          emails: invited,
          autoJoin: request.consent,
          invitedBy: request.invitedBy,
          now: request.now,
          ttlSeconds: request.ttlSeconds,
          quota: request.quota,
        })
      : []
  return { joined, invited, already, issued }
}

/** The mails of an enrolled roster, written to the outbox in its transaction `tx`. */
export const mailRoster = (
  app: AppContext,
  tx: Transaction,
  organization: Pick<OrganizationRow, 'name' | 'type'>,
  enrolled: EnrolledRoster | null,
  inviter: Pick<UserRow, 'language'>,
  locale: Locales,
) => (enrolled ? mailInvitations(app, tx, organization, enrolled.issued, inviter, locale) : Promise.resolve())

/** The goals given with the class: null removes them ("I'll do this later"), missing keeps them. */
export const saveGoals = async (tx: Executor, groupId: number, goals: GoalsRequest | null | undefined, now: Date) => {
  if (goals === undefined) return
  if (goals === null) {
    await tx.delete(assignments).where(eq(assignments.groupId, groupId))
    return
  }
  const values = {
    practiceDaysPerWeek: goals.practice_days_per_week ?? GOAL_DEFAULTS.practiceDaysPerWeek,
    practiceMinutesPerDay: goals.practice_minutes_per_day ?? GOAL_DEFAULTS.practiceMinutesPerDay,
    testBeforeClassStats: goals.test_before_class_stats === undefined ? GOAL_DEFAULTS.testBeforeClassStats : goals.test_before_class_stats,
    updatedAt: now,
  }
  await tx.insert(assignments).values({ groupId, ...values }).onConflictDoUpdate({ target: assignments.groupId, set: values })
}
