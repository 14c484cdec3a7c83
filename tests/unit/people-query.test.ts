import { describe, expect, it } from 'vitest'
import { displayName, nextOrdering, readPeopleQuery, sortDirection, writePeopleQuery } from '../../src/features/users/people/people-query'

/** The student and teacher lists' query in the URL: what a reload or a shared link shows. */

describe('the query of the student and teacher lists', () => {
  it('defaults to the first page, no search, sorted by name, with the list own roles', () => {
    expect(readPeopleQuery('', ['teacher'])).toEqual({ page: 1, search: '', roles: ['teacher'], ordering: 'first_name' })
    expect(writePeopleQuery(readPeopleQuery('', []))).toBe('')
  })

  it('reads and writes the search, the descending name sort and the page; the URL sets no roles', () => {
    const query = readPeopleQuery('?search=ana&sort=-first_name&page=3&role=admin', [])
    expect(query).toEqual({ page: 3, search: 'ana', roles: [], ordering: '-first_name' })
    expect(writePeopleQuery(query)).toBe('?search=ana&sort=-first_name&page=3')
  })

  it('ignores a page or sort it does not know', () => {
    expect(readPeopleQuery('?page=-2&sort=password', [])).toMatchObject({ page: 1, ordering: 'first_name' })
    expect(readPeopleQuery('?page=1.5', []).page).toBe(1)
    expect(readPeopleQuery(`?search=${'x'.repeat(300)}`, []).search).toHaveLength(200)
  })

  it('turns the name sort around on each click', () => {
    expect(nextOrdering('first_name', 'first_name')).toBe('-first_name')
    expect(nextOrdering('-first_name', 'first_name')).toBe('first_name')
    expect(sortDirection('first_name', 'first_name')).toBe('ascending')
    expect(sortDirection('-first_name', 'first_name')).toBe('descending')
  })

  it("sorts the teachers list by its counts, a column of the list's own only", () => {
    const sortable = ['first_name', 'groups_count', 'users_groups_count'] as const
    expect(readPeopleQuery('?sort=-users_groups_count', ['teacher'], sortable).ordering).toBe('-users_groups_count')
    expect(writePeopleQuery(readPeopleQuery('?sort=groups_count', ['teacher'], sortable))).toBe('?sort=groups_count')
    // the students list does not sort by them
    expect(readPeopleQuery('?sort=groups_count', ['student']).ordering).toBe('first_name')
    // another column first sorts ascending; the name column is then not sorted
    expect(nextOrdering('first_name', 'groups_count')).toBe('groups_count')
    expect(nextOrdering('groups_count', 'groups_count')).toBe('-groups_count')
    expect(sortDirection('-groups_count', 'first_name')).toBe('none')
    expect(sortDirection('-groups_count', 'groups_count')).toBe('descending')
  })

  it('names a person by name, else username, else e-mail', () => {
    expect(displayName({ first_name: 'Ana', last_name: 'Ruiz', username: 'ana', email: 'a@x.org' })).toBe('Ana Ruiz')
    expect(displayName({ first_name: '', last_name: '', username: 'ana', email: 'a@x.org' })).toBe('ana')
    expect(displayName({ first_name: ' ', last_name: '', username: null, email: 'a@x.org' })).toBe('a@x.org')
  })
})
