import { type ActorRefFrom, createActor } from 'xstate'
import { sessionMachine } from '../../machines/session'
import { saveLanguage } from '../api/account'
import { connectClient } from '../api/client'
import { sessionActors } from '../api/session'
import { storage } from '../api/storage'
import { toaster } from '../ui'
import { actorOptions } from './inspect'
import { activeLocale, currentLL } from './language'

/**
 * The root actor: the session, created once for the app's lifetime under systemId 'session'.
 * It gets the real actors (src/api) and the side effects of its named actions (storage, toasts),
 * and the API client is connected to it (token, language, 401 → `session.expired`). It follows the
 * other tabs of the browser (a login or logout there is one here) and checks the session again
 * whenever the tab is shown, so a session ended elsewhere is noticed without a click.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** Data areas register a reset here; logout and session expiry empty them all. */
const dataAreaResets = new Set<() => void>()
export const onResetDataAreas = (reset: () => void): (() => void) => {
  dataAreaResets.add(reset)
  return () => dataAreaResets.delete(reset)
}

const EXPIRED_TOAST_ID = 'session-expired'

export const createRoot = (): SessionActor => {
  const session = createActor(
    sessionMachine.provide({
      actors: { ...sessionActors, saveLanguage },
      actions: {
        persistSession: (_, params) => {
          storage.saveLogin({ token: params.session.token, userId: params.session.user_id })
          // The session-expired warning goes away once somebody logs in again.
          toaster.dismiss(EXPIRED_TOAST_ID)
        },
        persistOrganization: (_, params) => storage.saveOrganization(params.organizationId),
        clearStorage: () => storage.clearLogin(),
        resetDataAreas: () => {
          for (const reset of dataAreaResets) reset()
        },
        warnSessionExpired: ({ self }) => {
          toaster.warning({ id: EXPIRED_TOAST_ID, title: currentLL().auth.sessionExpired(), duration: 8000 })
          // The warning is raised once; the flag is cleared as soon as it is shown.
          queueMicrotask(() => self.send({ type: 'session.warningSeen' }))
        },
      },
    }),
    { systemId: 'session', ...actorOptions() },
  )
  connectClient({
    token: () => session.getSnapshot().context.token,
    locale: activeLocale,
    onSessionExpired: () => session.send({ type: 'session.expired' }),
  })
  session.start()
  storage.watchLogin(
    (login) =>
      session.send(login ? { type: 'session.loggedInElsewhere', token: login.token } : { type: 'session.loggedOutElsewhere' }),
    window,
  )
  // a refresh loads the account: a revoked session answers 401 and ends here (ignored when logged out)
  const recheck = () => {
    if (document.visibilityState === 'visible') session.send({ type: 'session.refresh' })
  }
  document.addEventListener('visibilitychange', recheck)
  window.addEventListener('focus', recheck)
  return session
}
