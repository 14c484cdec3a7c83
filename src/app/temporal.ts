import type { Intl as PolyfillIntl, Temporal as PolyfillTemporal } from 'temporal-polyfill'

/*
 * What the web app's `import { Temporal, Intl } from 'temporal-polyfill'` gets: vite.config.ts points the
 * browser's build here (the tests and the server keep the polyfill itself). Where the browser has Temporal
 * (Chromium since 144), these are the browser's own Temporal and Intl, and the polyfill's 18 KB never load
 * (issue 21). Elsewhere loadDateFormatters (src/app/language.ts), which every logged-in screen awaits
 * before it shows a date, installs the polyfill on globalThis first. Each read goes to globalThis at the
 * time of the read, so a module that imports these before the polyfill came still gets it.
 */

const live = <T extends object>(read: () => T): T => new Proxy({} as T, { get: (_, key) => Reflect.get(read(), key) })

export const Temporal: typeof PolyfillTemporal = live(() => (globalThis as unknown as { Temporal: typeof PolyfillTemporal }).Temporal)
export const Intl: typeof PolyfillIntl = live(() => globalThis.Intl as unknown as typeof PolyfillIntl)
