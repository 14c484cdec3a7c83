import { describe, expect, it } from 'vitest'
import { createStorage, type KeyValueStore } from '../../src/api/storage'

const mapStore = (): KeyValueStore & { map: Map<string, string> } => {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

describe('storage', () => {
  it('saves, reads and clears a login with its organization', () => {
    const store = mapStore()
    const storage = createStorage(store)
    expect(storage.readLogin()).toBeNull()
    storage.saveLogin({ token: 't0k', userId: 12 })
    storage.saveOrganization(3)
    expect(storage.readLogin()).toEqual({ token: 't0k', userId: 12 })
    expect(storage.readOrganization()).toBe(3)
    storage.clearLogin()
    expect(storage.readLogin()).toBeNull()
    expect(storage.readOrganization()).toBeNull()
  })
  it('tells of logins and logouts in other tabs, not of other keys', () => {
    const store = mapStore()
    const storage = createStorage(store)
    const events = new EventTarget()
    const seen: unknown[] = []
    const stop = storage.watchLogin((login) => seen.push(login), events)
    const changed = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }))

    // another tab logs in: the token comes first, the user id after it
    store.setItem('portal.token', 't0k')
    changed('portal.token')
    store.setItem('portal.userId', '12')
    changed('portal.userId')
    // switching organization or language there is not a login
    changed('portal.organization')
    changed('portal.language')
    // it logs out; then the whole storage is cleared
    store.map.clear()
    changed('portal.token')
    changed(null)
    expect(seen).toEqual([null, { token: 't0k', userId: 12 }, null, null])

    stop()
    changed('portal.token')
    expect(seen).toHaveLength(4)
  })
  it('ignores a half or malformed login', () => {
    const store = mapStore()
    store.setItem('portal.token', 'x')
    store.setItem('portal.userId', 'abc')
    expect(createStorage(store).readLogin()).toBeNull()
  })
  it('keeps the language apart from the login and refuses unknown locales', () => {
    const store = mapStore()
    const storage = createStorage(store)
    storage.saveLanguage('ja')
    storage.clearLogin()
    expect(storage.readLanguage()).toBe('ja')
    store.setItem('portal.language', 'klingon')
    expect(storage.readLanguage()).toBeNull()
  })
  it('survives a storage that throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
      removeItem: () => {
        throw new Error('blocked')
      },
    }
    const storage = createStorage(broken)
    expect(() => storage.saveLogin({ token: 'a', userId: 1 })).not.toThrow()
    expect(storage.readLogin()).toBeNull()
  })
})
