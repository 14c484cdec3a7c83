import type { OrganizationRole, OrganizationUserOrdering, OrganizationUsersQuery } from '../../../machines/types'

/**
 * The users view's query in the URL (?role=&search=&sort=&page=), so a reload or a shared link
 * shows the same members. Pure: read and written by the view, tested without a browser.
 */

const ROLE_VALUES: readonly OrganizationRole[] = ['student', 'teacher', 'admin']
const ORDERINGS: readonly OrganizationUserOrdering[] = [
  'username', '-username', 'email', '-email', 'first_name', '-first_name', 'last_name', '-last_name',
]

export const DEFAULT_ORDERING: OrganizationUserOrdering = 'username'

export const readUsersQuery = (search: string): OrganizationUsersQuery => {
  const params = new URLSearchParams(search)
  const role = params.get('role')
  const sort = params.get('sort')
  const page = Number(params.get('page'))
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').slice(0, 200),
    roles: ROLE_VALUES.includes(role as OrganizationRole) ? [role as OrganizationRole] : [],
    ordering: ORDERINGS.includes(sort as OrganizationUserOrdering) ? (sort as OrganizationUserOrdering) : DEFAULT_ORDERING,
  }
}

/** The query string (with its '?', or '' for the defaults). */
export const writeUsersQuery = (query: OrganizationUsersQuery): string => {
  const params = new URLSearchParams()
  if (query.roles[0]) params.set('role', query.roles[0])
  if (query.search.trim()) params.set('search', query.search.trim())
  if (query.ordering !== DEFAULT_ORDERING) params.set('sort', query.ordering)
  if (query.page > 1) params.set('page', String(query.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The next sort when a column header is clicked: ascending first, then descending. */
export const nextOrdering = (current: OrganizationUserOrdering, column: 'username' | 'email'): OrganizationUserOrdering =>
  current === column ? (`-${column}` as OrganizationUserOrdering) : column

export const directionOf = (current: OrganizationUserOrdering, column: 'username' | 'email'): 'ascending' | 'descending' | 'none' =>
  current === column ? 'ascending' : current === `-${column}` ? 'descending' : 'none'
