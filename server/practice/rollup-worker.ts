import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/store.js'
import { rollUpQueuedEvents } from './ingest.js'

/**
 * The roll-up worker: brings daily_practice up to date with the events the API appended
 * (practice_rollup_queue, ingest.ts appendPracticeEvents), in batches of up to BATCH events, each one
 * statement (rollUpQueuedEvents) whose 0023 triggers update the organization pre-aggregates once for the
 * batch rather than once per call. The ingestion kicks it after each append has committed (a pass at once,
 * or KICK_GAP_MS after the last one began); it also polls every POLL_MS, for the events appended by a
 * process that stopped.
 *
 * Freshness: a lesson shows in its class report and dashboards within about a second of its call, and
 * within 5 seconds however busy the store (a kick or the next poll of any process takes it);
 * server/practice/freshness.ts says up to which instant an organization's figures are whole.
 *
 * Several server processes on one store each run one: a batch is claimed with FOR UPDATE SKIP LOCKED,
 * so two workers never take the same event, and an event is rolled up exactly once, in the statement
 * that takes it off the queue.
 *
 * On embedded PGlite (one process, one connection) nothing waits on anything else's rows, and a queue
 * would only add its insert, its claim and a second statement to each call: there the append rolls its
 * events up in its own statement (`inline`), as before the queue, and the worker finds nothing to do.
 */

/** Events one statement rolls up at most; how often the worker looks for events no kick announced. */
const BATCH = 5_000
const POLL_MS = 1_000
/**
 * The least time from the start of one kicked pass to the start of the next. A pass has a cost of its own
 * whatever it takes (its statements, the 0023 triggers' work per organization and learner, a practice
 * version moved per organization: every kept report of it read again), and under load every call kicks:
 * without a gap, each pass took the few events of the calls since the last one (on PostgreSQL, 20 learners
 * posting a lesson a call: passes of some 6 events at 3 ms each, against some 170 events at 17 ms with the
 * gap). A quiet store's first kick still runs at once; under load a lesson waits at most this for its pass.
 */
const KICK_GAP_MS = 250

export interface RollupWorker {
  /** Appends roll their events up in their own statement instead of queueing them (PGlite). */
  readonly inline: boolean
  /** Rolls up what is queued, in the background, now or KICK_GAP_MS after the last pass began (called after an append committed). */
  kick(): void
  /** Rolls up what is queued now, and resolves when it has taken all that was queued when it began (the poll; tests). */
  rollUpDue(): Promise<void>
  /** Stops polling and waits for the batch in flight. */
  close(): Promise<void>
}

export const rollupWorker = (options: {
  db: Database
  log: FastifyBaseLogger
  /** Default POLL_MS; 0: no poll, only kicks (tests that look at what waits). */
  pollMs?: number | undefined
  /** Appends roll up in their own statement (default false: queued for this worker). */
  inline?: boolean | undefined
}): RollupWorker => {
  const { db, log } = options
  let running: Promise<void> | undefined
  let again = false
  let closed = false
  /** When the last pass started (performance.now()); a kick within KICK_GAP_MS of it waits for the rest. */
  let lastPass = -Infinity
  let kicked: ReturnType<typeof setTimeout> | undefined
  let kickedWhileRunning = false

  /**
   * Batches until one is not full: it took all that was queued (and not held by another process's
   * worker). Not until one finds nothing: under load, events come in while a batch runs, and the pass
   * went on taking them a few at a time; they are the next pass's, which their calls' kicks ask for.
   */
  const drain = async () => {
    do {
      again = false
      while (!closed && (await rollUpQueuedEvents(db, BATCH)) === BATCH) {
        // the next batch
      }
    } while (again && !closed)
  }

  const rollUpDue = (): Promise<void> => {
    if (running) {
      // an event appended while a pass reads its last batch is taken by one more round
      again = true
      return running
    }
    if (closed) return Promise.resolve()
    lastPass = performance.now()
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'practice roll-up stopped; the next poll takes it up'))
      .finally(() => {
        running = undefined
        // an append that committed during the pass: its events may have come after the last batch's claim
        if (kickedWhileRunning) {
          kickedWhileRunning = false
          kick()
        }
      })
    return running
  }

  /** A pass now, or KICK_GAP_MS after the last one started; one pass for all the kicks in between. */
  const kick = () => {
    if (closed || kicked) return
    if (running) {
      kickedWhileRunning = true
      return
    }
    const wait = lastPass + KICK_GAP_MS - performance.now()
    if (wait <= 0) {
      void rollUpDue()
      return
    }
    kicked = setTimeout(() => {
      kicked = undefined
      void rollUpDue()
    }, wait)
    kicked.unref()
  }

  // inline appends queue nothing: no poll, only the pass at the start for what an earlier run left queued
  const pollMs = options.inline ? 0 : (options.pollMs ?? POLL_MS)
  const timer = pollMs > 0 ? setInterval(() => void rollUpDue(), pollMs) : undefined
  timer?.unref()
  // events left queued by a process that stopped are taken up at once
  void rollUpDue()

  return {
    inline: options.inline ?? false,
    kick,
    rollUpDue,
    close: async () => {
      closed = true
      clearInterval(timer)
      clearTimeout(kicked)
      await running
    },
  }
}
