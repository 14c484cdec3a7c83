import { sql, type SQL } from 'drizzle-orm'
import type { Translator } from '../../locales/server.js'
import type { OrganizationType } from '../db/schema.js'
import { rowsOf, type Executor } from '../db/store.js'
import { clockTime, neutralized, oneDecimal, rounded, type Cell, type DateFormats } from './export-format.js'
import { countedBy, membershipStart } from '../practice/counted.js'

/**
 * The rows of the three class exports, produced page by page so that memory stays flat whatever the
 * class's size: the students are read 300 at a time (specification 001 §9, "export fetch batch 300") in
 * name order by keyset, and for each page the export's rows are read and handed on before the next page
 * is asked for. Event exports read the page's events by keyset too (EVENT_PAGE at a time), so one
 * learner with years of lessons does not fill memory either. Only the events the organization's rollups
 * count are read (`countedBy`): not what a learner did in another organization, nor before joining this one.
 */

export type ExportKind = 'activity' | 'assessment' | 'lesson'

export const STUDENT_PAGE = 300
export const EVENT_PAGE = 2000

export interface ExportScope {
  groupId: number
  organizationId: number
  /** The organization's time zone: `from` and `to` are local dates there. */
  timeZone: string
  from: string
  to: string
}

interface Student {
  id: number
  name: string
  email: string
}

/** The class's students, STUDENT_PAGE at a time, ordered by name (then id), by keyset. */
async function* studentPages(db: Executor, groupId: number): AsyncGenerator<Student[]> {
  let after: { first: string; last: string; id: number } | undefined
  for (;;) {
    const page = await rowsOf<{ id: number; first: string; last: string; first_name: string; last_name: string; email: string }>(
      db,
      sql`select u.id, lower(u.first_name) as first, lower(u.last_name) as last, u.first_name, u.last_name, u.email
          from group_members m join users u on u.id = m.user_id
          where m.group_id = ${groupId}
            ${after ? sql`and (lower(u.first_name), lower(u.last_name), u.id) > (${after.first}, ${after.last}, ${after.id})` : sql``}
          order by lower(u.first_name), lower(u.last_name), u.id
          limit ${STUDENT_PAGE}`,
    )
    if (page.length === 0) return
    yield page.map((row) => ({ id: Number(row.id), name: `${row.first_name} ${row.last_name}`.trim(), email: row.email }))
    if (page.length < STUDENT_PAGE) return
    const last = page[page.length - 1]!
    after = { first: last.first, last: last.last, id: Number(last.id) }
  }
}

/**
 * The page's students as a table (user_id, position, joined) for a join, in page order: `joined`, when
 * each joined the organization, read once per student for the events' `counted`.
 */
const pageTable = (students: readonly Student[], organizationId: number): SQL =>
  sql`(select s.user_id, s.position, ${membershipStart(organizationId, sql`s.user_id`)} as joined
    from unnest(array[${sql.join(
      students.map((student) => sql`${student.id}`),
      sql`, `,
    )}]::int[]) with ordinality as s(user_id, position))`

/** The instants that bound the range: `from` at local midnight, included, to the day after `to`, excluded. */
const rangeStart = (scope: ExportScope): SQL => sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`
const rangeEnd = (scope: ExportScope): SQL => sql`((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`
/** The event `e` of the page's student `p` is one the organization counts. */
const counted = (scope: ExportScope): SQL => countedBy(scope.organizationId, scope.timeZone, scope, sql`e`, sql`p.joined`)

const text = (value: string | null | undefined): Cell => (value === null || value === undefined || value === '' ? null : neutralized(value))
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

export interface ExportContext {
  db: Executor
  t: Translator
  dates: DateFormats
  scope: ExportScope
}

/**
 * The header row of an export, in the reader's language and the organization's words (specification 001
 * §1): a school's student name and e-mail, a company's employee name and e-mail.
 */
export const headerOf = (kind: ExportKind, t: Translator, type: OrganizationType): string[] => {
  const column = t.api.exports.column
  const learner = type === 'company' ? t.api.exports.company : t.api.exports.school
  const student = [learner.studentName(), learner.studentEmail()]
  if (kind === 'activity') {
    return [
      ...student,
      column.lessonsPracticed(),
      column.studiedTime(),
      column.averageDailyMinutes(),
      column.averageDailyLessons(),
      column.durationDays(),
      column.firstEps(),
      column.lastEps(),
      column.lastPracticed(),
      column.lastAssessmentScore(),
      column.lastAssessmentDate(),
      column.scoreImprovement(),
      column.epsImprovement(),
    ]
  }
  if (kind === 'assessment') {
    return [
      ...student,
      column.dateTaken(),
      column.assessmentEps(),
      column.pronunciation(),
      column.intonation(),
      column.fluency(),
      column.skill(),
      column.skillScore(),
    ]
  }
  return [...student, column.date(), column.nativeScore(), column.moduleName(), column.lessonName(), column.difficultyLevel()]
}

interface ActivityRow {
  position: number
  lessons: number | null
  seconds: number | null
  days: number | null
  last_day: string | null
  first_eps: number | null
  last_eps: number | null
  first_score: number | null
  last_score: number | null
  last_assessment_at: string | null
}

/**
 * One page of the activity export: each student's rollups (daily_practice) of the class's organization over
 * the range, read by its primary key per student (a join over the organization's whole range read every
 * learner's days for each page: 30 s for 10,000 students on PostgreSQL), and the scores of the first and
 * last assessment of the range (one indexed event each).
 * A practice day is a day with at least one lesson (001 §9: "active student").
 */
const activityPage = async ({ db, dates, scope }: ExportContext, students: readonly Student[]): Promise<Cell[][]> => {
  const rows = await rowsOf<ActivityRow>(
    db,
    sql`select p.position, d.lessons, d.seconds, d.days, d.last_day::text as last_day, d.first_eps, d.last_eps,
               fa.overall_score as first_score, la.overall_score as last_score,
               (la.occurred_at at time zone ${scope.timeZone})::text as last_assessment_at
        from ${pageTable(students, scope.organizationId)} p
        left join lateral (
          select sum(lessons)::int as lessons, sum(seconds)::int as seconds,
                 (count(*) filter (where lessons > 0))::int as days, max(day) filter (where lessons > 0) as last_day,
                 (array_agg(first_eps order by first_eps_at) filter (where first_eps is not null))[1] as first_eps,
                 (array_agg(last_eps order by last_eps_at desc) filter (where last_eps is not null))[1] as last_eps
          from daily_practice
          where organization_id = ${scope.organizationId} and user_id = p.user_id and day between ${scope.from}::date and ${scope.to}::date
        ) d on true
        left join lateral (
          select e.overall_score from practice_events e
          where e.user_id = p.user_id and e.kind = 'assessment' and e.occurred_at >= ${rangeStart(scope)} and e.occurred_at < ${rangeEnd(scope)}
            and ${counted(scope)}
          order by e.occurred_at, e.id limit 1
        ) fa on true
        left join lateral (
          select e.overall_score, e.occurred_at from practice_events e
          where e.user_id = p.user_id and e.kind = 'assessment' and e.occurred_at >= ${rangeStart(scope)} and e.occurred_at < ${rangeEnd(scope)}
            and ${counted(scope)}
          order by e.occurred_at desc, e.id desc limit 1
        ) la on true
        order by p.position`,
  )
  return rows.map((row) => {
    const student = students[Number(row.position) - 1]!
    const lessons = num(row.lessons) ?? 0
    const seconds = num(row.seconds) ?? 0
    const days = num(row.days) ?? 0
    const firstEps = num(row.first_eps)
    const lastEps = num(row.last_eps)
    const firstScore = num(row.first_score)
    const lastScore = num(row.last_score)
    return [
      text(student.name),
      text(student.email),
      lessons,
      clockTime(seconds),
      days ? oneDecimal(seconds / 60 / days) : 0,
      days ? oneDecimal(lessons / days) : 0,
      days,
      rounded(firstEps),
      rounded(lastEps),
      row.last_day ? dates.date(row.last_day) : null,
      rounded(lastScore),
      row.last_assessment_at ? dates.dateTime(row.last_assessment_at) : null,
      firstScore !== null && lastScore !== null ? rounded(lastScore)! - rounded(firstScore)! : null,
      firstEps !== null && lastEps !== null ? rounded(lastEps)! - rounded(firstEps)! : null,
    ]
  })
}

interface EventRow {
  position: number
  id: number
  at_key: string
  local_at: string
  eps: number | null
  pronunciation: number | null
  intonation: number | null
  fluency: number | null
  skills: { name: string; score: number }[] | string | null
  native_score: number | null
  module_name: string | null
  lesson_name: string | null
  difficulty_level: string | null
}

/** The page's events of one kind in the range, EVENT_PAGE at a time, in student then time order (practice_events_user_idx). */
async function* eventPages(db: Executor, scope: ExportScope, students: readonly Student[], kind: 'assessment' | 'lesson'): AsyncGenerator<EventRow[]> {
  let after: { position: number; at: string; id: number } | undefined
  for (;;) {
    const rows = await rowsOf<EventRow>(
      db,
      sql`select p.position, e.id, e.occurred_at::text as at_key, (e.occurred_at at time zone ${scope.timeZone})::text as local_at,
                 e.eps, e.pronunciation, e.intonation, e.fluency, e.skills,
                 e.native_score, e.module_name, e.lesson_name, e.difficulty_level
          from ${pageTable(students, scope.organizationId)} p
          join practice_events e on e.user_id = p.user_id
          where e.kind = ${kind} and e.occurred_at >= ${rangeStart(scope)} and e.occurred_at < ${rangeEnd(scope)}
            and ${counted(scope)}
            ${after ? sql`and (p.position, e.occurred_at, e.id) > (${after.position}, ${after.at}::timestamptz, ${after.id})` : sql``}
          order by p.position, e.occurred_at, e.id
          limit ${EVENT_PAGE}`,
    )
    if (rows.length === 0) return
    yield rows
    if (rows.length < EVENT_PAGE) return
    const last = rows[rows.length - 1]!
    after = { position: Number(last.position), at: last.at_key, id: Number(last.id) }
  }
}

const skillsOf = (value: EventRow['skills']): { name: string; score: number }[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return Array.isArray(list) ? list.filter((skill) => skill && typeof skill.name === 'string') : []
}

/** An assessment as rows: one per skill, or one with blank skill columns. */
const assessmentRows = ({ dates }: ExportContext, student: Student, event: EventRow): Cell[][] => {
  const head: Cell[] = [
    text(student.name),
    text(student.email),
    dates.dateTime(event.local_at),
    rounded(num(event.eps)),
    rounded(num(event.pronunciation)),
    rounded(num(event.intonation)),
    rounded(num(event.fluency)),
  ]
  const skills = skillsOf(event.skills)
  if (skills.length === 0) return [[...head, null, null]]
  return skills.map((skill) => [...head, text(skill.name), rounded(num(skill.score))])
}

/** A lesson as a row; the native score a rounded percentage, blank when 0 (001 §2, lesson detail). */
const lessonRow = ({ dates }: ExportContext, student: Student, event: EventRow): Cell[] => {
  const score = rounded(num(event.native_score))
  return [
    text(student.name),
    text(student.email),
    dates.dateTime(event.local_at),
    score === 0 ? null : score,
    text(event.module_name),
    text(event.lesson_name),
    text(event.difficulty_level),
  ]
}

/** The data rows of an export (without the header), in batches as they are read. */
export async function* exportRows(kind: ExportKind, context: ExportContext): AsyncGenerator<Cell[][]> {
  for await (const students of studentPages(context.db, context.scope.groupId)) {
    if (kind === 'activity') {
      yield await activityPage(context, students)
      continue
    }
    for await (const events of eventPages(context.db, context.scope, students, kind)) {
      yield events.flatMap((event) => {
        const student = students[Number(event.position) - 1]!
        return kind === 'assessment' ? assessmentRows(context, student, event) : [lessonRow(context, student, event)]
      })
    }
  }
}
