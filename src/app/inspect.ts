import type { InspectionEvent, Observer } from 'xstate'

/**
 * The Stately inspector's observer when development runs with VITE_INSPECT=1 (main.tsx attaches it),
 * given to the root actor and to every screen's flow so they all show up in the inspector.
 */
let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined

export const setInspect = (observer: typeof inspect): void => {
  inspect = observer
}

/** Options for createActor / useActorRef: the inspector when one is attached, nothing otherwise. */
export const actorOptions = (): { inspect?: NonNullable<typeof inspect> } => (inspect ? { inspect } : {})
