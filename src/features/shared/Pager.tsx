import { useI18nContext } from '../../../locales/i18n-react'
import { Pagination } from '../../ui'

/**
 * The kit's Pagination in the reader's language ("1 - 50 of 120", previous, the page buttons, next), for
 * every paged list. Hidden while everything fits on one page, unless the screen keeps it `always`.
 */
export function Pager({
  count,
  pageSize,
  page,
  onPageChange,
  always = false,
}: {
  count: number
  pageSize: number
  /** Current page, 1-based. */
  page: number
  onPageChange: (page: number) => void
  always?: boolean
}) {
  const { LL } = useI18nContext()
  if (count <= pageSize && !always) return null
  return (
    <Pagination
      count={count}
      pageSize={pageSize}
      page={page}
      onPageChange={onPageChange}
      rangeLabel={({ start, end, count: total }) => LL.common.pagination({ from: start, to: end, total })}
      labels={{
        root: LL.common.paginationNav(),
        previous: LL.common.previousPage(),
        next: LL.common.nextPage(),
        page: (p) => LL.common.goToPage({ page: p }),
      }}
    />
  )
}
