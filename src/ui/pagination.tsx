import { Pagination as Ark, usePagination } from '@ark-ui/react/pagination'
import type { ReactNode } from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { pagination } from '../../styled-system/recipes'
import { Button } from './button'
import { IconButton } from './icon-button'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

const { withProvider, withContext } = createStyleContext(pagination)

// RootProvider: `page` is also a CSS property, so it cannot go through the style props.
const RootProvider = withProvider(Ark.RootProvider, 'root')
const Item = withContext(Ark.Item, 'item')
const PrevTrigger = withContext(Ark.PrevTrigger, 'prevTrigger')
const NextTrigger = withContext(Ark.NextTrigger, 'nextTrigger')

export interface PageRange {
  /** 1-based index of the first row shown (0 when there are none). */
  start: number
  /** 1-based index of the last row shown. */
  end: number
  /** Total number of rows. */
  count: number
}

export interface PaginationLabels {
  /** Name of the navigation landmark, e.g. "Pagination". */
  root: string
  previous: string
  next: string
  /** Name of a page button, e.g. (p) => `Page ${p}`. */
  page: (page: number) => string
}

export interface PaginationProps {
  /** Total number of rows. */
  count: number
  pageSize: number
  /** Current page, 1-based. */
  page: number
  onPageChange: (page: number) => void
  /** The spec's "x - y of total", translated by the caller: ({ start, end, count }) => ... */
  rangeLabel: (range: PageRange) => ReactNode
  labels: PaginationLabels
  /** Most page buttons shown at once (the spec: 5). */
  maxPageButtons?: number | undefined
}

/** The pages shown: a window of at most `max` consecutive pages around the current one. */
export function pageWindow(page: number, totalPages: number, max = 5): number[] {
  const size = Math.min(max, totalPages)
  let first = Math.max(1, page - Math.floor(size / 2))
  first = Math.max(1, Math.min(first, totalPages - size + 1))
  return Array.from({ length: size }, (_, i) => first + i)
}

export function pageRange(page: number, pageSize: number, count: number): PageRange {
  if (count <= 0) return { start: 0, end: 0, count: 0 }
  return { start: (page - 1) * pageSize + 1, end: Math.min(page * pageSize, count), count }
}

/**
 * "x - y of total", previous, up to 5 page buttons, next. The caller hides it when there is
 * only one page if the screen asks for that.
 */
export function Pagination({
  count,
  pageSize,
  page,
  onPageChange,
  rangeLabel,
  labels,
  maxPageButtons = 5,
}: PaginationProps) {
  const totalPages = Math.max(1, Math.ceil(count / pageSize))
  const pages = pageWindow(page, totalPages, maxPageButtons)
  const api = usePagination({
    count,
    pageSize,
    page,
    onPageChange: (d) => onPageChange(d.page),
    translations: {
      rootLabel: labels.root,
      prevTriggerLabel: labels.previous,
      nextTriggerLabel: labels.next,
      itemLabel: ({ page: p }) => labels.page(p),
    },
  })
  return (
    <RootProvider
      value={api}
      alignItems="center"
      flexWrap="wrap"
      gap="2"
    >
      <styled.span color="fg.muted" textStyle="sm" me="2" aria-live="polite">
        {rangeLabel(pageRange(page, pageSize, count))}
      </styled.span>
      <styled.div display="flex" alignItems="center" gap="1">
        <PrevTrigger asChild>
          <IconButton aria-label={labels.previous} variant="ghost" size="sm">
            <ChevronLeftIcon />
          </IconButton>
        </PrevTrigger>
        {pages.map((p) => (
          <Item key={p} type="page" value={p} asChild>
            <Button
              variant="outline"
              size="sm"
              aria-label={labels.page(p)}
              aria-current={p === page ? 'page' : undefined}
            >
              {p}
            </Button>
          </Item>
        ))}
        <NextTrigger asChild>
          <IconButton aria-label={labels.next} variant="ghost" size="sm">
            <ChevronRightIcon />
          </IconButton>
        </NextTrigger>
      </styled.div>
    </RootProvider>
  )
}
