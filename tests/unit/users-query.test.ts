import { describe, expect, it } from 'vitest'
import { directionOf, nextOrdering, readUsersQuery, writeUsersQuery } from '../../src/features/organizations/users-query'

describe('the users view query in the URL', () => {
  it('defaults to page 1, no search, every role, username ascending', () => {
    expect(readUsersQuery('')).toEqual({ page: 1, search: '', roles: [], ordering: 'username' })
    expect(writeUsersQuery(readUsersQuery(''))).toBe('')
  })
  it('reads and writes role, search, sort and page, so a reload keeps them', () => {
    const query = readUsersQuery('?role=teacher&search=ana%20s&sort=-email&page=3')
    expect(query).toEqual({ page: 3, search: 'ana s', roles: ['teacher'], ordering: '-email' })
    expect(readUsersQuery(writeUsersQuery(query))).toEqual(query)
  })
  it('ignores values it does not know', () => {
    expect(readUsersQuery('?role=owner&sort=password&page=-2')).toEqual({ page: 1, search: '', roles: [], ordering: 'username' })
  })
  it('sorts a column ascending first, then descending', () => {
    expect(nextOrdering('username', 'email')).toBe('email')
    expect(nextOrdering('email', 'email')).toBe('-email')
    expect(nextOrdering('-email', 'email')).toBe('email')
    expect(directionOf('-username', 'username')).toBe('descending')
    expect(directionOf('-username', 'email')).toBe('none')
  })
})
