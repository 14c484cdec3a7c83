import { fromPromise } from 'xstate'
import type { Locales } from '../../locales/i18n-types'
import type { User } from '../../machines/types'
import { api, unwrap } from './client'

/** PATCH /v1/accounts/{id} {language}: the server mails this user in their language. */
export const updateLanguage = fromPromise<User, { userId: number; language: Locales }>(({ input, signal }) =>
  unwrap(
    api.PATCH('/v1/accounts/{id}', {
      params: { path: { id: input.userId } },
      body: { language: input.language },
      signal,
    }),
  ) as Promise<User>,
)
