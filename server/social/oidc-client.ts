import * as client from 'openid-client'
import type { SocialIdentity } from '../auth/social-tickets.js'
import type { OidcConfig } from '../config.js'

/**
 * The OpenID Connect relying party (openid-client 6): discovery from OIDC_ISSUER on first use,
 * authorization code flow with PKCE (S256), state and nonce; the ID token is verified by
 * openid-client (signature, issuer, audience, expiry, nonce).
 */

export interface LoginAttempt {
  url: URL
  state: string
  nonce: string
  codeVerifier: string
}

export interface SocialLogin {
  readonly name: string
  readonly callbackUrl: string
  /** A new login attempt: where to send the browser, and the secrets to keep for its return. */
  begin(): Promise<LoginAttempt>
  /** Finishes an attempt with the URL the provider sent the browser back to. */
  finish(returnUrl: URL, attempt: Omit<LoginAttempt, 'url'>): Promise<SocialIdentity>
}

export class SocialLoginError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'no_email' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(`social login: ${reason}`, options)
    this.name = 'SocialLoginError'
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

const namesOf = (claims: Record<string, unknown>): { firstName: string; lastName: string } => {
  let firstName = text(claims.given_name)
  let lastName = text(claims.family_name)
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/)
    firstName = first
    lastName = rest.join(' ')
  }
  return { firstName, lastName }
}

export const createSocialLogin = (oidc: OidcConfig, publicUrl: string): SocialLogin => {
  const callbackUrl = `${publicUrl}/v1/auth/social/oidc/callback`
  let configuration: Promise<client.Configuration> | undefined

  const configure = (): Promise<client.Configuration> => {
    configuration ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        { redirect_uris: [callbackUrl], response_types: ['code'] },
        client.ClientSecretBasic(oidc.clientSecret),
        // a provider on plain http is only for development and tests
        new URL(oidc.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined
        throw new SocialLoginError('unavailable', { cause: error })
      })
    return configuration
  }

  return {
    name: oidc.name,
    callbackUrl,
    begin: async () => {
      const config = await configure()
      const codeVerifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return { url, state, nonce, codeVerifier }
    },
    finish: async (returnUrl, attempt) => {
      const config = await configure()
      let claims: Record<string, unknown>
      try {
        const tokens = await client.authorizationCodeGrant(config, returnUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        })
        const idClaims = tokens.claims()
        if (!idClaims) throw new Error('no ID token')
        claims = { ...idClaims }
        if (!text(claims.email) && tokens.access_token) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
          claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified }
        }
      } catch (error) {
        throw new SocialLoginError('failed', { cause: error })
      }
      const email = text(claims.email)
      if (!email) throw new SocialLoginError('no_email')
      return {
        issuer: config.serverMetadata().issuer,
        subject: String(claims.sub),
        email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        ...namesOf(claims),
      }
    },
  }
}
