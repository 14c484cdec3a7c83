import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY, formatQuery, parseQuery } from '../../src/features/organizations/admin/query'

describe('the admin list query in the address', () => {
  it('reads a shared link back into the same query', () => {
    const query = { filter: 'verified', countries: ['US', 'JP'], search: 'Kyoto High', ordering: '-created_at', page: 3 } as const
    const search = formatQuery({ ...query, countries: [...query.countries] })
    expect(search).toBe('?filter=verified&country=US&country=JP&search=Kyoto+High&ordering=-created_at&page=3')
    expect(parseQuery(search)).toEqual(query)
  })

  it('leaves the defaults out of the address', () => {
    expect(formatQuery(DEFAULT_QUERY)).toBe('')
    expect(parseQuery('')).toEqual(DEFAULT_QUERY)
  })

  it('reads anything unknown as the default', () => {
    expect(parseQuery('?filter=purged&ordering=password&page=-2&country=usa&country=jp&country=JP')).toEqual({
      ...DEFAULT_QUERY,
      countries: ['JP'],
    })
    expect(parseQuery('?page=2.5').page).toBe(1)
  })

  it('keeps the deleted filter (a shared link to the deleted organizations)', () => {
    expect(formatQuery({ ...DEFAULT_QUERY, filter: 'deleted' })).toBe('?filter=deleted')
    expect(parseQuery('?filter=deleted').filter).toBe('deleted')
  })
})
