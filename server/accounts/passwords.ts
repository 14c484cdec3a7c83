import { hash, verify } from '@node-rs/argon2'
import { readFileSync } from 'node:fs'
import type { Translator } from '../../locales/server.js'

/**
 * Passwords: argon2id hashes (the library's defaults: 19 MiB, 2 passes, as OWASP recommends),
 * at least 6 characters (spec §9), not only spaces, none of the 10,000 most common passwords
 * (common-passwords.txt names its source), and not the person's own e-mail or name.
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
      .filter((line) => !line.startsWith('#'))
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  )
  return common
}

// compared trimmed, without regard to case, and with compatible forms of a character taken as one
const comparable = (text: string): string => text.normalize('NFKC').trim().toLowerCase()

export const isCommonPassword = (password: string): boolean => commonPasswords().has(comparable(password))

/** Who the password is for: it may not be their address or name, which others know or can guess. */
export interface PasswordOwner {
  email: string
  firstName?: string | null
  lastName?: string | null
  username?: string | null
}

const isOwnEmail = (password: string, email: string): boolean => {
  const address = comparable(email)
  const at = address.lastIndexOf('@')
  return password === address || (at > 0 && password === address.slice(0, at))
}

const isOwnName = (password: string, owner: PasswordOwner): boolean => {
  const first = comparable(owner.firstName ?? '')
  const last = comparable(owner.lastName ?? '')
  const names = [first, last, comparable(owner.username ?? ''), `${first} ${last}`, `${first}${last}`]
  return names.some((name) => name.trim() !== '' && password === name)
}

/** What is wrong with a new password, in the requester's language, or undefined. */
export const passwordProblem = (t: Translator, password: string, owner: PasswordOwner): string | undefined => {
  if (password.trim() === '') return t.api.passwordBlank()
  if ([...password].length < PASSWORD_MIN_LENGTH) return t.validation.passwordTooShort({ min: PASSWORD_MIN_LENGTH })
  if (isCommonPassword(password)) return t.api.passwordTooCommon()
  const candidate = comparable(password)
  if (isOwnEmail(candidate, owner.email)) return t.api.passwordIsEmail()
  if (isOwnName(candidate, owner)) return t.api.passwordIsName()
  return undefined
}
