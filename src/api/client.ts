import createClient, { type Middleware } from 'openapi-fetch'
import type { Locales } from '../../locales/i18n-types'
import { isLocale } from '../../locales/languages'
import type { paths } from '../../openapi/schema'
import { apiError, isSessionExpired, toApiError, type ApiError } from './errors'
import type { Ahead } from './prefetch'

/**
 * The one API client of the app: openapi-fetch typed by the contract, same origin.
 * Its middleware adds the session's bearer token and the active language to every request and
 * reports a 401 `{detail: "Session expired"}` of a call made with the session's token to the
 * session (which ends it and goes to Login).
 * Only the actors in src/api call it.
 */

export type ClientBridge = {
  /** The token of the current session, or null when logged out. */
  readonly token: () => string | null
  /** The active locale, sent as Accept-Language. */
  readonly locale: () => string
  /** Called once per response that says the session has ended. */
  readonly onSessionExpired: () => void
}

/** The middleware, built on the bridge that root.ts connects (tests give their own). */
export const createSessionMiddleware = (bridge: () => ClientBridge): Middleware => ({
  onRequest({ request }) {
    const { token, locale } = bridge()
    const current = token()
    if (current && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${current}`)
    request.headers.set('Accept-Language', locale())
    return request
  },
  async onResponse({ request, response }) {
    // Only a call made with the session's own token can say that this session has ended: a 401
    // for another token (a login flow's new one, a call of a session already replaced) cannot.
    const current = bridge().token()
    if (response.status !== 401 || !current || request.headers.get('Authorization') !== `Bearer ${current}`) return undefined
    let body: unknown = null
    try {
      body = await response.clone().json()
    } catch {
      body = null
    }
    if (isSessionExpired(response.status, body)) bridge().onSessionExpired()
    return undefined
  },
})

let bridge: ClientBridge = { token: () => null, locale: () => 'en', onSessionExpired: () => undefined }

/** Connects the client to the session and the language (src/app/root.ts does it once). */
export const connectClient = (next: Partial<ClientBridge>): void => {
  bridge = { ...bridge, ...next }
}

/** The locale the client sends (Accept-Language), for bodies that carry a `language`. */
export const requestLocale = (): Locales => {
  const locale = bridge.locale()
  return isLocale(locale) ? locale : 'en'
}

export const api = createClient<paths>({ baseUrl: '' })
api.use(createSessionMiddleware(() => bridge))

/** How a read is sent: with its actor's signal, or ahead of its screen (prefetch.ts `ahead`). */
export type ReadInit = { signal?: AbortSignal } | Ahead

type Result<T> = { data?: T; error?: unknown; response: Response }

const isAbort = (thrown: unknown): boolean =>
  (thrown instanceof DOMException || thrown instanceof Error) && thrown.name === 'AbortError'

/**
 * Awaits a client call: its data on success, else throws `{status, body}` (status 0 when there was
 * no response). A call aborted because its actor stopped never settles: nobody waits for it, and a
 * late rejection must not reach an actor that was started again (React's development remounts).
 */
export const unwrap = async <T>(call: Promise<Result<T>>): Promise<T> => {
  let result: Result<T>
  try {
    result = await call
  } catch (thrown) {
    if (isAbort(thrown)) return new Promise<T>(() => undefined)
    throw toApiError(thrown)
  }
  if (result.response.ok) return result.data as T
  throw apiError(result.response.status, result.error ?? null) satisfies ApiError
}
