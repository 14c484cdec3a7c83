import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { periodOf, periodsOf, weekOf, type RangeSql } from './range.js'

/**
 * The SQL of every report figure, over the daily rollups (daily_practice) of one organization, for a
 * population of learners (a subquery of `user_id`s: a class's members, an organization's students,
 * one learner) within a range. Everything is computed in the database; the handlers only shape the
 * rows into the contract's series. Minutes are seconds / 60; figures that are averages are rounded to
 * 2 decimals there too, so that every store answers the same numbers.
 */

export interface Scope {
  organizationId: number | Placeholder
  /** `select user_id ...`: the learners counted. */
  population: SQL
  range: RangeSql
}

/**
 * The rollups of the population within the range, as a CTE prefix `members`, `d`; `materialized` when several
 * subqueries read them (activitySql, populationFiguresSql), so that they are read once.
 */
const rollups = ({ organizationId, population, range }: Scope, materialized = false): SQL => sql`
  members as (${population}),
  d as ${materialized ? sql`materialized ` : sql``}(
    select dp.user_id, dp.day, dp.lessons, dp.seconds, dp.assessments, dp.eps_sum, dp.first_eps, dp.first_eps_at,
      dp.last_eps, dp.last_eps_at
    from daily_practice dp
    where dp.organization_id = ${organizationId} and dp.day between ${range.from}::date and ${range.to}::date
      and dp.user_id in (select user_id from members)
  )`

/** A period's figures in the activity report (a class's, an organization's, a teacher's). */
export interface ActivityPeriodRow {
  period: string
  lessons: number
  minutes: number
  active: number
  avg_time: number
  avg_time_day: number
  avg_lessons: number
  avg_lessons_day: number
  avg_eps: number | null
}

/** A period's figures of a population's rollups: the activity report's, the learner's last EPS and the share active. */
export interface PeriodRow extends ActivityPeriodRow {
  last_eps: number | null
  percent_active: number
}

/**
 * One row per period of the range, in order; a period without practice is zeros (and null EPS). With
 * `learnerColumns` PeriodRow's, else ActivityPeriodRow's only: the activity report leaves out the last EPS,
 * an ordered aggregate sorting each period's rollups, and the share active.
 */
const periodsSql = (scope: Scope, learnerColumns: boolean): SQL => sql`with ${rollups(scope)}, ${periodsAfterRollups(scope, learnerColumns)}`

/** periodsSql after its rollups. */
const periodsAfterRollups = (scope: Scope, learnerColumns: boolean): SQL => sql`
  p as (${periodsOf(scope.range)}),
  a as (
    select ${periodOf(scope.range.scope, sql`d.day`)} as period,
      sum(d.lessons)::float8 as lessons,
      sum(d.seconds)::float8 as seconds,
      -- by day a learner has one rollup: counting rows counts learners, without count(distinct)'s sort
      ${scope.range.scope === 'daily' ? sql`count(*)` : sql`count(distinct d.user_id)`} filter (where d.lessons > 0) as active,
      count(*) filter (where d.lessons > 0) as active_days,
      sum(d.assessments) as assessments,
      sum(d.eps_sum::numeric) as eps_sum${
        learnerColumns
          ? sql`,
      (array_agg(d.last_eps order by d.day desc, d.last_eps_at desc) filter (where d.assessments > 0))[1] as last_eps`
          : sql``
      }
    from d group by 1
  )
  select p.period::text as period, ${periodFigures(sql`a.active`)}${
    learnerColumns
      ? sql`,
    a.last_eps::float8 as last_eps,
    coalesce(round(100.0 * coalesce(a.active, 0) / nullif((select count(*) from members), 0), 2), 0)::float8 as percent_active`
      : sql``
  }
  from p left join a on a.period = p.period
  order by p.period`

/** PeriodRow per period of the range (a class's overview, a learner's report). */
export const periodRowsSql = (scope: Scope): SQL => periodsSql(scope, true)

/** ActivityPeriodRow per period of the range (the activity report). */
export const activityPeriodRowsSql = (scope: Scope): SQL => periodsSql(scope, false)

/**
 * ActivityPeriodRow's figures (but the period) of a period from its sums `a` (lessons, seconds,
 * active_days: learner-days with a lesson, assessments, eps_sum) and its distinct learners with a lesson.
 */
export const periodFigures = (active: SQL): SQL => sql`
    coalesce(a.lessons, 0)::int as lessons,
    round(coalesce(a.seconds, 0)::numeric / 60, 2)::float8 as minutes,
    coalesce(${active}, 0)::int as active,
    coalesce(round(a.seconds::numeric / 60 / nullif(${active}, 0), 2), 0)::float8 as avg_time,
    coalesce(round(a.seconds::numeric / 60 / nullif(a.active_days, 0), 2), 0)::float8 as avg_time_day,
    coalesce(round(a.lessons::numeric / nullif(${active}, 0), 2), 0)::float8 as avg_lessons,
    coalesce(round(a.lessons::numeric / nullif(a.active_days, 0), 2), 0)::float8 as avg_lessons_day,
    round(a.eps_sum / nullif(a.assessments, 0), 2)::float8 as avg_eps`

export interface OverviewRow {
  active_users: number
  lessons_count: number
  hours: number
  lessons_per_day: number
  minutes_per_day: number
}

/**
 * The lessons overview of the range: totals, and the average day of an active learner. Summed per learner
 * first (hashed), then over the learners: count(distinct) sorted every rollup to count them.
 */
export const overviewSql = (scope: Scope): SQL => sql`with ${rollups(scope)}, ${overviewAfterRollups()}`

/** overviewSql after its rollups. */
const overviewAfterRollups = (): SQL => sql`
  l as (select sum(lessons) as lessons, sum(seconds) as seconds, count(*) filter (where lessons > 0) as days from d group by user_id)
  select count(*) filter (where days > 0)::int as active_users,
    coalesce(sum(lessons), 0)::int as lessons_count,
    round(coalesce(sum(seconds), 0)::numeric / 3600, 2)::float8 as hours,
    coalesce(round(sum(lessons)::numeric / nullif(sum(days), 0), 2), 0)::float8 as lessons_per_day,
    coalesce(round(sum(seconds)::numeric / 60 / nullif(sum(days), 0), 2), 0)::float8 as minutes_per_day
  from l`

export interface WeekRow {
  week: string
  not_active: number
  days_1_4: number
  days_5: number
  days_6_7: number
}

/** Per week from Saturday within the range, the population by days with a lesson in it (days of the range only). */
export const weeklyActiveSql = (scope: Scope): SQL => sql`with ${rollups(scope)}, ${weeklyActiveAfterRollups(scope)}`

/** weeklyActiveSql after its rollups. */
const weeklyActiveAfterRollups = (scope: Scope): SQL => sql`
  w as (${periodsOf({ ...scope.range, scope: 'weekly' })}),
  days as (
    select ${weekOf(sql`d.day`)} as week, d.user_id, count(*) filter (where d.lessons > 0) as n
    from d group by 1, 2
  ),
  counted as (
    select w.period as week, coalesce(days.n, 0) as n
    from w cross join members m left join days on days.week = w.period and days.user_id = m.user_id
  )
  select w.period::text as week,
    count(counted.week) filter (where counted.n = 0)::int as not_active,
    count(counted.week) filter (where counted.n between 1 and 4)::int as days_1_4,
    count(counted.week) filter (where counted.n = 5)::int as days_5,
    count(counted.week) filter (where counted.n >= 6)::int as days_6_7
  from w left join counted on counted.week = w.period
  group by w.period order by w.period`

/** The learners of a population by improvement bucket (the activity report's pie). */
export interface ImprovementRow {
  bucket_0_5: number
  bucket_6_10: number
  bucket_11_50: number
  bucket_50_70: number
  bucket_mt_70: number
}

export interface AssessedRow extends ImprovementRow {
  assessed: number
  assessments: number
  /** The mean of the assessed learners' last EPS in the range. */
  score: number | null
  /** With one learner: its first and last EPS in the range and the change in percent. */
  first_eps: number | null
  last_eps: number | null
  improvement: number | null
}

/**
 * The learners with an assessment in the range, each with its first and last EPS in it (the day's first
 * and last assessment by time): how many, the mean last EPS, and the improvement buckets (§3, §9) of
 * the change from first to last in percent of the first - up to 5 (a fall too), over 5 to 10, over 10
 * to 50, over 50 to 70, over 70. A first EPS of 0 counts as over 70 when the last is above it.
 */
export const assessedSql = (scope: Scope): SQL => sql`with ${rollups(scope)}, ${assessedAfterRollups()}`

/** assessedSql after its rollups. */
const assessedAfterRollups = (): SQL => sql`
  s as (
    select user_id, sum(assessments) as assessments,
      (array_agg(first_eps order by day, first_eps_at) filter (where assessments > 0))[1]::numeric as f,
      (array_agg(last_eps order by day desc, last_eps_at desc) filter (where assessments > 0))[1]::numeric as l
    from d where assessments > 0 group by user_id
  ),
  ${bucketed}
  select count(*)::int as assessed,
    coalesce(sum(assessments), 0)::int as assessments,
    round(avg(l), 2)::float8 as score,
    ${bucketCounts},
    min(f)::float8 as first_eps,
    min(l)::float8 as last_eps,
    round(min(change), 2)::float8 as improvement
  from b`

/**
 * The learners of `s(f, l)` (first and last EPS) with their change in percent and improvement bucket, as
 * `b`; both steps materialized, so that the change (a numeric division) is computed once per learner, not
 * again in each branch of the bucket's case, and the bucket not again in each of the counts' filters.
 */
export const bucketed = sql`
  c as materialized (
    select s.*, case when f > 0 then (l - f) * 100 / f end as change from s
  ),
  b as materialized (
    select c.*, case
      when f <= 0 then case when l > f then 'mt_70' else '0_5' end
      when change <= 5 then '0_5' when change <= 10 then '6_10' when change <= 50 then '11_50'
      when change <= 70 then '50_70' else 'mt_70' end as bucket
    from c
  )`

/** The learners of `b` per improvement bucket (ImprovementRow's columns). */
export const bucketCounts = sql`
    count(*) filter (where bucket = '0_5')::int as bucket_0_5,
    count(*) filter (where bucket = '6_10')::int as bucket_6_10,
    count(*) filter (where bucket = '11_50')::int as bucket_11_50,
    count(*) filter (where bucket = '50_70')::int as bucket_50_70,
    count(*) filter (where bucket = 'mt_70')::int as bucket_mt_70`

/** The activity report's figures in one row: each figure's rows as json, as activitySql answers them. */
export interface ActivityRow {
  periods: ActivityPeriodRow[]
  weeks: WeekRow[]
  improvement: ImprovementRow
  overview: OverviewRow
  /** With the students' minutes only (a class's report). */
  students?: StudentMinutesRow[]
}

/**
 * The activity report of a population as one statement over its rollups read once (materialized): the
 * periods (activityPeriodRowsSql), the weeks (weeklyActiveSql), the improvement (assessedSql), the overview
 * (overviewSql) and, `withStudents`, each learner's minutes (studentMinutesSql), each its own subquery
 * aggregated to json, unchanged but for reading the materialized rollups. One round trip and one plan:
 * sent apart, each read and planned the same rollups again and waited for a round trip of its own.
 */
export const activitySql = (scope: Scope, withStudents: boolean): SQL => sql`
  with ${rollups(scope, true)}
  select (select coalesce(json_agg(r order by r.period), '[]'::json) from (with ${periodsAfterRollups(scope, false)}) r) as periods,
    (select coalesce(json_agg(r order by r.week), '[]'::json) from (with ${weeklyActiveAfterRollups(scope)}) r) as weeks,
    (select row_to_json(r) from (with ${assessedAfterRollups()}) r) as improvement,
    (select row_to_json(r) from (with ${overviewAfterRollups()}) r) as overview${
      withStudents
        ? sql`,
    (select coalesce(json_agg(r order by lower(r.last_name), lower(r.first_name), r.id), '[]'::json)
      from (with ${studentMinutesAfterRollups(scope)}) r) as students`
        : sql``
    }`

/** A population's figures over its rollups in one row, as populationFiguresSql answers them. */
export interface PopulationRow {
  periods: PeriodRow[]
  assessed: AssessedRow
  overview: OverviewRow
  /** How many learners the population has. */
  members: number
  /** With `lastActive`: the latest practice of the population in the organization, any day (an ISO instant). */
  last_active?: string | null
}

/**
 * The figures of a class's details or a learner's report as one statement over the population's rollups
 * read once: its periods (periodRowsSql), the assessed (assessedSql), the overview (overviewSql), how many
 * members it has and, `lastActive`, its latest practice of any day.
 */
export const populationFiguresSql = (scope: Scope, lastActive: boolean): SQL => sql`
  with ${rollups(scope, true)}
  select (select coalesce(json_agg(r order by r.period), '[]'::json) from (with ${periodsAfterRollups(scope, true)}) r) as periods,
    (select row_to_json(r) from (with ${assessedAfterRollups()}) r) as assessed,
    (select row_to_json(r) from (with ${overviewAfterRollups()}) r) as overview,
    (select count(*)::int from members) as members${
      lastActive
        ? sql`,
    (select ${isoInstant(sql`max(last_active_at)`)} from daily_practice
      where organization_id = ${scope.organizationId} and user_id in (select user_id from members)) as last_active`
        : sql``
    }`

export interface StudentMinutesRow {
  id: number
  first_name: string
  last_name: string
  email: string
  minutes: number[]
  total: number
}

/**
 * Each learner of the population with its minutes in each period (zeros included), by name. The grid
 * of learners and periods is materialized so that its rollups are joined on both keys (inlined, the
 * period came from generate_series and the join matched on the learner alone, filtering every learner's
 * periods against every period), and the names are looked up for the learners only, not joined to every user.
 */
export const studentMinutesSql = (scope: Scope): SQL => sql`with ${rollups(scope)}, ${studentMinutesAfterRollups(scope)}`

/** studentMinutesSql after its rollups. */
const studentMinutesAfterRollups = (scope: Scope): SQL => sql`
  p as (${periodsOf(scope.range)}),
  -- by day a learner's period is its one rollup: nothing to add up
  per as (${
    scope.range.scope === 'daily'
      ? sql`select user_id, day as period, seconds from d`
      : sql`select user_id, ${periodOf(scope.range.scope, sql`day`)} as period, sum(seconds) as seconds from d group by 1, 2`
  }),
  cells as materialized (select m.user_id, p.period from members m cross join p),
  grid as (
    select c.user_id,
      array_agg(round(coalesce(per.seconds, 0)::numeric / 60, 2)::float8 order by c.period) as minutes,
      round(coalesce(sum(per.seconds), 0)::numeric / 60, 2)::float8 as total
    from cells c left join per on per.user_id = c.user_id and per.period = c.period
    group by c.user_id
  )
  select u.id, u.first_name, u.last_name, u.email, grid.minutes, grid.total
  from grid cross join lateral (
    select id, first_name, last_name, email from users where id = grid.user_id
    offset 0 -- kept apart: joined, the planner hashed every user of the store for a class's names
  ) u
  order by lower(u.last_name), lower(u.first_name), u.id`

export { rowsOf } from '../db/store.js'

/** An instant as the rest of the API writes one (Date's toJSON: UTC, milliseconds, Z), whatever the session's time zone. */
export const isoInstant = (instant: SQL): SQL => sql`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The population of a class: its members (group_members). */
export const classMembers = (groupId: number | Placeholder): SQL => sql`select user_id from group_members where group_id = ${groupId}`

/** The population of an organization: its students, enabled. */
export const organizationStudents = (organizationId: number | Placeholder): SQL =>
  sql`select distinct user_id from memberships where organization_id = ${organizationId} and role = 'student' and disabled_at is null`

/** The population of a teacher's classes in an organization: the members of every class it owns, each once. */
export const teacherStudents = (organizationId: number | Placeholder, teacherId: number | Placeholder): SQL =>
  sql`select distinct gm.user_id from group_members gm join groups g on g.id = gm.group_id
    where g.organization_id = ${organizationId} and g.owner_id = ${teacherId}`

/** One learner. */
export const oneLearner = (userId: number | Placeholder): SQL => sql`select ${userId}::int as user_id`
