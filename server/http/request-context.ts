import type { FastifyInstance } from 'fastify'
import type { Locales } from '../../locales/i18n-types.js'
import { pickLocale } from '../../locales/languages.js'
import { translatorFor, type Translator } from '../../locales/server.js'
import type { UncheckedSession } from '../auth/authenticate.js'
import type { ActiveSession } from '../auth/sessions.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The requester's language, from Accept-Language. */
    locale: Locales
    /** Translations in that language. */
    t: Translator
    /** The session of a secured call, once checked. */
    auth: ActiveSession | null
    /** A kept session left to the call's own statement to check (authenticate.ts CHECK_SESSION_IN_STATEMENT); `auth` is null then. */
    uncheckedSession: UncheckedSession | null
  }
}

/** Gives every request its language and translations before anything else runs. */
export const decorateRequests = (app: FastifyInstance): void => {
  app.decorateRequest('locale', 'en')
  app.decorateRequest('t', null as unknown as Translator)
  app.decorateRequest('auth', null)
  app.decorateRequest('uncheckedSession', null)
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language'])
    request.t = translatorFor(request.locale)
  })
}
