import { describe, expect, it } from 'vitest'
import { createReadCache } from '../../server/db/read-cache.js'
import type { Database } from '../../server/db/store.js'

/** The kept readings' bookkeeping (the store's side: tests/api/read-cache.test.ts). */

const cacheOf = (entries: number) => createReadCache({} as Database, { entries })

describe('read cache', () => {
  it('gives a reading back only at the version it was made at', () => {
    const cache = cacheOf(10)
    cache.keep(3, 'a', 'A3')
    expect(cache.get(3, 'a')).toBe('A3')
    expect(cache.get(4, 'a')).toBeUndefined()
    expect(cache.get(2, 'a')).toBeUndefined()
  })

  it('forgets everything at a newer version, and keeps nothing of an older one', () => {
    const cache = cacheOf(10)
    cache.keep(3, 'a', 'A3')
    cache.keep(4, 'b', 'B4')
    expect(cache.get(3, 'a')).toBeUndefined()
    cache.keep(3, 'c', 'C3')
    expect(cache.get(3, 'c')).toBeUndefined()
    expect(cache.get(4, 'b')).toBe('B4')
  })

  it('lets the least recently used go first when full', () => {
    const cache = cacheOf(2)
    cache.keep(1, 'a', 'A')
    cache.keep(1, 'b', 'B')
    expect(cache.get(1, 'a')).toBe('A') // a is now the most recently used
    cache.keep(1, 'c', 'C')
    expect(cache.get(1, 'b')).toBeUndefined()
    expect(cache.get(1, 'a')).toBe('A')
    expect(cache.get(1, 'c')).toBe('C')
  })
})
