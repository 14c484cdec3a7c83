import { sql, type SQL } from 'drizzle-orm'
import { versionInStatement } from '../db/read-cache.js'
import { preparedStatement, rowsOf, type Executor } from '../db/store.js'

/**
 * Recording what learners did in the mobile app: the one way practice data gets into the store. The API
 * (record-events.ts) appends through `appendPracticeEvents`, and the roll-up worker (rollup-worker.ts)
 * adds the appended events to the rollups in batches a moment later (`rollUpQueuedEvents`); the demo data
 * (server/dev/demo.ts) and the benchmark's seed (scripts/seed.ts) record through `recordPracticeEvents`,
 * which rolls up in the same statement. Both insert the same way and roll up with the same statement
 * (`rollupsOf`), so the rollups they leave are the same by construction; the seed's bulk path for big
 * stores (server/dev/seed-bulk.ts) shares it too.
 *
 * Each is one statement, so one transaction without asking for one: the events go into
 * `practice_events` (a retry of one already there, same user, client event id and device time, is
 * skipped by the unique key), and only the events just inserted are added to `daily_practice` (at once,
 * or by the worker from the queue the append writes), one row per
 * organization where the learner is an active (not disabled) member, user and local day in that
 * organization's time zone (UTC without one). Only the events that happened since the learner joined
 * the organization are its (`occurred_at` not before the membership's start, the earliest of the
 * learner's role rows there): an organization sees the practice of its members, not what a learner did
 * before joining it, however late the app sends it. A learner who leaves takes their rollups of the
 * organization with them (organizations/members.ts removeMembership), so joining again starts afresh;
 * the reads of single events (counted.ts) ask the same start. A deleted organization gets no rollups
 * (nobody reads its reports; the event itself is kept); a disabled (inactive) one still does: disabling
 * is undone by enabling (000 §4: active to inactive and back), and its reports must then show the whole
 * practice. Lessons add to lessons, seconds and the native score's sum;
 * assessments to assessments and the EPS sum, and move the day's first and last EPS by their times (an
 * event that arrives late lands in order; at the same instant the one recorded first is first).
 */

export interface PracticeEventCommon {
  userId: number
  /** The app's id of the event; with `occurredAt` it identifies a retry. */
  clientEventId: string
  /** The device's time of the event. */
  occurredAt: Date
}

export interface LessonEvent extends PracticeEventCommon {
  kind: 'lesson'
  moduleName: string
  lessonName: string
  difficultyLevel: string
  seconds: number
  /** The overall native score, 0 to 100. */
  nativeScore: number
}

export interface AssessmentEvent extends PracticeEventCommon {
  kind: 'assessment'
  eps: number
  overallScore: number
  pronunciation: number
  intonation: number
  fluency: number
  skills: { name: string; score: number }[]
}

export type PracticeEvent = LessonEvent | AssessmentEvent

/** An event as stored: on a retry, the id and reception time of its first recording. */
export interface RecordedEvent {
  userId: number
  clientEventId: string
  occurredAt: Date
  id: number
  receivedAt: Date
  /** False on a retry: nothing was stored or counted this time. */
  inserted: boolean
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** How far ahead of the server's clock a device's time may be: a clock a little fast, not a wrong year. */
export const MAX_AHEAD_MS = HOUR
/** How long ago an event may have happened: an app that stayed offline up to a year. */
export const MAX_BEHIND_MS = 366 * DAY

export const MAX_SECONDS = 86_400
export const MAX_TEXT = 200
export const MAX_LEVEL = 50
export const MAX_SKILLS = 50

/** What may be wrong with an event, by field (the API words it in the caller's language). */
export type EventProblem = 'occurredInFuture' | 'occurredTooLongAgo' | 'scoreRange' | 'scoreTooSmall' | 'secondsRange' | 'textLength' | 'tooManySkills'

const isScore = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100
/**
 * A score in range that a `real` column cannot hold: so close to 0 (1e-320) that it rounds to 0 in single
 * precision, where PostgreSQL refuses it as out of range and the whole call answered 500.
 */
const isTooSmall = (value: number) => value !== 0 && Math.fround(value) === 0
const scoreProblem = (value: number): EventProblem | undefined => (!isScore(value) ? 'scoreRange' : isTooSmall(value) ? 'scoreTooSmall' : undefined)
/** Not longer than the contract's limit (which also refuses a blank name: its NotBlank). */
const isText = (value: string, max: number) => value.length <= max

/**
 * The problems of one event at `now`, by field: the time window (not more than an hour ahead, not more
 * than 366 days back) and the ranges the contract also states (the demo and the seed do not go through it).
 */
export const practiceEventProblems = (event: PracticeEvent, now: Date): Partial<Record<string, EventProblem>> => {
  const problems: Partial<Record<string, EventProblem>> = {}
  const at = event.occurredAt.getTime()
  if (!Number.isFinite(at) || at > now.getTime() + MAX_AHEAD_MS) problems.occurred_at = 'occurredInFuture'
  else if (at < now.getTime() - MAX_BEHIND_MS) problems.occurred_at = 'occurredTooLongAgo'
  if (event.kind === 'lesson') {
    if (!Number.isInteger(event.seconds) || event.seconds < 0 || event.seconds > MAX_SECONDS) problems.seconds = 'secondsRange'
    const native = scoreProblem(event.nativeScore)
    if (native) problems.native_score = native
    if (!isText(event.moduleName, MAX_TEXT)) problems.module_name = 'textLength'
    if (!isText(event.lessonName, MAX_TEXT)) problems.lesson_name = 'textLength'
    if (!isText(event.difficultyLevel, MAX_LEVEL)) problems.difficulty_level = 'textLength'
  } else {
    for (const field of ['eps', 'overallScore', 'pronunciation', 'intonation', 'fluency'] as const) {
      const problem = scoreProblem(event[field])
      if (problem) problems[field === 'overallScore' ? 'overall_score' : field] = problem
    }
    if (event.skills.length > MAX_SKILLS) problems.skills = 'tooManySkills'
    else if (event.skills.some((skill) => !isScore(skill.score))) problems.skills = 'scoreRange'
    else if (event.skills.some((skill) => !isText(skill.name, MAX_TEXT))) problems.skills = 'textLength'
    else if (event.skills.some((skill) => isTooSmall(skill.score))) problems.skills = 'scoreTooSmall'
  }
  return problems
}

export class InvalidPracticeEvent extends Error {
  constructor(readonly problems: Partial<Record<string, EventProblem>>) {
    super(`not a valid practice event: ${JSON.stringify(problems)}`)
    this.name = 'InvalidPracticeEvent'
  }
}

/** An event as the statement's JSON input reads it (one jsonb parameter for the whole batch). */
const inputRow = (event: PracticeEvent, ord: number) =>
  event.kind === 'lesson'
    ? {
        ord,
        user_id: event.userId,
        client_event_id: event.clientEventId,
        kind: event.kind,
        occurred_at: event.occurredAt.toISOString(),
        module_name: event.moduleName.trim(),
        lesson_name: event.lessonName.trim(),
        difficulty_level: event.difficultyLevel.trim(),
        seconds: event.seconds,
        native_score: event.nativeScore,
      }
    : {
        ord,
        user_id: event.userId,
        client_event_id: event.clientEventId,
        kind: event.kind,
        occurred_at: event.occurredAt.toISOString(),
        seconds: 0,
        eps: event.eps,
        overall_score: event.overallScore,
        pronunciation: event.pronunciation,
        intonation: event.intonation,
        fluency: event.fluency,
        skills: event.skills.map(({ name, score }) => ({ name: name.trim(), score })),
      }

interface Row {
  id: string
  user_id: number
  client_event_id: string
  occurred_at: string
  received_at: string
}

/** Identifies an event among a batch: user, client id and the device's instant. */
const keyOf = (userId: number, clientEventId: string, occurredAt: Date) => `${userId}\u0000${clientEventId}\u0000${occurredAt.getTime()}`

const recorded = (row: Row, inserted: boolean): RecordedEvent => ({
  userId: row.user_id,
  clientEventId: row.client_event_id,
  occurredAt: new Date(row.occurred_at),
  id: Number(row.id),
  receivedAt: new Date(row.received_at),
  inserted,
})

/**
 * The daily rollups of the events of `events` (a relation of practice_events' columns id, user_id, kind,
 * occurred_at, seconds, native_score, eps) as an insert into daily_practice without its conflict clause:
 * one row per organization where the learner is an active member since before the event, user and
 * local day (the memberships looked up once per learner, not once per event: a bulk statement holds
 * thousands). The seed's bulk
 * path (server/dev/seed-bulk.ts) rolls up with this same statement, so both leave the same rollups.
 */
export const rollupsOf = (events: SQL) => sql`
    insert into daily_practice as d (organization_id, user_id, day, lessons, seconds, native_score_sum, assessments,
      eps_sum, first_eps, first_eps_at, last_eps, last_eps_at, last_active_at)
    select m.organization_id, i.user_id, (i.occurred_at at time zone coalesce(m.timezone, 'UTC'))::date,
      count(*) filter (where i.kind = 'lesson'),
      sum(i.seconds),
      coalesce(sum(i.native_score) filter (where i.kind = 'lesson'), 0),
      count(*) filter (where i.kind = 'assessment'),
      coalesce(sum(i.eps) filter (where i.kind = 'assessment'), 0),
      (array_agg(i.eps order by i.occurred_at, i.id) filter (where i.kind = 'assessment'))[1],
      min(i.occurred_at) filter (where i.kind = 'assessment'),
      (array_agg(i.eps order by i.occurred_at desc, i.id desc) filter (where i.kind = 'assessment'))[1],
      max(i.occurred_at) filter (where i.kind = 'assessment'),
      max(i.occurred_at)
    from ${events} i
    join (
      select u.user_id, o.id as organization_id, o.timezone, ms.joined
      from (select distinct user_id from ${events}) u
      cross join lateral (
        -- the membership began with its earliest role row still there (a role added later continues it)
        select organization_id, min(created_at) as joined from memberships
        where user_id = u.user_id and disabled_at is null group by organization_id
      ) ms
      -- a deleted organization gets no more rollups (the events are stored all the same)
      join organizations o on o.id = ms.organization_id and o.deleted_at is null
      offset 0 -- kept apart: merged into the join, the lookup would run again for every event
    ) m on m.user_id = i.user_id and i.occurred_at >= m.joined
    group by 1, 2, 3`

/**
 * The batch's events as rows (`events`: one jsonb parameter) and their insert at `now` (a timestamptz
 * parameter): a retry already stored is skipped. With `only`, a condition, none of them unless it holds.
 */
const inputAndInsert = (events: SQL, now: SQL, only?: SQL) => sql`
  input as (
    select * from jsonb_to_recordset(${events}::jsonb) as e(ord integer,
      user_id integer, client_event_id text, kind practice_kind, occurred_at timestamptz,
      module_name text, lesson_name text, difficulty_level text, seconds integer, native_score real,
      eps real, overall_score real, pronunciation real, intonation real, fluency real, skills jsonb)
    ${only ? sql`where ${only}` : sql``}
  ),
  inserted as (
    insert into practice_events (user_id, client_event_id, kind, occurred_at, received_at, module_name, lesson_name,
      difficulty_level, seconds, native_score, eps, overall_score, pronunciation, intonation, fluency, skills)
    select user_id, client_event_id, kind, occurred_at, ${now}::timestamptz, module_name, lesson_name,
      difficulty_level, seconds, native_score, eps, overall_score, pronunciation, intonation, fluency, skills
    from input order by ord
    on conflict (user_id, client_event_id, occurred_at) do nothing
    returning id, user_id, client_event_id, occurred_at, received_at, kind, seconds, native_score, eps
  )`

/**
 * The upsert that adds the rollups of `rollups` (rollupsOf) to daily_practice, its rows written in key
 * order: two statements at once (two roll-up workers, a worker and the demo) lock the rows they share in
 * one order, so never wait for each other in a circle.
 */
const addRollups = (rollups: SQL) => sql`
    ${rollups}
    order by 1, 2, 3
    on conflict (organization_id, user_id, day) do update set
      lessons = d.lessons + excluded.lessons,
      seconds = d.seconds + excluded.seconds,
      native_score_sum = d.native_score_sum + excluded.native_score_sum,
      assessments = d.assessments + excluded.assessments,
      eps_sum = d.eps_sum + excluded.eps_sum,
      first_eps = case when d.first_eps_at is null or excluded.first_eps_at < d.first_eps_at then excluded.first_eps else d.first_eps end,
      first_eps_at = least(d.first_eps_at, excluded.first_eps_at),
      last_eps = case when d.last_eps_at is null or excluded.last_eps_at >= d.last_eps_at then excluded.last_eps else d.last_eps end,
      last_eps_at = greatest(d.last_eps_at, excluded.last_eps_at),
      last_active_at = greatest(d.last_active_at, excluded.last_active_at)`

const answerColumns = sql`id::text as id, user_id, client_event_id, to_json(occurred_at) #>> '{}' as occurred_at,
    to_json(received_at) #>> '{}' as received_at`

/** The events and their rollups, in one statement (the demo and the seed: see the top of this file). */
const insertStatement = (events: string, now: Date) => sql`
  with ${inputAndInsert(sql`${events}`, sql`${now.toISOString()}`)},
  rolled_up as (${addRollups(rollupsOf(sql`inserted`))})
  select ${answerColumns} from inserted`

/** Rows of `rollupsQueue`: the columns of an event a rollup reads, and when it was received. */
const queueColumns = sql`event_id, user_id, kind, occurred_at, received_at, seconds, native_score, eps`

/** The append's values, given when it is executed. */
const appendEvents = sql`${sql.placeholder('events')}`
const appendNow = sql`${sql.placeholder('now')}`
const appendWindows = sql`${sql.placeholder('windows')}`
const appendUser = sql.placeholder('user')
const appendUserVersion = sql`${sql.placeholder('user_version')}::bigint`

/**
 * The API's append (appendPracticeEvents), one statement: the events inserted, queued for the roll-up
 * worker (practice_rollup_queue) or, `rollUpNow`, added to daily_practice in this statement, the inserted ones added to the learner's windows in rate_limits (in
 * key order, as addToWindows: an expired window starts again), and the retries among them read as first
 * stored. Past a window's maximum, practice_events_refused raises PQ429 with the seconds to wait, which
 * rolls the whole statement back: events, queue rows and counts. Each row answers whether it was
 * inserted now; a retry first stored by a statement still running when this one began is not among them.
 * Given a `user_version`, the statement checks the caller's session (kept in the process, not read:
 * auth/authenticate.ts UncheckedSession): unless the user's scope is still at that version, it writes and
 * counts nothing and answers one row without an id.
 */
const appendStatement = (rollUpNow: boolean) => sql`
  with session_holds as (
    select ${appendUserVersion} is null or ${versionInStatement('user', appendUser)} = ${appendUserVersion} as holds
  ),
  ${inputAndInsert(appendEvents, appendNow, sql`(select holds from session_holds)`)},
  ${rollUpNow ? sql`rolled_up as (${addRollups(rollupsOf(sql`inserted`))}),` : sql`queued as (
    insert into practice_rollup_queue (${queueColumns})
    select id, user_id, kind, occurred_at, received_at, seconds, native_score, eps from inserted
  ),`}
  added as (select count(*)::int as n from inserted),
  limits as (select * from jsonb_to_recordset(${appendWindows}::jsonb) as w(key text, seconds integer, max integer)),
  counted as (
    insert into rate_limits as r (key, count, window_ends_at)
    select l.key, a.n, ${appendNow}::timestamptz + make_interval(secs => l.seconds)
    from limits l cross join added a where a.n > 0
    order by l.key collate "C"
    on conflict (key) do update set
      count = case when r.window_ends_at <= ${appendNow}::timestamptz then excluded.count else r.count + excluded.count end,
      window_ends_at = case when r.window_ends_at <= ${appendNow}::timestamptz then excluded.window_ends_at else r.window_ends_at end
    returning r.key, r.count, r.window_ends_at
  ),
  refused as (
    select practice_events_refused(max(ceil(extract(epoch from c.window_ends_at - ${appendNow}::timestamptz)))::integer) as wait
    from counted c join limits l on l.key = c.key
    where c.count > l.max
    having count(*) > 0
  ),
  existing as (
    select distinct p.id, p.user_id, p.client_event_id, p.occurred_at, p.received_at
    from input k
    cross join lateral (
      select p.id, p.user_id, p.client_event_id, p.occurred_at, p.received_at from practice_events p
      where p.user_id = k.user_id and p.client_event_id = k.client_event_id and p.occurred_at = k.occurred_at
      limit 1 -- kept apart: merged into a join, the planner hashed the whole table for a batch it guesses at 100 rows
    ) p
    where not exists (
      select from inserted i where i.user_id = k.user_id and i.client_event_id = k.client_event_id and i.occurred_at = k.occurred_at
    )
  )
  select ${answerColumns}, true as inserted from inserted
  union all select ${answerColumns}, false from existing
  -- no row: read so that the refusal is raised when a window is passed
  union all select null, null, null, null, null, null from refused
  -- the session's check failed: nothing was written
  union all select null, null, null, null, null, null from session_holds where not holds`

/** The append as a statement prepared by name, queued or rolled up at once (appendStatement). */
const appendStatements = {
  queued: preparedStatement<Row & { inserted: boolean }>('practice_append', appendStatement(false)),
  rolledUp: preparedStatement<Row & { inserted: boolean }>('practice_append_rolled_up', appendStatement(true)),
}

/** The events already stored among `keys` (the retries of a batch). */
const storedStatement = (keys: string) => sql`
  select p.id::text as id, p.user_id, p.client_event_id, to_json(p.occurred_at) #>> '{}' as occurred_at,
    to_json(p.received_at) #>> '{}' as received_at
  from jsonb_to_recordset(${keys}::jsonb) as k(user_id integer, client_event_id text, occurred_at timestamptz)
  join practice_events p on p.user_id = k.user_id and p.client_event_id = k.client_event_id and p.occurred_at = k.occurred_at`

const checked = (events: readonly PracticeEvent[], now: Date) => {
  for (const event of events) {
    const problems = practiceEventProblems(event, now)
    if (Object.keys(problems).length > 0) throw new InvalidPracticeEvent(problems)
  }
}

/**
 * The answers in the order of `events`: those of the statement's rows, and the retries it did not see
 * (stored by a statement still running when it began) read again, after it. Every event is then stored.
 */
const answered = async (db: Executor, events: readonly PracticeEvent[], rows: readonly (Row & { inserted?: boolean })[]): Promise<RecordedEvent[]> => {
  const byKey = new Map<string, RecordedEvent>()
  for (const row of rows) {
    const event = recorded(row, row.inserted ?? true)
    const key = keyOf(event.userId, event.clientEventId, event.occurredAt)
    // an event sent twice in one batch: inserted by the first, the answer of both
    if (!byKey.get(key)?.inserted) byKey.set(key, event)
  }
  const retries = events.filter((event) => !byKey.has(keyOf(event.userId, event.clientEventId, event.occurredAt)))
  for (const event of await findStored(db, retries)) byKey.set(keyOf(event.userId, event.clientEventId, event.occurredAt), event)
  return events.map((event) => {
    const stored = byKey.get(keyOf(event.userId, event.clientEventId, event.occurredAt))
    if (!stored) throw new Error(`practice event ${event.clientEventId} was neither stored nor found`)
    return stored
  })
}

/**
 * Records events received at `now` with their rollups at once (see the top of this file) and answers each
 * as stored, in the order given: the demo and the seed, whose reports must be whole when they end. Throws
 * InvalidPracticeEvent, storing nothing, when one of them is not valid at `now`.
 */
export const recordPracticeEvents = async (db: Executor, events: readonly PracticeEvent[], now: Date): Promise<RecordedEvent[]> => {
  if (events.length === 0) return []
  checked(events, now)
  return answered(db, events, await rowsOf<Row>(db, insertStatement(JSON.stringify(events.map(inputRow)), now)))
}

/** A learner's count of events in `rate_limits` (server/practice/quota.ts): its key, length and maximum. */
export interface EventWindow {
  key: string
  seconds: number
  max: number
}

/**
 * The events as stored, or the seconds to wait when they would pass a window, or that the session to check
 * has changed (`userVersion`: authenticate the call in full, and append again); nothing was stored but in the first.
 */
export type AppendOutcome = { recorded: RecordedEvent[] } | { wait: number } | { sessionChanged: true }

/** The seconds to wait of a refusal by practice_events_refused (SQLSTATE PQ429), else undefined. */
const refusalWait = (error: unknown): number | undefined => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, detail } = current as { code?: unknown; detail?: unknown }
    if (code === 'PQ429') return Number(detail)
  }
  return undefined
}

/**
 * The API's ingestion: appends events received at `now` in one statement (appendStatement), which counts
 * the ones stored against the learner's `windows` and queues them for the roll-up worker
 * (rollup-worker.ts); daily_practice follows within seconds (freshness.ts), not in this call, so that
 * learners of one organization never wait on each other's rows of its rollups. A retry of events all
 * stored already stores and counts nothing and is answered even when a window is full. The caller kicks
 * the worker once this has returned (the statement has committed). With `rollUpNow` (PGlite:
 * rollup-worker.ts) the statement adds them to daily_practice itself and nothing is queued. Throws InvalidPracticeEvent, storing
 * nothing, when an event is not valid at `now`.
 */
export const appendPracticeEvents = async (
  db: Executor,
  events: readonly PracticeEvent[],
  now: Date,
  windows: readonly EventWindow[],
  {
    rollUpNow = false,
    userVersion,
  }: {
    rollUpNow?: boolean
    /** The version of the caller's user scope its session was kept at: checked in the statement (appendStatement). */
    userVersion?: number | undefined
  } = {},
): Promise<AppendOutcome> => {
  if (events.length === 0) return { recorded: [] }
  checked(events, now)
  let rows: (Row & { inserted: boolean })[]
  try {
    rows = await appendStatements[rollUpNow ? 'rolledUp' : 'queued'](db, {
      events: JSON.stringify(events.map(inputRow)),
      now: now.toISOString(),
      windows: JSON.stringify(windows),
      user: events[0]!.userId,
      user_version: userVersion ?? null,
    })
  } catch (error) {
    const wait = refusalWait(error)
    if (wait === undefined) throw error
    return { wait }
  }
  if (rows.some((row) => row.id === null)) return { sessionChanged: true }
  return { recorded: await answered(db, events, rows) }
}

/** Those of `events` already stored, as first recorded (in no particular order). */
const findStored = async (db: Executor, events: readonly PracticeEvent[]): Promise<RecordedEvent[]> => {
  if (events.length === 0) return []
  const keys = events.map((event) => ({ user_id: event.userId, client_event_id: event.clientEventId, occurred_at: event.occurredAt.toISOString() }))
  return (await rowsOf<Row>(db, storedStatement(JSON.stringify(keys)))).map((row) => recorded(row, false))
}

/** Records one event (recordPracticeEvents with one). */
export const recordPracticeEvent = async (db: Executor, event: PracticeEvent, now: Date): Promise<RecordedEvent> => {
  const [stored] = await recordPracticeEvents(db, [event], now)
  return stored!
}

/**
 * Rolls up at most `limit` queued events (practice_rollup_queue) in one statement: claims them with
 * FOR UPDATE SKIP LOCKED (rows another process's worker holds are left to it), deletes them and adds their
 * rollups to daily_practice, so that the queue rows go exactly when their rollups come, whatever crashes
 * (a worker that dies before its commit leaves them queued for the next pass). The memberships are those
 * of the roll-up (rollupsOf), which follows the append within seconds. The 0023 triggers then update the
 * organization pre-aggregates once for the whole batch. Answers how many events it took (0: none waiting).
 */
export const rollUpQueuedEvents = async (db: Executor, limit: number): Promise<number> => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    with claimed as (
      delete from practice_rollup_queue q
      where q.event_id in (select event_id from practice_rollup_queue order by event_id limit ${limit} for update skip locked)
      returning q.event_id as id, q.user_id, q.kind, q.occurred_at, q.seconds, q.native_score, q.eps
    ),
    rolled_up as (${addRollups(rollupsOf(sql`claimed`))})
    select count(*)::int as n from claimed`,
  )
  return row?.n ?? 0
}
