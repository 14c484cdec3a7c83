import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'

/** WEB_CONCURRENCY (server/config.ts): the server processes main.ts runs on one port. */

const POSTGRES = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal' }

describe('WEB_CONCURRENCY', () => {
  it('is the number of cores on PostgreSQL when unset, and the number given when set', () => {
    expect(loadConfig(POSTGRES).webConcurrency).toBe(availableParallelism())
    expect(loadConfig({ ...POSTGRES, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
  })

  it('is one on PGlite, whatever is asked: the store lives inside one process', () => {
    expect(loadConfig({}).webConcurrency).toBe(1)
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(1)
  })

  it('refuses a value that is not a whole number of at least one, on either store', () => {
    for (const value of ['0', '-2', '1.5', 'many']) {
      expect(() => loadConfig({ ...POSTGRES, WEB_CONCURRENCY: value })).toThrow(`WEB_CONCURRENCY must be a whole number of at least 1, not "${value}"`)
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow('WEB_CONCURRENCY')
    }
  })
})
