import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { bucketCounts, bucketed, organizationStudents, periodFigures } from './figures.js'
import { periodOf, periodsOf, weekOf, type RangeSql } from './range.js'

/**
 * The organization report's figures (GET /v1/reports/organizations/{id}/) from the pre-aggregates that
 * triggers keep beside daily_practice (migration 0023: organization_practice_days, organization_practice_weeks,
 * learner_practice_weeks, learner_practice_months), not from its tens of thousands of rollups: the same
 * numbers as figures.ts over the organization's students, in a few hundred rows.
 *
 * The pre-aggregates count every rollup of the organization, whoever the learner. The report's population
 * is the organization's current, enabled students (organizationStudents); the rollups of the others with
 * practice in the range's months (`outside`: a teacher or admin who practises, a student since removed,
 * disabled or turned teacher) are read from daily_practice and learner_practice_weeks and taken away
 * again, so a change of membership needs no change to the pre-aggregates. A week's or month's distinct
 * learners come from day sets (bit masks) cut to the days of the range, as figures.ts counts the days of
 * the range only. The improvement is per learner: each student's first and last assessed day in the
 * range, from the partial index daily_practice_assessed_idx.
 */

export interface OrganizationScope {
  organizationId: number | Placeholder
  range: RangeSql
}

/** The population, the learners with rollups outside it, and the range's weeks with their day masks. */
const common = ({ organizationId, range }: OrganizationScope): SQL => sql`
  students as (${organizationStudents(organizationId)}),
  outside as (
    select distinct m.user_id from learner_practice_months m
    where m.organization_id = ${organizationId}
      and m.month between date_trunc('month', ${range.from}::date)::date and ${range.to}::date
      and not exists (select 1 from students s where s.user_id = m.user_id)
  )`

/** The bits of a week (bit i: its day i) or a month (bit d-1: day d) that lie within the range, as a bigint. */
const daysInRange = (start: SQL, last: number, range: RangeSql): SQL => sql`
  ((1::bigint << (least(${range.to}::date - ${start}, ${last}) + 1)) - (1::bigint << greatest(${range.from}::date - ${start}, 0)))`

/** The weeks of the range with the learners per set of days with a lesson in them, the outside's taken away. */
const weekMasks = ({ organizationId, range }: OrganizationScope): SQL => sql`
  weeks as (select period as week, ${daysInRange(sql`period`, 6, range)} as clip from (${periodsOf({ ...range, scope: 'weekly' })}) w),
  masks as (
    select week, days, learners from organization_practice_weeks
    where organization_id = ${organizationId} and week between ${weekOf(sql`${range.from}::date`)} and ${range.to}::date
    union all
    select week, days, -1 from learner_practice_weeks
    where organization_id = ${organizationId} and user_id in (select user_id from outside)
      and week between ${weekOf(sql`${range.from}::date`)} and ${range.to}::date
  ),
  counted as (
    select weeks.week, masks.learners, bit_count((masks.days & weeks.clip)::bit(7)) as n
    from weeks join masks on masks.week = weeks.week
  )`

/** The students with a lesson in each month of the range (the days of the range only), as `months(month, user_id, active)`. */
const monthMasks = ({ organizationId, range }: OrganizationScope): SQL => sql`
  months as (
    select m.month, m.user_id, (m.days::bigint & ${daysInRange(sql`m.month`, 30, range)}) <> 0 as active
    from learner_practice_months m
    where m.organization_id = ${organizationId}
      and m.month between date_trunc('month', ${range.from}::date)::date and ${range.to}::date
      and m.user_id in (select user_id from students)
  )`

/** The day sums of the range, the outside's rollups taken away, as `sums(day, lessons, seconds, active, assessments, eps_sum)`. */
const daySums = ({ organizationId, range }: OrganizationScope): SQL => sql`
  sums as (
    select day, lessons, seconds, active, assessments, eps_sum from organization_practice_days
    where organization_id = ${organizationId} and day between ${range.from}::date and ${range.to}::date
    union all
    select day, -lessons, -seconds, -(lessons > 0)::int, -assessments, -(eps_sum::numeric) from daily_practice
    where organization_id = ${organizationId} and user_id in (select user_id from outside)
      and day between ${range.from}::date and ${range.to}::date
  )`

/** The distinct students with a lesson per period: by day the day's count; by week and month from the day sets. */
const activePerPeriod = (scope: OrganizationScope): SQL => {
  if (scope.range.scope === 'daily') return sql`act as (select period, active_days as active from a)`
  if (scope.range.scope === 'weekly') return sql`act as (select week as period, sum(learners) filter (where n > 0) as active from counted group by 1)`
  return sql`act as (select month as period, count(*) filter (where active) as active from months group by 1)`
}

/** activityPeriodRowsSql's figures of the activity report, one row per period of the range (after the shared CTEs). */
const periodRows = (scope: OrganizationScope): SQL => sql`
  p as (${periodsOf(scope.range)}),
  a as (
    select ${periodOf(scope.range.scope, sql`day`)} as period, sum(lessons) as lessons, sum(seconds) as seconds,
      sum(active) as active_days, sum(assessments) as assessments, sum(eps_sum) as eps_sum
    from sums group by 1
  ),
  ${activePerPeriod(scope)}
  select p.period::text as period, ${periodFigures(sql`act.active`)}
  from p left join a on a.period = p.period left join act on act.period = p.period
  order by p.period`

/** weeklyActiveSql's buckets: the students by days with a lesson in each week of the range. */
const weeklyActive = sql`
  buckets as (
    select week,
      coalesce(sum(learners) filter (where n between 1 and 4), 0) as days_1_4,
      coalesce(sum(learners) filter (where n = 5), 0) as days_5,
      coalesce(sum(learners) filter (where n >= 6), 0) as days_6_7
    from counted group by week
  )
  select weeks.week::text as week,
    ((select count(*) from students) - coalesce(b.days_1_4 + b.days_5 + b.days_6_7, 0))::int as not_active,
    coalesce(b.days_1_4, 0)::int as days_1_4,
    coalesce(b.days_5, 0)::int as days_5,
    coalesce(b.days_6_7, 0)::int as days_6_7
  from weeks left join buckets b on b.week = weeks.week
  order by weeks.week`

/**
 * overviewSql's totals: the day sums, and the students with a lesson in the range from the month day sets
 * (grouped, hashed: count(distinct) sorted the thousands of learner months).
 */
const overview = sql`
  select (select count(*) from (select user_id from months where active group by user_id) learners)::int as active_users,
    coalesce(sum(lessons), 0)::int as lessons_count,
    round(coalesce(sum(seconds), 0)::numeric / 3600, 2)::float8 as hours,
    coalesce(round(sum(lessons)::numeric / nullif(sum(active), 0), 2), 0)::float8 as lessons_per_day,
    coalesce(round(sum(seconds)::numeric / 60 / nullif(sum(active), 0), 2), 0)::float8 as minutes_per_day
  from sums`

/**
 * assessedSql's improvement buckets: each student's first and last EPS in the range, from the organization's
 * assessed rollups in the order of daily_practice_assessed_idx (learner, day), read once forward for the
 * first and once backward for the last (a thousand students' two index probes each took longer).
 */
const improvement = ({ organizationId, range }: OrganizationScope): SQL => sql`
  firsts as (
    select distinct on (user_id) user_id, first_eps from daily_practice
    where organization_id = ${organizationId} and assessments > 0 and day between ${range.from}::date and ${range.to}::date
    order by user_id, day
  ),
  lasts as (
    select distinct on (user_id) user_id, last_eps from daily_practice
    where organization_id = ${organizationId} and assessments > 0 and day between ${range.from}::date and ${range.to}::date
    order by user_id desc, day desc
  ),
  s as (
    select firsts.first_eps::numeric as f, lasts.last_eps::numeric as l
    from firsts join lasts on lasts.user_id = firsts.user_id
    where firsts.user_id in (select user_id from students)
  ),
  ${bucketed}
  select ${bucketCounts} from b`

/**
 * The organization's activity report as one statement answering an ActivityRow (figures.ts): the shared
 * CTEs, then each figure a subquery of them as json.
 */
export const organizationActivitySql = (scope: OrganizationScope): SQL => sql`
  with ${common(scope)}, ${daySums(scope)}, ${weekMasks(scope)}, ${monthMasks(scope)}
  select (select coalesce(json_agg(r order by r.period), '[]'::json) from (with ${periodRows(scope)}) r) as periods,
    (select coalesce(json_agg(r order by r.week), '[]'::json) from (with ${weeklyActive}) r) as weeks,
    (select row_to_json(r) from (with ${improvement(scope)}) r) as improvement,
    (select row_to_json(r) from (${overview}) r) as overview`
