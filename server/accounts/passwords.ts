import { hash, verify } from '@node-rs/argon2'
import { readFileSync } from 'node:fs'
import type { Translator } from '../../locales/server.js'

/**
 * Passwords: argon2id hashes (the library's defaults: 19 MiB, 2 passes, as OWASP recommends),
 * at least 6 characters (spec §9), and none of the ~1,400 most common passwords.
 */

export const PASSWORD_MIN_LENGTH = 6

// the library's default algorithm is argon2id (the tests check the stored hash starts with $argon2id$)
export const hashPassword = (password: string): Promise<string> => hash(password)

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this when an account is not found keeps a login as slow as with a real account.
let decoy: Promise<string> | undefined
export const spendVerificationTime = async (password: string): Promise<void> => {
  decoy ??= hashPassword('not a real password, only to spend the same time')
  await verifyPassword(await decoy, password)
}

let common: Set<string> | undefined
const commonPasswords = (): Set<string> => {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  )
  return common
}

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.trim().toLowerCase())

/** What is wrong with a new password, in the requester's language, or undefined. */
export const passwordProblem = (t: Translator, password: string): string | undefined => {
  if ([...password].length < PASSWORD_MIN_LENGTH) return t.validation.passwordTooShort({ min: PASSWORD_MIN_LENGTH })
  if (isCommonPassword(password)) return t.api.passwordTooCommon()
  return undefined
}
