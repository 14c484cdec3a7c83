import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Writes that reach reports only later, through the roll-up worker (server/practice/rollup-worker.ts):
 * nothing of them is there to read at once, so the app's every call would pay for a note that guards nothing.
 */
const ROLLED_UP_LATER = new Set(['recordPracticeEvents'])

/**
 * Read-your-writes with a read replica (server/db/replica.ts): after a signed-in person's write request
 * succeeds (a refused one changed nothing), and before its answer leaves, the store notes where the
 * primary's log stands, so that the person's next report does not read a replica that has not replayed
 * the write yet. Only with a replica: without one, nothing is noted and no round trip is added.
 */
export const registerReadYourWrites = (app: FastifyInstance, context: AppContext): void => {
  const { reads } = context.store
  if (!reads.replica) return
  app.addHook('onSend', async (request, reply, payload) => {
    const userId = request.auth?.user.id
    if (userId === undefined || READS.has(request.method) || reply.statusCode >= 400) return payload
    if (ROLLED_UP_LATER.has((request.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? '')) return payload
    try {
      await reads.wrote(userId)
    } catch (error) {
      // the write is done; at worst this person's next report reads a replica a moment behind
      request.log.error({ err: error }, 'the position of a write could not be noted for read-your-writes')
    }
    return payload
  })
}
