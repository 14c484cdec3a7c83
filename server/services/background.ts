import type { FastifyBaseLogger } from 'fastify'

/**
 * Work done after the answer, so that the time of an answer does not depend on it: the link of a
 * password reset or of a sign-up is issued and its mail written to the outbox, in one transaction
 * (commitThenSend), while the answer is already on its way (whether an address has an account must not
 * show in how long the answer takes). A task that fails is logged;
 * `settled` waits for the tasks still running, and the server waits for it before it closes, so that
 * no mail is lost on a shutdown.
 */
export interface BackgroundWork {
  /** Starts `task` without waiting for it; `what` names it in the log when it fails. */
  run(what: string, task: () => Promise<void>): void
  /** Resolves once every task started so far (and any they started) has ended. */
  settled(): Promise<void>
}

export const backgroundWork = (log: FastifyBaseLogger): BackgroundWork => {
  const running = new Set<Promise<void>>()
  return {
    run: (what, task) => {
      const work: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: what }, 'background task failed'))
        .finally(() => running.delete(work))
      running.add(work)
    },
    settled: async () => {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
