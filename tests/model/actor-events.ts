/**
 * The events an invoked actor sends to its machine, built for paths: shared by the model-based tests
 * (tests/model/harness.ts) and the browser path walker (tests/e2e/support/machine-paths.ts).
 * No test runner is imported here, so both vitest and Playwright can load it.
 */
import type { AnyStateMachine, EventFromLogic } from 'xstate'

export interface DoneActorEvent<T = unknown> {
  type: `xstate.done.actor.${string}`
  output: T
  actorId: string
}

export interface ErrorActorEvent {
  type: `xstate.error.actor.${string}`
  error: unknown
  actorId: string
}

/** Any event a path through the machine may take: its own, or an invoked actor's. */
export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M> | DoneActorEvent | ErrorActorEvent

/** The event an invoked actor sends when it resolves. */
export const done = <T>(id: string, output: T): DoneActorEvent<T> => ({
  type: `xstate.done.actor.${id}`,
  output,
  actorId: id,
})

/** The event an invoked actor sends when it rejects. */
export const failed = (id: string, error: unknown): ErrorActorEvent => ({
  type: `xstate.error.actor.${id}`,
  error,
  actorId: id,
})
