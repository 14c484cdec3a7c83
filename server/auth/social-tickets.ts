import type { Executor } from '../db/store.js'
import { consumeToken, issueToken, peekToken, type TokenRecord } from './one-time-tokens.js'

/**
 * A social ticket is what the OIDC callback hands to the browser (/login?social=<ticket>): it stands for
 * an identity the provider has verified. It is valid for 10 minutes; sign-up reads it, and it is used up
 * when it is exchanged for a session.
 */

export const SOCIAL_TICKET_TTL_SECONDS = 10 * 60

export interface SocialIdentity {
  issuer: string
  subject: string
  email: string
  emailVerified: boolean
  firstName: string
  lastName: string
}

export const issueSocialTicket = (db: Executor, identity: SocialIdentity, now: Date) =>
  issueToken(db, 'social-ticket', { payload: identity, ttlSeconds: SOCIAL_TICKET_TTL_SECONDS, now })

export const readSocialTicket = (db: Executor, ticket: string, now: Date): Promise<TokenRecord<SocialIdentity> | undefined> =>
  peekToken<SocialIdentity>(db, 'social-ticket', ticket, now)

export const useSocialTicket = (db: Executor, ticket: string, now: Date): Promise<TokenRecord<SocialIdentity> | undefined> =>
  consumeToken<SocialIdentity>(db, 'social-ticket', ticket, now)
