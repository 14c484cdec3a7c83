import { fromPromise } from 'xstate'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  LoadAccountInput,
  Session,
  SignInInput,
  User,
} from '../../machines/types'
import { api, unwrap } from './client'
import { bearer, fetchAccount } from './session'

/**
 * The real actors of the auth flows (login, sign-up, social sign-in, invitations, confirmation,
 * password recovery). Each calls the API client, forwards the abort signal and throws
 * `{status, body}` for an error response (see client.unwrap).
 */

/** POST /v1/accounts/login-legacy/ -> Session */
export const signIn = fromPromise<Session, SignInInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/login-legacy/', { body: { email: input.email.trim(), password: input.password }, signal })),
)

/** POST /v1/accounts/invite/accept {token, email}, with the token the flow has just received. */
export const acceptInvite = fromPromise<AcceptInviteResult, AcceptInviteInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/accounts/invite/accept', {
      body: { token: input.token, email: input.email.trim() },
      headers: input.sessionToken ? bearer(input.sessionToken) : {},
      signal,
    }),
  ),
)

/** GET /v1/accounts/{id} with the flow's token. */
export const loadAccount = fromPromise<User, LoadAccountInput>(({ input, signal }) =>
  fetchAccount(input.userId, input.sessionToken || null, signal),
)

export const loginActors = { signIn, acceptInvite, loadAccount }

export type SocialProvider = { id: 'oidc'; name: string }

/** GET /v1/auth/social/ — the social login providers (none when the server has no OIDC settings). */
export const listSocialProviders = fromPromise<SocialProvider[]>(async ({ signal }) => {
  const answer = await unwrap(api.GET('/v1/auth/social/', { signal }))
  return answer.providers
})
