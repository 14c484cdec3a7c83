import { fromPromise } from 'xstate'
import type { LoadAccountInput, RestoredSession, SessionTokenInput, User } from '../../machines/types'
import { api, unwrap } from './client'
import { storage } from './storage'

/** The bearer header of a call made with a token the session does not hold yet (restore, login flows). */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** GET /v1/accounts/{id} with an explicit token. */
export const fetchAccount = (userId: number, token: string | null, signal: AbortSignal): Promise<User> =>
  unwrap(
    api.GET('/v1/accounts/{id}', {
      params: { path: { id: userId } },
      headers: token ? bearer(token) : {},
      signal,
    }),
  ) as Promise<User>

/** The session machine's actors. */
export const sessionActors = {
  /** The saved login (token, user id, organization) with its account loaded, or null when nothing is saved. */
  restoreSession: fromPromise<RestoredSession | null>(async ({ signal }) => {
    const saved = storage.readLogin()
    if (!saved) return null
    const user = await fetchAccount(saved.userId, saved.token, signal)
    return { token: saved.token, user, organizationId: storage.readOrganization() }
  }),
  /** POST /v1/accounts/logout/ revokes the token on the server. */
  revokeSession: fromPromise<void, SessionTokenInput>(async ({ input, signal }) => {
    if (!input.sessionToken) return
    await unwrap(api.POST('/v1/accounts/logout/', { headers: bearer(input.sessionToken), signal }))
  }),
  loadAccount: fromPromise<User, LoadAccountInput>(({ input, signal }) =>
    fetchAccount(input.userId, input.sessionToken || null, signal),
  ),
}
