import type { OrganizationFilter, OrganizationListQuery, OrganizationOrdering } from '../../../../machines/types'

/**
 * The admin list's query in the address: `?filter=verified&country=US&country=JP&search=high&ordering=-created_at&page=2`.
 * A reload or a shared link shows the same list; defaults are left out, and anything unknown is read as the default.
 */

const FILTERS: readonly OrganizationFilter[] = ['all', 'active', 'inactive', 'verified', 'deleted']
const ORDERINGS: readonly OrganizationOrdering[] = [
  'name', '-name', 'is_verified', '-is_verified', 'status', '-status', 'created_at', '-created_at', 'country', '-country',
]

export const DEFAULT_QUERY: OrganizationListQuery = { filter: 'all', countries: [], search: '', ordering: 'name', page: 1 }

export function parseQuery(search: string): OrganizationListQuery {
  const params = new URLSearchParams(search)
  const filter = params.get('filter') as OrganizationFilter | null
  const ordering = params.get('ordering') as OrganizationOrdering | null
  const page = Number(params.get('page'))
  const countries = [...new Set(params.getAll('country').map((code) => code.toUpperCase()).filter((code) => /^[A-Z]{2}$/.test(code)))]
  return {
    filter: filter && FILTERS.includes(filter) ? filter : DEFAULT_QUERY.filter,
    countries: countries.slice(0, 50),
    search: params.get('search') ?? '',
    ordering: ordering && ORDERINGS.includes(ordering) ? ordering : DEFAULT_QUERY.ordering,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

export function formatQuery(query: OrganizationListQuery): string {
  const params = new URLSearchParams()
  if (query.filter !== DEFAULT_QUERY.filter) params.set('filter', query.filter)
  for (const country of query.countries) params.append('country', country)
  if (query.search !== '') params.set('search', query.search)
  if (query.ordering !== DEFAULT_QUERY.ordering) params.set('ordering', query.ordering)
  if (query.page !== 1) params.set('page', String(query.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}
