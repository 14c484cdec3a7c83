import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A component whose code comes when it is first shown (issue 21: code on demand). */
export interface OnDemand<Props> {
  /** Shown inside a Suspense boundary of its own (a dialog's: nothing while its code comes; a tab's: a spinner). */
  Component: LazyExoticComponent<ComponentType<Props>>
  /** Starts fetching its code (a failure is left to its showing, under its error boundary). */
  fetch: () => void
  /** Spread on the controls that show it: the code starts coming when one is pointed at or focused. */
  prefetch: { onPointerEnter: () => void; onFocus: () => void }
}

/**
 * A dialog, a panel or a tab's content that a page shows only when asked: its code (and what only it
 * imports: a form's fields, a file chooser, a menu) stays out of the page's first load and comes when a
 * control that shows it is pointed at or focused, else when it is first shown. `load` imports the module
 * and picks the component; the browser fetches a module once however often it is asked.
 */
export const onDemand = <Props>(load: () => Promise<ComponentType<Props>>): OnDemand<Props> => {
  const fetch = () => void load().catch(() => undefined)
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    fetch,
    prefetch: { onPointerEnter: fetch, onFocus: fetch },
  }
}
