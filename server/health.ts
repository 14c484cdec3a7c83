import { sql } from 'drizzle-orm'
import type { Handler } from './contract/handler.js'
import type { Executor } from './db/store.js'
import { ApiError } from './http/errors.js'

/** How long the store may take to answer before the process says it is not ready. */
export const STORE_ANSWER_TIMEOUT_MS = 2000

const TIMED_OUT = Symbol('timed out')

/** Whether the store answers one trivial query within `timeoutMs` (a pool waiting for a lost server never answers). */
export const storeAnswers = async (db: Executor, timeoutMs = STORE_ANSWER_TIMEOUT_MS): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, TIMED_OUT)
  })
  try {
    const answer = await Promise.race([db.execute(sql`select 1`), timeout])
    return answer !== TIMED_OUT
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GET /v1/health — readiness: the process answers and so does its store. A 503 takes the process out
 * of a load balancer's rotation while its database is away, instead of answering every call with a 500.
 */
export const health: Handler<'health'> = async ({ app, t }) => {
  if (!(await storeAnswers(app.db))) {
    throw new ApiError(503, { detail: t.api.storeUnavailable(), code: 'store_unavailable' }, { 'retry-after': '5' })
  }
  return { status: 'ok' }
}
