import { describe, expect, it } from 'vitest'
import { createReadCache, type Scope, type Versions } from '../../server/db/read-cache.js'
import type { Database } from '../../server/db/store.js'

/** The kept readings' bookkeeping (the store's side: tests/api/read-cache.test.ts). */

const cacheOf = (entries: number) => createReadCache({} as Database, { entries })
const at = (versions: Record<string, number>) => new Map(Object.entries(versions)) as Map<Scope, number>
const request = (versions: Record<string, number>): Versions => ({ of: at(versions) })

describe('read cache', () => {
  it("gives a reading back only while its scopes' versions are the ones it was made at", () => {
    const cache = cacheOf(10)
    cache.keep(at({ 'user:1': 3, 'organization:7': 5 }), 'a', 'A')
    expect(cache.get(request({ 'user:1': 3, 'organization:7': 5 }), 'a')).toBe('A')
    expect(cache.get(request({ 'user:1': 3, 'organization:7': 6 }), 'a')).toBeUndefined()
    expect(cache.get(request({ 'user:1': 4, 'organization:7': 5 }), 'a')).toBeUndefined()
    // a request that did not read one of its scopes cannot tell it is current
    expect(cache.get(request({ 'user:1': 3 }), 'a')).toBeUndefined()
    // the versions of other scopes the request read do not matter
    expect(cache.get(request({ 'user:1': 3, 'organization:7': 5, 'organization:8': 99 }), 'a')).toBe('A')
  })

  it("keeps each reading with its own versions: a newer one of another organization forgets nothing", () => {
    const cache = cacheOf(10)
    cache.keep(at({ 'organization:7': 5 }), 'seven', 'S')
    cache.keep(at({ 'organization:8': 50 }), 'eight', 'E')
    expect(cache.get(request({ 'organization:7': 5 }), 'seven')).toBe('S')
    expect(cache.get(request({ 'organization:8': 50 }), 'eight')).toBe('E')
  })

  it('does not put a reading made at an older version over one made at a newer', () => {
    const cache = cacheOf(10)
    cache.keep(at({ 'organization:7': 6 }), 'a', 'new')
    cache.keep(at({ 'organization:7': 5 }), 'a', 'old')
    expect(cache.get(request({ 'organization:7': 6 }), 'a')).toBe('new')
    cache.keep(at({ 'organization:7': 7 }), 'a', 'newer')
    expect(cache.get(request({ 'organization:7': 7 }), 'a')).toBe('newer')
  })

  it('lets the least recently used go first when full', () => {
    const cache = cacheOf(2)
    const one = at({ platform: 1 })
    cache.keep(one, 'a', 'A')
    cache.keep(one, 'b', 'B')
    expect(cache.get({ of: one }, 'a')).toBe('A') // a is now the most recently used
    cache.keep(one, 'c', 'C')
    expect(cache.get({ of: one }, 'b')).toBeUndefined()
    expect(cache.get({ of: one }, 'a')).toBe('A')
    expect(cache.get({ of: one }, 'c')).toBe('C')
  })
})
