import type { Locales } from '../../locales/i18n-types'
import { isLocale } from '../../locales/languages'

/**
 * What the browser keeps between visits, in localStorage: the session token and user id
 * (a saved login that the session machine restores), the current organization and the language.
 * Every read survives a missing or broken storage (private mode, quota, a value written by hand).
 */

const KEYS = {
  token: 'portal.token',
  userId: 'portal.userId',
  organization: 'portal.organization',
  language: 'portal.language',
} as const

/** The few Storage methods used here, so tests can give a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const memory = new Map<string, string>()
const memoryStore: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
}

const defaultStore = (): KeyValueStore => {
  try {
    if (typeof localStorage !== 'undefined') return localStorage
  } catch {
    // access to localStorage can throw (blocked cookies)
  }
  return memoryStore
}

export type SavedLogin = { token: string; userId: number }

export const createStorage = (store: KeyValueStore = defaultStore()) => {
  const get = (key: string): string | null => {
    try {
      return store.getItem(key)
    } catch {
      return null
    }
  }
  const set = (key: string, value: string | null): void => {
    try {
      if (value === null) store.removeItem(key)
      else store.setItem(key, value)
    } catch {
      // a full or blocked storage only loses persistence
    }
  }
  const positiveInt = (text: string | null): number | null => {
    if (text === null || !/^\d+$/.test(text)) return null
    const n = Number(text)
    return Number.isSafeInteger(n) && n > 0 ? n : null
  }

  return {
    /** The saved login, or null when either half is missing or malformed. */
    readLogin(): SavedLogin | null {
      const token = get(KEYS.token)
      const userId = positiveInt(get(KEYS.userId))
      return token && userId !== null ? { token, userId } : null
    },
    saveLogin(login: SavedLogin): void {
      set(KEYS.token, login.token)
      set(KEYS.userId, String(login.userId))
    },
    /** Logout: the token and the user id go; the current organization goes with them. */
    clearLogin(): void {
      set(KEYS.token, null)
      set(KEYS.userId, null)
      set(KEYS.organization, null)
    },
    readOrganization(): number | null {
      return positiveInt(get(KEYS.organization))
    },
    saveOrganization(organizationId: number | null): void {
      set(KEYS.organization, organizationId === null ? null : String(organizationId))
    },
    readLanguage(): Locales | null {
      const value = get(KEYS.language)
      return isLocale(value) ? value : null
    },
    saveLanguage(locale: Locales): void {
      set(KEYS.language, locale)
    },
  }
}

export type AppStorage = ReturnType<typeof createStorage>

/** The app's one storage, on localStorage. */
export const storage: AppStorage = createStorage()
