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

/** Where the browser announces changes another tab made to the storage (window's `storage` events). */
export type StorageEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>

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

  /** The saved login, or null when either half is missing or malformed. */
  const readLogin = (): SavedLogin | null => {
    const token = get(KEYS.token)
    const userId = positiveInt(get(KEYS.userId))
    return token && userId !== null ? { token, userId } : null
  }

  return {
    readLogin,
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
    /**
     * Calls `listener` with the saved login whenever another tab of this browser changes it (a
     * login or a logout there; the browser tells every tab but the one that wrote). Returns the
     * unsubscribe function.
     */
    watchLogin(listener: (login: SavedLogin | null) => void, events: StorageEvents): () => void {
      const onStorage = (event: Event) => {
        const { key } = event as StorageEvent
        // a null key: the whole storage was cleared
        if (key === null || key === KEYS.token || key === KEYS.userId) listener(readLogin())
      }
      events.addEventListener('storage', onStorage)
      return () => events.removeEventListener('storage', onStorage)
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
