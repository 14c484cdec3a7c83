import type { OrganizationRole, OrganizationUserOrdering, OrganizationUserSort, OrganizationUsersQuery } from '../../../../machines/types'

/**
 * The query of the student and teacher lists in the URL (?search=&sort=&page=), so a reload or a shared
 * link shows the same people. The roles are the list's own, not the URL's. Sorted by name (first name)
 * unless the URL says otherwise, by one of the list's own sortable columns. Pure: read and written by
 * the lists, tested without a browser.
 */

const NAME: OrganizationUserSort = 'first_name'

export const readPeopleQuery = (search: string, roles: OrganizationRole[], sortable: readonly OrganizationUserSort[] = [NAME]): OrganizationUsersQuery => {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  const sort = params.get('sort') ?? ''
  const known = sortable.find((column) => sort === column || sort === `-${column}`)
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').slice(0, 200),
    roles,
    ordering: known ? (sort as OrganizationUserOrdering) : NAME,
  }
}

/** The query string (with its '?', or '' for the defaults). */
export const writePeopleQuery = (query: OrganizationUsersQuery): string => {
  const params = new URLSearchParams()
  if (query.search.trim()) params.set('search', query.search.trim())
  if (query.ordering !== NAME) params.set('sort', query.ordering)
  if (query.page > 1) params.set('page', String(query.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The sort after a click on a column's header: ascending first, then turned around. */
export const nextOrdering = (current: OrganizationUserOrdering, column: OrganizationUserSort): OrganizationUserOrdering =>
  current === column ? `-${column}` : column

/** How a column is sorted now (its header's aria-sort). */
export const sortDirection = (current: OrganizationUserOrdering, column: OrganizationUserSort): 'ascending' | 'descending' | 'none' =>
  current === column ? 'ascending' : current === `-${column}` ? 'descending' : 'none'

/** A person's name as the lists and details show it: first and last name, else the username, else the e-mail. */
export const displayName = (person: { first_name: string; last_name: string; username: string | null; email: string }): string =>
  `${person.first_name} ${person.last_name}`.trim() || person.username || person.email
