import type { OrganizationRole, OrganizationUserOrdering, OrganizationUsersQuery } from '../../../../machines/types'

/**
 * The query of the student and teacher lists in the URL (?search=&sort=&page=), so a reload or a shared
 * link shows the same people. The roles are the list's own, not the URL's. Sorted by name (first name)
 * unless the URL says otherwise. Pure: read and written by the lists, tested without a browser.
 */

const NAME: OrganizationUserOrdering = 'first_name'

export const readPeopleQuery = (search: string, roles: OrganizationRole[]): OrganizationUsersQuery => {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').slice(0, 200),
    roles,
    ordering: params.get('sort') === `-${NAME}` ? `-${NAME}` : NAME,
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

/** The name column's next sort (ascending, then descending) and its current direction. */
export const nextNameOrdering = (current: OrganizationUserOrdering): OrganizationUserOrdering => (current === NAME ? `-${NAME}` : NAME)

export const nameDirection = (current: OrganizationUserOrdering): 'ascending' | 'descending' =>
  current === `-${NAME}` ? 'descending' : 'ascending'

/** A person's name as the lists and details show it: first and last name, else the username, else the e-mail. */
export const displayName = (person: { first_name: string; last_name: string; username: string | null; email: string }): string =>
  `${person.first_name} ${person.last_name}`.trim() || person.username || person.email
