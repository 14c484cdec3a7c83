import { fromPromise } from 'xstate'
import type {
  AcceptInviteInput,
  AcceptInviteResult,
  ConfirmAccountResult,
  ConfirmationCheck,
  ConfirmLinkInput,
  DetailResult,
  EmailInput,
  LoadAccountInput,
  ResetPasswordInput,
  Session,
  SignInInput,
  SignUpInput,
  SignUpResult,
  SocialSignInInput,
  TokenInput,
  User,
  ValidatedInvitation,
} from '../../machines/types'
import { api, requestLocale, unwrap } from './client'
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

/** GET /v1/auth/social/ — the social login providers (none when the server has no OIDC settings, or on any failure). */
export const listSocialProviders = fromPromise<SocialProvider[]>(async ({ signal }) => {
  try {
    const answer = await unwrap(api.GET('/v1/auth/social/', { signal }))
    return answer.providers
  } catch {
    return []
  }
})

/** POST /v1/accounts/sign_in (sign-up), in the active language (the confirmation mail is written in it). */
export const signUp = fromPromise<SignUpResult, SignUpInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/accounts/sign_in', {
      body: {
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        email: input.email.trim(),
        ...(input.password !== undefined ? { password: input.password } : {}),
        ...(input.invitation_code ? { invitation_code: input.invitation_code.trim() } : {}),
        ...(input.next ? { next: input.next } : {}),
        ...(input.invite_token ? { invite_token: input.invite_token } : {}),
        ...(input.social_token ? { social_token: input.social_token } : {}),
        language: requestLocale(),
      },
      signal,
    }),
  ),
)

/** POST /v1/accounts/send_confirmation/ {email} */
export const sendConfirmation = fromPromise<DetailResult, EmailInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/send_confirmation/', { body: { email: input.email.trim() }, signal })),
)

export const signUpActors = { signUp, signIn, acceptInvite, loadAccount, sendConfirmation }

/** GET /v1/invitations/validate/{token}/ -> the invitation as the server knows it (404 when expired or unknown). */
export const validateInvitation = fromPromise<ValidatedInvitation, TokenInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/invitations/validate/{token}/', { params: { path: { token: input.token } }, signal })),
)

/** PATCH /v1/accounts/sign_in {social_token} -> Session, or 404 account_required with the provider's claims. */
export const socialSignIn = fromPromise<Session, SocialSignInInput>(({ input, signal }) =>
  unwrap(api.PATCH('/v1/accounts/sign_in', { body: { social_token: input.social_token }, signal })),
)

/** POST /v1/accounts/confirm/check/ {token} -> what the link stands for (400 naming the token for a dead link); the link stays usable */
export const checkConfirmation = fromPromise<ConfirmationCheck, TokenInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/confirm/check/', { body: { token: input.token }, signal })),
)

/** POST /v1/accounts/confirm/ {token, password?} -> {email, reset_token?, removed?} (400 naming the password when it is not the sign-up's) */
export const confirmAccount = fromPromise<ConfirmAccountResult, ConfirmLinkInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/accounts/confirm/', {
      body: input.password === undefined ? { token: input.token } : { token: input.token, password: input.password },
      signal,
    }),
  ),
)

/** POST /v1/accounts/confirm/decline/ {token} -> 204: "This wasn't me", the account of the sign-up's link is deleted */
export const declineAccount = fromPromise<void, TokenInput>(async ({ input, signal }) => {
  await unwrap(api.POST('/v1/accounts/confirm/decline/', { body: { token: input.token }, signal }))
})

/** POST /v1/accounts/email/undo/ {token} -> {detail} (400 naming the token when the link is spent) */
export const undoEmailChange = fromPromise<DetailResult, TokenInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/email/undo/', { body: { token: input.token }, signal })),
)

/** POST /v1/accounts/reset_password/ {email} -> {detail} (the same answer whether or not the account exists) */
export const requestPasswordReset = fromPromise<DetailResult, EmailInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/reset_password/', { body: { email: input.email.trim() }, signal })),
)

/** POST /v1/accounts/reset_password/validate/ {token} -> 204, or 400 {token: [...]} for a dead link; the link stays usable. */
export const validateResetToken = fromPromise<void, TokenInput>(async ({ input, signal }) => {
  await unwrap(api.POST('/v1/accounts/reset_password/validate/', { body: { token: input.token }, signal }))
})

/** POST /v1/accounts/reset_password/confirm/ {token, password} -> {detail} */
export const resetPassword = fromPromise<DetailResult, ResetPasswordInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/accounts/reset_password/confirm/', { body: { token: input.token, password: input.password }, signal })),
)

export const navigationGuardActors = { acceptInvite }
export const inviteTokenActors = { validateInvitation }
export const socialSignInActors = { socialSignIn, signUp, acceptInvite, loadAccount }
export const confirmAccountActors = { checkConfirmation, confirmAccount, declineAccount, sendConfirmation }
export const undoEmailChangeActors = { undoEmailChange }
export const recoverPasswordActors = { requestPasswordReset }
export const resendConfirmationActors = { sendConfirmation }
export const resetPasswordActors = { validateResetToken, resetPassword }
