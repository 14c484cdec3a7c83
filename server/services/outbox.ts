import { and, asc, getTableName, inArray, isNull, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../auth/clock.js'
import type { mailOutbox, smsOutbox } from '../db/schema.js'
import type { Database, Transaction } from '../db/store.js'

/**
 * Delivery out of an outbox table (mail_outbox, sms_outbox), DESIGN.md's "messages out": a message is
 * written to its table in the transaction of the change that causes it (`insertOutboxRows`, through
 * the mailer's and the SMS sender's `queue`); once that has committed (`commitThenSend`), this worker
 * hands the due ones to the real backend (SMTP, the SMS provider) and records the outcome. A failure that may pass (a server down, a 4xx
 * saying "try later") is tried again later, after 1 minute, 5 minutes, 30 minutes and 2 hours; a
 * refusal that will not pass (an address refused) is recorded and not tried again.
 *
 * Several server processes may share the table: a process claims the rows it sends by pushing their
 * next attempt a lease ahead, in one statement that skips rows another process holds, so that no
 * message is sent twice by two processes and one whose process died is taken up after the lease.
 */

export type OutboxTable = typeof mailOutbox | typeof smsOutbox
export type OutboxRow<Table extends OutboxTable> = Table['$inferSelect']

/** Thrown by a delivery whose refusal will not change by trying again. */
export class PermanentFailure extends Error {}

/** Minutes to wait after the 1st, 2nd, ... failed attempt; after the last one, delivery gives up. */
export const RETRY_AFTER_MINUTES = [1, 5, 30, 120] as const
export const MAX_ATTEMPTS = RETRY_AFTER_MINUTES.length + 1

/** Rows one claim takes; a message's lease: the time its delivery may take before another process may try it. */
const BATCH = 20
const LEASE_MS = 5 * 60_000
/** How often the worker looks for retries that have come due. */
const POLL_MS = 15_000

/** Rows of one insert: a batch's thousands of mails go in a few statements, each row a few kilobytes of HTML. */
const ROWS_PER_INSERT = 250

/** Writes messages to an outbox table in `tx`, a few hundred rows a statement. */
export const insertOutboxRows = async <Table extends OutboxTable>(
  tx: Transaction,
  table: Table,
  rows: ReadonlyArray<Table['$inferInsert']>,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(table as typeof mailOutbox).values(rows.slice(start, start + ROWS_PER_INSERT) as (typeof mailOutbox.$inferInsert)[])
  }
}

/**
 * Runs `work` in one transaction, in which it writes its change and the messages the change causes
 * (`app.mailer.queue(tx, ...)`, `app.sms.queue(tx, ...)`), then wakes the outbox workers to send them:
 * sending starts only once they exist for good. (Were the kick forgotten, the worker's poll would
 * still find them.)
 */
export const commitThenSend = async <T>(
  app: { db: Database; mailer: { kick(): void }; sms: { kick(): void } },
  work: (tx: Transaction) => Promise<T>,
): Promise<T> => {
  const result = await app.db.transaction(work)
  app.mailer.kick()
  app.sms.kick()
  return result
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)

export interface OutboxWorker {
  /** Delivers what is due now, in the background (called after a message was written). */
  kick(): void
  /** Delivers what is due now, and resolves when done (the poll timer; tests). */
  deliverDue(): Promise<void>
  /** Stops polling and waits for the deliveries in flight. */
  close(): Promise<void>
}

export const outboxWorker = <Table extends OutboxTable>(options: {
  db: Database
  clock: Clock
  log: FastifyBaseLogger
  table: Table
  /** Hands one message to the backend; answers the backend's id of it, if it gives one. */
  deliver: (row: OutboxRow<Table>) => Promise<string | undefined>
}): OutboxWorker => {
  const { db, clock, log } = options
  // one table type for the statements: the two tables share every column used here
  const table = options.table as typeof mailOutbox
  let running: Promise<void> | undefined
  let again = false

  const claim = async (): Promise<OutboxRow<Table>[]> => {
    const now = clock()
    const due = db
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.sentAt), lte(table.nextAttemptAt, now)))
      .orderBy(asc(table.id))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const rows = await db
      .update(table)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(table.id, due))
      .returning()
    return rows as OutboxRow<Table>[]
  }

  const attempt = async (row: OutboxRow<Table>) => {
    const attempts = row.attempts + 1
    try {
      const providerId = await options.deliver(row)
      // the provider's id is kept by the tables that have a column for it (sms_outbox)
      const sent = { sentAt: clock(), attempts, nextAttemptAt: null, error: null, ...(providerId === undefined ? {} : { providerId }) }
      await db.update(table).set(sent).where(inArray(table.id, [row.id]))
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
      const retryAfter = error instanceof PermanentFailure ? undefined : RETRY_AFTER_MINUTES[attempts - 1]
      log.error({ outbox: getTableName(table), messageId: row.id, attempts, err: error }, 'message delivery failed')
      await db
        .update(table)
        .set({ error: message, attempts, nextAttemptAt: retryAfter === undefined ? null : minutesAfter(clock(), retryAfter) })
        .where(inArray(table.id, [row.id]))
    }
  }

  const drain = async () => {
    do {
      again = false
      for (let rows = await claim(); rows.length > 0; rows = await claim()) {
        for (const row of rows) await attempt(row)
      }
    } while (again)
  }

  const deliverDue = (): Promise<void> => {
    if (running) {
      // a message written while a drain is reading its last batch is taken by one more round
      again = true
      return running
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'outbox delivery stopped'))
      .finally(() => {
        running = undefined
      })
    return running
  }

  const timer = setInterval(() => void deliverDue(), POLL_MS)
  timer.unref()
  // messages left due by a process that stopped are taken up at once
  void deliverDue()

  return {
    kick: () => void deliverDue(),
    deliverDue,
    close: async () => {
      clearInterval(timer)
      await running
    },
  }
}
