import { sql } from 'drizzle-orm'
import type { Executor } from '../db/store.js'
import { rollupsOf, type PracticeEvent } from '../practice/ingest.js'

/**
 * The seed's bulk path (`npm run seed -- --events 10000000`, seed.ts): the generated events of whole
 * learners, thousands at a time, go into practice_events and their rollups into daily_practice in one
 * statement, set-wise. It is the ingestion's statement (practice/ingest.ts) without what a live server
 * needs and a fresh seed does not: no retry check on the events (a conflict is an error here), no
 * adding to a day already rolled up (a learner's events all come in one statement, so every rollup row
 * is new), no answer per event. The rollups come from the ingestion's own `rollupsOf`, and the seed's
 * test records the same events both ways and compares daily_practice row for row.
 */

/** One event as the statement's JSON input reads it, in short keys (10,000,000 of them cross the wire). */
const inputRow = (event: PracticeEvent) =>
  event.kind === 'lesson'
    ? {
        u: event.userId,
        c: event.clientEventId,
        k: event.kind,
        t: event.occurredAt.toISOString(),
        m: event.moduleName,
        l: event.lessonName,
        d: event.difficultyLevel,
        s: event.seconds,
        n: event.nativeScore,
      }
    : {
        u: event.userId,
        c: event.clientEventId,
        k: event.kind,
        t: event.occurredAt.toISOString(),
        s: 0,
        e: event.eps,
        o: event.overallScore,
        p: event.pronunciation,
        i: event.intonation,
        f: event.fluency,
        sk: event.skills,
      }

/**
 * Records the events of whole learners received at `now`, with their rollups, in one statement. The
 * events go in in the order given (the ids follow it, as the ingestion's `order by ord` makes them).
 */
export const recordLearnersBulk = async (db: Executor, events: readonly PracticeEvent[], now: Date): Promise<void> => {
  if (events.length === 0) return
  await db.execute(sql`
    with inserted as (
      insert into practice_events (user_id, client_event_id, kind, occurred_at, received_at, module_name, lesson_name,
        difficulty_level, seconds, native_score, eps, overall_score, pronunciation, intonation, fluency, skills)
      select u, c, k, t, ${now.toISOString()}::timestamptz, m, l, d, s, n, e, o, p, i, f, sk
      from json_to_recordset(${JSON.stringify(events.map(inputRow))}::json) as x(u integer, c text, k practice_kind,
        t timestamptz, m text, l text, d text, s integer, n real, e real, o real, p real, i real, f real, sk jsonb)
      returning id, user_id, kind, occurred_at, seconds, native_score, eps
    )
    ${rollupsOf(sql`inserted`)}`)
}
