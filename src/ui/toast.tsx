import type { ToastStore } from './toast-store'

/** Distance of the toasts from the top of the window (the spec's "toast offset 105"). */
export const TOAST_TOP_OFFSET = '105px'

type ToastOptions = Parameters<ToastStore['create']>[0]

/*
 * Most visits raise no toast before they leave the login page: the store (zag's toast machine,
 * toast-store.ts) is loaded with the first toast, and the calls made meanwhile reach it in order.
 */
let store: Promise<ToastStore> | undefined
const raisedListeners = new Set<() => void>()

const loadStore = (): Promise<ToastStore> => {
  if (!store) {
    store = import('./toast-store').then((m) => m.toastStore)
    for (const listener of raisedListeners) listener()
  }
  return store
}

const later =
  (type: 'success' | 'error' | 'warning' | 'info') =>
  (options: ToastOptions): void =>
    void loadStore().then((loaded) => loaded[type](options))

/**
 * The app's one toaster. Call `toaster.success({ title, description })`, `toaster.error(...)`,
 * `toaster.warning(...)` or `toaster.info(...)`; texts must come from the translations. The toasts are
 * shown by `<Toaster/>` (toaster.tsx), which the app mounts once the first toast was raised
 * (`subscribeToastRaised`).
 */
export const toaster = {
  success: later('success'),
  error: later('error'),
  warning: later('warning'),
  info: later('info'),
  /** Closes the toast of that id (every toast without one); before any toast there is none to close. */
  dismiss: (id?: string): void => void store?.then((loaded) => loaded.dismiss(id)),
}

/** Whether any toast was raised yet (then the toasts' region is needed). */
export const toastRaised = (): boolean => store !== undefined

export const subscribeToastRaised = (listener: () => void): (() => void) => {
  raisedListeners.add(listener)
  return () => raisedListeners.delete(listener)
}
