import { useCallback } from 'react'
import type { Locales } from '../../locales/i18n-types'
import { activateLocale } from './language'
import { useSession } from './root-context'

/**
 * Switches the interface language: loads it (with the namespaces of the screens shown so far), shows
 * it, stores it, puts it on <html lang>, and, when somebody is logged in, tells the session, which saves
 * it on their account (`session.changeLanguage`, machines/session.ts) so the server writes to them in it.
 */
export function useChangeLanguage(): (locale: Locales) => Promise<void> {
  const session = useSession()
  return useCallback(
    async (locale: Locales) => {
      await activateLocale(locale)
      if (session.getSnapshot().hasTag('authenticated')) session.send({ type: 'session.changeLanguage', language: locale })
    },
    [session],
  )
}
