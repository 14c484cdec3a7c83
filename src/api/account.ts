import { fromPromise } from 'xstate'
import type { SaveLanguageInput, User } from '../../machines/types'
import { isLocale } from '../../locales/languages'
import { api, unwrap } from './client'
import { bearer } from './session'

/**
 * The session machine's `saveLanguage`: PATCH /v1/accounts/{id} {language}, so the server mails and
 * texts this user in their language. The answer is the whole account. A 401 is reported to the session
 * by the client middleware.
 */
export const saveLanguage = fromPromise<User, SaveLanguageInput>(async ({ input, signal }) => {
  const { language } = input
  if (!isLocale(language)) throw new TypeError(`not an interface language: ${language}`)
  return unwrap(
    api.PATCH('/v1/accounts/{id}', {
      params: { path: { id: input.userId } },
      headers: input.sessionToken ? bearer(input.sessionToken) : {},
      body: { language },
      signal,
    }),
  ) as Promise<User>
})
