import { useCallback } from 'react'
import { createActor } from 'xstate'
import { useI18nContext } from '../../locales/i18n-react'
import type { Locales } from '../../locales/i18n-types'
import { updateLanguage } from '../api/account'
import { actorOptions } from './inspect'
import { activateLocale } from './language'
import { useSession } from './root-context'

/**
 * Switches the interface language: loads it, shows it, stores it, puts it on <html lang>,
 * and, when somebody is logged in, saves it on their account (PATCH /v1/accounts/{id} {language})
 * so the server writes to them in it. The account answer goes back to the session.
 */
export function useChangeLanguage(): (locale: Locales) => Promise<void> {
  const { setLocale } = useI18nContext()
  const session = useSession()
  return useCallback(
    async (locale: Locales) => {
      await activateLocale(locale)
      setLocale(locale)
      const { user } = session.getSnapshot().context
      if (!session.getSnapshot().hasTag('authenticated') || !user || user.language === locale) return
      const actor = createActor(updateLanguage, { input: { userId: user.id, language: locale }, ...actorOptions() })
      actor.subscribe({
        next: (snapshot) => {
          if (snapshot.status === 'done' && snapshot.output) session.send({ type: 'session.userUpdated', user: snapshot.output })
        },
        error: () => undefined, // the language still applies to this browser; a 401 already ended the session
      })
      actor.start()
    },
    [session, setLocale],
  )
}
