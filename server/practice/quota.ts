import type { Translator } from '../../locales/server.js'
import type { RateLimitConfig } from '../config.js'
import { ApiError } from '../http/errors.js'
import type { Limit } from '../services/rate-limit.js'

/**
 * How many practice events one learner may record through the API: PRACTICE_EVENTS_PER_HOUR and
 * PRACTICE_EVENTS_PER_DAY, so that a learner's session (or a stolen one) cannot grow the events and
 * their rollups without end. A call caps a batch (100 events, 256 KB), not how often it comes.
 *
 * Counted in the store's `rate_limits` table, like the other limits, so that every server process on
 * one database shares the counts: one row per learner and window, a window starting with the first
 * event counted in it and lasting an hour or a day. Only events stored count: a retry of events already
 * there stores nothing and counts nothing. The count is added, and checked, by the ingestion's one
 * statement (ingest.ts appendPracticeEvents): a call that passes a window is rolled back whole. The
 * demo and the seed record without the API and are not counted.
 */

export interface PracticeWindow extends Limit {
  seconds: number
}

/** The learner's two windows, in key order (the order an upsert locks its rows in: no two calls wait in a circle). */
export const practiceWindows = (userId: number, config: RateLimitConfig): PracticeWindow[] => [
  { key: `practice-events:day:${userId}`, seconds: 24 * 60 * 60, max: config.practiceEventsPerDay },
  { key: `practice-events:hour:${userId}`, seconds: 60 * 60, max: config.practiceEventsPerHour },
]

/** 429 with Retry-After, saying to the app's developer what the limits are and that nothing was stored. */
export const tooManyPracticeEvents = (t: Translator, config: RateLimitConfig, seconds: number) =>
  new ApiError(
    429,
    { detail: t.api.practiceEventsLimit({ perHour: config.practiceEventsPerHour, perDay: config.practiceEventsPerDay, seconds }), code: 'rate_limited' },
    { 'retry-after': String(seconds) },
  )
