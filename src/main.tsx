import { createRoot as createReactRoot } from 'react-dom/client'
import { App } from './app/App'
import { setInspect } from './app/inspect'
import { activateLocale, initialLocale } from './app/language'
import { redact } from './app/redact'
import { createRoot } from './app/root'
import { storage } from './api/storage'
import { initColorMode } from './ui'
import './index.css'

initColorMode()
await activateLocale(initialLocale())

// Development with VITE_INSPECT=1: every actor shows up in the Stately inspector, secrets masked.
if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1') {
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector({ sanitizeContext: redact, sanitizeEvent: redact })
  setInspect(inspector.inspect)
}

const session = createRoot()
// with a stored login, the screen of the address: its code and first reads start now, beside the session's restore
// (a chunk of its own: the login page's first load does not carry it)
if (storage.readLogin()) import('./app/route-data').then((m) => m.prefetchRoute(), () => undefined)
const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')
// No StrictMode: its development-only unmount/remount stops and restarts every screen's flow,
// which would send one-time calls (confirm a link, accept an invitation) twice.
createReactRoot(container).render(<App session={session} />)
