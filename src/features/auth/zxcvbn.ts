import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

/**
 * zxcvbn with the language-neutral dictionaries (common passwords, keyboard layouts). Imported only
 * by password-strength.ts with import(): a chunk of its own, fetched when a new password is typed.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })

export const check = (password: string, related: readonly string[]) => zxcvbn.check(password, [...related])
