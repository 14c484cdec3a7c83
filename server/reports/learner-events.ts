import { sql, type SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Executor } from '../db/store.js'
import { pageOf, type Paging } from '../http/paging.js'
import { isoInstant, rowsOf } from './figures.js'
import type { ReportRange } from './range.js'

/**
 * One learner's own events (practice_events) within a range of local dates: the assessment history and
 * the lesson detail, the only report parts that read events. The range becomes instants in the
 * organization's time zone (from the start of `from` to the start of the day after `to`), so the
 * learner's index on (user_id, occurred_at) serves it and a DST day is as long as it really is.
 */

type Schemas = components['schemas']

const within = (userId: number, kind: 'lesson' | 'assessment', range: ReportRange, timezone: string): SQL => sql`
  user_id = ${userId} and kind = ${kind}
  and occurred_at >= (${range.from}::date)::timestamp at time zone ${timezone}
  and occurred_at < (${range.to}::date + 1)::timestamp at time zone ${timezone}`

/** Every assessment of the range, newest first. */
export const assessmentHistory = (db: Executor, userId: number, range: ReportRange, timezone: string) =>
  rowsOf<Schemas['AssessmentRecord']>(
    db,
    sql`select ${isoInstant(sql`occurred_at`)} as date_assessment, eps::float8 as eps, overall_score::float8 as overall_score,
      pronunciation::float8 as pronunciation, intonation::float8 as intonation, fluency::float8 as fluency,
      coalesce(skills, '[]'::jsonb) as skills
    from practice_events where ${within(userId, 'assessment', range, timezone)}
    order by occurred_at desc, id desc`,
  )

/** One page of the lessons of the range, newest first. */
export const lessonDetail = async (
  db: Executor,
  url: string,
  paging: Paging,
  userId: number,
  range: ReportRange,
  timezone: string,
): Promise<Schemas['LessonRecordPage']> => {
  const [counted] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from practice_events where ${within(userId, 'lesson', range, timezone)}`,
  )
  const results = await rowsOf<Schemas['LessonRecord']>(
    db,
    sql`select module_name, lesson_name, native_score::float8 as overall_native_score, ${isoInstant(sql`occurred_at`)} as date,
      difficulty_level, seconds
    from practice_events where ${within(userId, 'lesson', range, timezone)}
    order by occurred_at desc, id desc limit ${paging.size} offset ${paging.offset}`,
  )
  return pageOf(url, paging, counted!.count, results)
}
