/**
 * The paged lists of the contract: `{count, next, previous, results}`, where next and previous are the
 * paths of the neighbouring pages with the same query (page changed), or null.
 */

export interface PageQuery {
  page?: number
  page_size?: number
}

export interface Paging {
  page: number
  size: number
  offset: number
}

export const DEFAULT_PAGE_SIZE = 10

export const pagingOf = (query: PageQuery): Paging => {
  const page = query.page ?? 1
  const size = query.page_size ?? DEFAULT_PAGE_SIZE
  return { page, size, offset: (page - 1) * size }
}

/** The path of page `page` of the list at `url` (a request URL: path and query). */
const pagePath = (url: string, page: number): string => {
  const parsed = new URL(url, 'http://x')
  parsed.searchParams.set('page', String(page))
  return `${parsed.pathname}?${parsed.searchParams.toString()}`
}

export const pageOf = <T>(url: string, paging: Paging, count: number, results: T[]) => ({
  count,
  next: paging.offset + paging.size < count ? pagePath(url, paging.page + 1) : null,
  previous: paging.page > 1 ? pagePath(url, Math.min(paging.page - 1, Math.max(1, Math.ceil(count / paging.size)))) : null,
  results,
})
