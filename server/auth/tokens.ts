import { createHash, randomBytes } from 'node:crypto'

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** What is stored instead of a token: its SHA-256, hex. Tokens are random, so no salt is needed. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')
