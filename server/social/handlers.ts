import { consumeToken, storeToken } from '../auth/one-time-tokens.js'
import { issueSocialTicket } from '../auth/social-tickets.js'
import type { Handler } from '../contract/handler.js'
import { SocialLoginError } from './oidc-client.js'

/**
 * Social login with the one OpenID Connect provider of OIDC_*:
 * start → the provider → callback → /login?social=<ticket>; the login page then calls
 * PATCH /v1/accounts/sign_in with the ticket (or signs up with it first).
 */

const STATE_TTL_SECONDS = 10 * 60

interface LoginState {
  nonce: string
  codeVerifier: string
  invite: string | null
}

const loginPage = (publicUrl: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value)
  return `${publicUrl}/login?${search.toString()}`
}

/** GET /v1/auth/social/ */
export const listSocialProviders: Handler<'listSocialProviders'> = async ({ app }) => ({
  providers: app.social ? [{ id: 'oidc' as const, name: app.social.name }] : [],
})

/** GET /v1/auth/social/oidc/start — state, nonce and PKCE verifier stay on the server. */
export const socialStart: Handler<'socialStart'> = async ({ app, query }) => {
  const { social, config } = app
  if (!social) return { redirect: loginPage(config.publicUrl, { social_error: 'unavailable' }) }
  try {
    const attempt = await social.begin()
    const state: LoginState = { nonce: attempt.nonce, codeVerifier: attempt.codeVerifier, invite: query.invite ?? null }
    await storeToken(app.db, 'oidc-state', attempt.state, { payload: state, ttlSeconds: STATE_TTL_SECONDS, now: app.clock() })
    return { redirect: attempt.url.href }
  } catch (error) {
    app.log.error({ err: error }, 'social login could not start')
    return { redirect: loginPage(config.publicUrl, { social_error: 'unavailable' }) }
  }
}

/** GET /v1/auth/social/oidc/callback — verifies everything, then hands a ticket to the login page. */
export const socialCallback: Handler<'socialCallback'> = async ({ app, query, request }) => {
  const { social, config } = app
  const back = (reason: string, invite?: string | null) =>
    ({ redirect: loginPage(config.publicUrl, { social_error: reason, invite: invite ?? undefined }) })
  if (!social) return back('unavailable')

  const now = app.clock()
  const stored = query.state ? await consumeToken<LoginState>(app.db, 'oidc-state', query.state, now) : undefined
  if (!stored) return back('invalid_state')
  const { invite } = stored.payload
  if (query.error) return back(query.error === 'access_denied' ? 'access_denied' : 'failed', invite)

  try {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    const identity = await social.finish(new URL(`${social.callbackUrl}${search}`), {
      state: query.state ?? '',
      nonce: stored.payload.nonce,
      codeVerifier: stored.payload.codeVerifier,
    })
    const { token } = await issueSocialTicket(app.db, identity, now)
    return { redirect: loginPage(config.publicUrl, { social: token, invite: invite ?? undefined }) }
  } catch (error) {
    app.log.warn({ err: error }, 'social login failed')
    return back(error instanceof SocialLoginError ? error.reason : 'failed', invite)
  }
}
