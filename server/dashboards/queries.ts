import { sql, type SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import { statusOf, todayIn } from '../classes/status.js'
import { organizations } from '../db/schema.js'
import { rowsOf, type Executor } from '../db/store.js'
import { classesOf, learnersOf, type DashboardScope } from './scope.js'

/**
 * The figures of the dashboards, each computed by SQL over the daily practice rollups (`daily_practice`,
 * one row per organization, learner and local day), never from raw events and never by loops here.
 * The week is the current one in the organization's time zone, Saturday to Friday as the product's
 * weeks run (specification 001 §9), the same week the client labels; its days after today have no
 * practice yet. A learner is active on a
 * day with at least one finished lesson (specification 001 §9); a day meets a class goal when its
 * practice time reaches the goal's minutes per day.
 */

type Schemas = components['schemas']
export type DashboardView = Schemas['Dashboard']
type Week = Schemas['DashboardWeek']

/** Specification §9: dashboards show at most 3 classes. */
export const DASHBOARD_CLASSES = 3
/** The learners listed (not practised, alerts); `count` says how many there are. */
export const DASHBOARD_LIST = 10

/**
 * A learner is below a class goal when the week cannot reach it any more: the days that reached it,
 * plus the days after today, plus today if it has not reached it yet, are fewer than the goal's days.
 * On the week's last day that is simply fewer days than the goal; on its first nobody is below yet.
 */
const cannotReach = (week: Week, daysMet: SQL, todayMet: SQL, goalDays: SQL): SQL =>
  sql`${daysMet} + (${week.to}::date - ${week.today}::date) + (1 - ${todayMet}) < ${goalDays}`

/** Whether the learner's practice today reached the goal's minutes (1) or not (0). */
const metToday = (organizationId: number, week: Week, user: SQL, goalMinutes: SQL): SQL =>
  sql`(select count(*)::int from daily_practice dp where dp.organization_id = ${organizationId} and dp.user_id = ${user}
    and dp.day = ${week.today}::date and dp.seconds >= ${goalMinutes} * 60)`

/** The learner's practice rows of the week in the organization. */
const inWeek = (organizationId: number, week: Week, user: SQL): SQL =>
  sql`dp.organization_id = ${organizationId} and dp.user_id = ${user} and dp.day between ${week.from}::date and ${week.to}::date`

export const weekOf = async (db: Executor, organizationId: number, now: Date): Promise<Week> => {
  // dow: 0 is Sunday, 6 Saturday; (dow + 1) % 7 is how many days ago the week's Saturday was
  const [row] = await rowsOf<Week>(
    db,
    sql`select (today - (extract(dow from today)::int + 1) % 7)::text as "from",
        (today - (extract(dow from today)::int + 1) % 7 + 6)::text as "to", today::text as "today"
      from (select ${todayIn(now)} as today from ${organizations} where ${organizations.id} = ${organizationId}) o`,
  )
  if (!row) throw new Error(`organization ${organizationId} not found`)
  return row
}

export const countsOf = async (db: Executor, scope: DashboardScope): Promise<Schemas['DashboardCounts']> => {
  const pending =
    scope.role === 'admin'
      ? sql`select count(*)::int from invitations i where i.organization_id = ${scope.organizationId} and i.status = 'pending'`
      : sql`select count(distinct i.id)::int from invitations i join invitation_groups ig on ig.invitation_id = i.id
          join groups on groups.id = ig.group_id
          where ${classesOf(scope)} and i.status = 'pending'`
  const teachers =
    scope.role === 'admin'
      ? sql`(select count(distinct m.user_id)::int from memberships m
          where m.organization_id = ${scope.organizationId} and m.role = 'teacher' and m.disabled_at is null)`
      : sql`null::int`
  const [row] = await rowsOf<Schemas['DashboardCounts']>(
    db,
    sql`select
      (select count(*)::int from (${learnersOf(scope)}) l) as students,
      ${teachers} as teachers,
      (select count(*)::int from groups where ${classesOf(scope)}) as classes,
      (${pending}) as pending_invitations`,
  )
  return row!
}

interface ClassRow {
  id: number
  name: string
  start_date: string
  end_date: string
  status: Schemas['GroupStatus']
  owner_id: number | null
  owner_first_name: string | null
  owner_last_name: string | null
  owner_email: string | null
  owner_photo_url: string | null
  users_count: number
  practice_days_per_week: number | null
  practice_minutes_per_day: number | null
  test_before_class_stats: number | null
  active_students: number
  days_met: number | null
  below_goal: boolean | null
  total: number
}

/** At most 3 classes in scope, active first, then not started, finished and drafts, the newest first; and how many there are. */
export const classesIn = async (
  db: Executor,
  scope: DashboardScope,
  week: Week,
  now: Date,
): Promise<{ count: number; classes: Schemas['DashboardClass'][] }> => {
  const status = statusOf(now)
  const me = scope.role === 'student'
  const rows = await rowsOf<ClassRow>(
    db,
    sql`select groups.id, groups.name, groups.start_date::text, groups.end_date::text, ${status} as status,
        u.id as owner_id, u.first_name as owner_first_name, u.last_name as owner_last_name, u.email as owner_email,
        u.photo_url as owner_photo_url,
        (select count(*)::int from group_members gm where gm.group_id = groups.id) as users_count,
        a.practice_days_per_week, a.practice_minutes_per_day, a.test_before_class_stats,
        (select count(distinct dp.user_id)::int from group_members gm join daily_practice dp
          on ${inWeek(scope.organizationId, week, sql`gm.user_id`)} and dp.lessons > 0
          where gm.group_id = groups.id) as active_students,
        ${
          me
            ? sql`(select count(*)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`${scope.userId}::int`)}
                and dp.seconds >= a.practice_minutes_per_day * 60)`
            : sql`null::int`
        } as days_met,
        ${
          me
            ? cannotReach(
                week,
                sql`(select count(*)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`${scope.userId}::int`)}
                  and dp.seconds >= a.practice_minutes_per_day * 60)`,
                metToday(scope.organizationId, week, sql`${scope.userId}::int`, sql`a.practice_minutes_per_day`),
                sql`a.practice_days_per_week`,
              )
            : sql`null::boolean`
        } as below_goal,
        count(*) over ()::int as total
      from groups
      join ${organizations} on ${organizations.id} = groups.organization_id
      left join users u on u.id = groups.owner_id
      left join assignments a on a.group_id = groups.id
      where ${classesOf(scope)}
      order by case ${status} when 'active' then 0 when 'not_started' then 1 when 'finished' then 2 else 3 end,
        groups.created_at desc, groups.id desc
      limit ${DASHBOARD_CLASSES}`,
  )
  const classes = rows.map((row): Schemas['DashboardClass'] => {
    const assignment =
      row.practice_days_per_week === null || row.practice_minutes_per_day === null
        ? null
        : {
            practice_days_per_week: row.practice_days_per_week,
            practice_minutes_per_day: row.practice_minutes_per_day,
            test_before_class_stats: row.test_before_class_stats,
          }
    return {
      id: row.id,
      name: row.name,
      start_date: row.start_date,
      end_date: row.end_date,
      status: row.status,
      owner:
        row.owner_id === null || row.owner_first_name === null || row.owner_last_name === null || row.owner_email === null
          ? null
          : { id: row.owner_id, first_name: row.owner_first_name, last_name: row.owner_last_name, email: row.owner_email, photo_url: row.owner_photo_url },
      users_count: row.users_count,
      assignment,
      // a student sees no other learner, not even how many were active
      active_students: me ? null : row.active_students,
      my_goal:
        me && assignment && row.days_met !== null ? { days_met: row.days_met, below_goal: row.below_goal === true } : null,
    }
  })
  if (classes.length > 0) return { count: rows[0]!.total, classes }
  const [counted] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from groups where ${classesOf(scope)}`)
  return { count: counted?.count ?? 0, classes }
}

/** The learners in scope and how many were active this week, in all and day by day (the oldest day first). */
export const activityOf = async (db: Executor, scope: DashboardScope, week: Week): Promise<Schemas['DashboardActivity']> => {
  const learners = learnersOf(scope)
  const [totals] = await rowsOf<{ students: number; active_students: number }>(
    db,
    sql`select count(*)::int as students,
        count(*) filter (where exists (select 1 from daily_practice dp
          where ${inWeek(scope.organizationId, week, sql`l.user_id`)} and dp.lessons > 0))::int as active_students
      from (${learners}) l (user_id)`,
  )
  const days = await rowsOf<{ day: string; active_students: number }>(
    db,
    sql`select d::date::text as day, count(dp.user_id)::int as active_students
      from generate_series(${week.from}::date, ${week.to}::date, interval '1 day') d
      left join daily_practice dp on dp.organization_id = ${scope.organizationId} and dp.day = d::date and dp.lessons > 0
        and dp.user_id in (${learners})
      group by d order by d`,
  )
  return { students: totals?.students ?? 0, active_students: totals?.active_students ?? 0, days }
}

type LearnerRow = Schemas['DashboardLearner'] & { total: number }

/** The learners in scope without a lesson this week, by name. */
export const notPractisedOf = async (db: Executor, scope: DashboardScope, week: Week): Promise<Schemas['DashboardLearnerList']> => {
  const rows = await rowsOf<LearnerRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, count(*) over ()::int as total
      from (${learnersOf(scope)}) l (user_id) join users u on u.id = l.user_id
      where not exists (select 1 from daily_practice dp where ${inWeek(scope.organizationId, week, sql`l.user_id`)} and dp.lessons > 0)
      order by lower(u.first_name), lower(u.last_name), u.id
      limit ${DASHBOARD_LIST}`,
  )
  return { count: rows[0]?.total ?? 0, results: rows.map(({ total: _, ...learner }) => learner) }
}

interface AlertRow extends LearnerRow {
  class_id: number
  class_name: string
  days_met: number
  goal_days: number
  goal_minutes: number
}

/**
 * Learners below a class goal this week: in an active class with goals, too few days reached its
 * minutes per day for its days per week, with the days left (cannotReach). The furthest behind first.
 */
export const alertsOf = async (db: Executor, scope: DashboardScope, week: Week, now: Date): Promise<Schemas['DashboardAlertList']> => {
  const rows = await rowsOf<AlertRow>(
    db,
    sql`select *, count(*) over ()::int as total from (
        select u.id, u.first_name, u.last_name, u.email, groups.id as class_id, groups.name as class_name,
          a.practice_days_per_week as goal_days, a.practice_minutes_per_day as goal_minutes,
          (select count(*)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`gm.user_id`)}
            and dp.seconds >= a.practice_minutes_per_day * 60) as days_met,
          ${metToday(scope.organizationId, week, sql`gm.user_id`, sql`a.practice_minutes_per_day`)} as today_met
        from groups
        join ${organizations} on ${organizations.id} = groups.organization_id
        join assignments a on a.group_id = groups.id
        join group_members gm on gm.group_id = groups.id
        join users u on u.id = gm.user_id
        where ${classesOf(scope)} and ${statusOf(now)} = 'active' and gm.user_id in (${learnersOf(scope)})
      ) behind
      where ${cannotReach(week, sql`days_met`, sql`today_met`, sql`goal_days`)}
      order by days_met, lower(first_name), lower(last_name), id, class_id
      limit ${DASHBOARD_LIST}`,
  )
  return {
    count: rows[0]?.total ?? 0,
    results: rows.map((row) => ({
      learner: { id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email },
      class_id: row.class_id,
      class_name: row.class_name,
      days_met: row.days_met,
      goal_days: row.goal_days,
      goal_minutes: row.goal_minutes,
    })),
  }
}

/** A student's own week, with the latest assessment score and the last time active, ever. */
export const practiceOf = async (db: Executor, scope: DashboardScope, week: Week): Promise<Schemas['DashboardPractice']> => {
  const [row] = await rowsOf<{ days_practised: number; lessons: number; seconds: number; last_eps: number | null; last_active: string | null }>(
    db,
    sql`select
      (select count(*)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`${scope.userId}::int`)} and dp.lessons > 0) as days_practised,
      (select coalesce(sum(dp.lessons), 0)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`${scope.userId}::int`)}) as lessons,
      (select coalesce(sum(dp.seconds), 0)::int from daily_practice dp where ${inWeek(scope.organizationId, week, sql`${scope.userId}::int`)}) as seconds,
      (select dp.last_eps from daily_practice dp
        where dp.organization_id = ${scope.organizationId} and dp.user_id = ${scope.userId} and dp.last_eps is not null
        order by dp.last_eps_at desc nulls last, dp.day desc limit 1) as last_eps,
      (select max(dp.last_active_at) from daily_practice dp
        where dp.organization_id = ${scope.organizationId} and dp.user_id = ${scope.userId}) as last_active`,
  )
  return {
    days_practised: row?.days_practised ?? 0,
    lessons: row?.lessons ?? 0,
    seconds: row?.seconds ?? 0,
    last_eps: row?.last_eps ?? null,
    last_active: row?.last_active ? new Date(row.last_active).toISOString() : null,
  }
}
