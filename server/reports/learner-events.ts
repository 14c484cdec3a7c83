import { sql, type SQL } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Executor } from '../db/store.js'
import { pageOf, type Paging } from '../http/paging.js'
import { countedBy, membershipStart } from '../practice/counted.js'
import { isoInstant, rowsOf } from './figures.js'
import type { ReportRange } from './range.js'

/**
 * One learner's own events (practice_events) within a range of local dates, as one organization sees
 * them: the assessment history and the lesson detail, the only report parts that read events. The range
 * becomes instants in the organization's time zone (from the start of `from` to the start of the day
 * after `to`), so the learner's index on (user_id, occurred_at) serves it and a DST day is as long as it
 * really is.
 */

type Schemas = components['schemas']

/** Whose events a report reads: one learner's, of one organization, in a range of its local days. */
export interface LearnerEventsScope {
  organizationId: number
  userId: number
  range: ReportRange
  timezone: string
}

const within = ({ organizationId, userId, range, timezone }: LearnerEventsScope, kind: 'lesson' | 'assessment'): SQL => sql`
  e.user_id = ${userId} and e.kind = ${kind}
  and e.occurred_at >= (${range.from}::date)::timestamp at time zone ${timezone}
  and e.occurred_at < (${range.to}::date + 1)::timestamp at time zone ${timezone}
  and ${countedBy(organizationId, timezone, range, sql`e`, membershipStart(organizationId, userId))}`

/** Every assessment of the range, newest first. */
export const assessmentHistory = (db: Executor, scope: LearnerEventsScope) =>
  rowsOf<Schemas['AssessmentRecord']>(
    db,
    sql`select ${isoInstant(sql`occurred_at`)} as date_assessment, eps::float8 as eps, overall_score::float8 as overall_score,
      pronunciation::float8 as pronunciation, intonation::float8 as intonation, fluency::float8 as fluency,
      coalesce(skills, '[]'::jsonb) as skills
    from practice_events e where ${within(scope, 'assessment')}
    order by occurred_at desc, id desc`,
  )

/** One page of the lessons of the range, newest first. */
export const lessonDetail = async (
  db: Executor,
  url: string,
  paging: Paging,
  scope: LearnerEventsScope,
): Promise<Schemas['LessonRecordPage']> => {
  const [counted] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from practice_events e where ${within(scope, 'lesson')}`,
  )
  const results = await rowsOf<Schemas['LessonRecord']>(
    db,
    sql`select module_name, lesson_name, native_score::float8 as overall_native_score, ${isoInstant(sql`occurred_at`)} as date,
      difficulty_level, seconds
    from practice_events e where ${within(scope, 'lesson')}
    order by occurred_at desc, id desc limit ${paging.size} offset ${paging.offset}`,
  )
  return pageOf(url, paging, counted!.count, results)
}
