import { ark } from '@ark-ui/react/factory'
import type { ComponentProps, ReactNode } from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { table } from '../../styled-system/recipes'
import { ChevronDownIcon, ChevronUpIcon, ChevronsUpDownIcon } from './icons'

/**
 * A data table. Compose Root > Head > Row > Header ... / Body > Row > Cell.
 * variant: plain (default) | outline; size: sm | md. Wrap wide tables in `Table.ScrollArea`
 * so they scroll sideways at 360px instead of widening the page.
 */
const { withProvider, withContext } = createStyleContext(table)

export const Root = withProvider(ark.table, 'root')
export const Caption = withContext(ark.caption, 'caption')
export const Head = withContext(ark.thead, 'head')
export const Body = withContext(ark.tbody, 'body')
export const Footer = withContext(ark.tfoot, 'footer')
export const Row = withContext(ark.tr, 'row')
export const Header = withContext(ark.th, 'header')
export const Cell = withContext(ark.td, 'cell')

/**
 * A horizontally scrollable, keyboard-focusable region around a wide table. Positioned, so that it clips
 * the absolutely positioned parts of its cells too (a visually hidden label in the last column widened
 * the page by the table's width at 360 px).
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <styled.div
      role="region"
      aria-label={label}
      tabIndex={0}
      position="relative"
      overflowX="auto"
      maxW="full"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' }}
    >
      {children}
    </styled.div>
  )
}

export type SortDirection = 'ascending' | 'descending' | 'none'

export interface SortableHeaderProps extends Omit<ComponentProps<typeof Header>, 'onClick'> {
  /** Current sort of this column; put on the header as aria-sort. */
  direction: SortDirection
  /** Called when the user asks to sort by this column (click, Enter or Space). */
  onSort: () => void
  children: ReactNode
}

/** A column header whose label is a button that sorts by the column. */
export function SortableHeader({ direction, onSort, children, ...props }: SortableHeaderProps) {
  return (
    <Header aria-sort={direction} {...props}>
      <styled.button
        type="button"
        onClick={onSort}
        display="inline-flex"
        alignItems="center"
        gap="1"
        font="inherit"
        color="inherit"
        cursor="pointer"
        borderRadius="l1"
        mx="-1"
        px="1"
        _hover={{ color: 'fg.default' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' }}
      >
        {children}
        <styled.span display="inline-flex" w="4" h="4" color={direction === 'none' ? 'fg.subtle' : 'fg.default'}>
          {direction === 'ascending' ? (
            <ChevronUpIcon width="16" height="16" />
          ) : direction === 'descending' ? (
            <ChevronDownIcon width="16" height="16" />
          ) : (
            <ChevronsUpDownIcon width="16" height="16" />
          )}
        </styled.span>
      </styled.button>
    </Header>
  )
}
