import { createToaster } from '@ark-ui/react/toast'
import { TOAST_TOP_OFFSET } from './toast'

/*
 * The store behind `toaster` (toast.tsx): zag's toast machine, made by Ark. Loaded with the first
 * toast, like the region that shows it (toaster.tsx), so neither is part of the first load.
 */
export const toastStore = createToaster({
  placement: 'top-end',
  overlap: true,
  gap: 16,
  max: 5,
  offsets: { top: TOAST_TOP_OFFSET, right: '1rem', bottom: '1rem', left: '1rem' },
})

export type ToastStore = typeof toastStore

/**
 * The store as the Toaster listens to it: subscribing also delivers every toast the store already
 * holds. Ark's toast group (zag 1.x) reads `getVisibleToasts()` and only then subscribes, and in
 * between it updates React with `flushSync`, which first runs the effects React still has pending —
 * a screen whose flow raises a toast as it starts (an unreadable ?invite= link) creates its toast in
 * that gap, and the group never hears of it. Replaying on subscribe closes the gap: the group
 * merges a toast it already shows (same id) and adds one it missed, so a toast raised at any moment
 * — before the Toaster mounts, while it mounts, or after — is shown.
 */
export function replayingStore(store: ToastStore): ToastStore {
  return {
    ...store,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      // the store lists the newest first and the group puts each new toast first: oldest first keeps the order
      for (const held of store.getVisibleToasts().toReversed()) listener(held)
      return unsubscribe
    },
  }
}
