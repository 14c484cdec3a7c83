import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { Organization, OrganizationOrdering } from '../../../../machines/types'
import { styled } from '../../../../styled-system/jsx'
import { Badge, Checkbox, Link, Table, type SortDirection } from '../../../ui'

type Column = 'name' | 'is_verified' | 'status' | 'created_at' | 'country'

const direction = (ordering: OrganizationOrdering, column: Column): SortDirection =>
  ordering === column ? 'ascending' : ordering === `-${column}` ? 'descending' : 'none'

/** The next ordering when a column header is clicked: ascending first, then it flips. */
const nextOrdering = (ordering: OrganizationOrdering, column: Column): OrganizationOrdering =>
  (ordering === column ? `-${column}` : column) as OrganizationOrdering

export interface OrganizationsTableProps {
  rows: Organization[]
  ordering: OrganizationOrdering
  selection: number[]
  busy: boolean
  countryName: (iso2: string | null) => string
  hrefOf: (organization: Organization) => string
  onSort: (ordering: OrganizationOrdering) => void
  onSelect: (ids: number[]) => void
  onFlip: (organization: Organization) => void
  onOpen: (organization: Organization) => void
}

/**
 * The organizations table (spec §2): row selection, sortable name, verification, status, created
 * and country columns. A row click opens the organization; the verified cell flips it instead.
 */
export function OrganizationsTable({ rows, ordering, selection, busy, countryName, hrefOf, onSort, onSelect, onFlip, onOpen }: OrganizationsTableProps) {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations
  const all = rows.length > 0 && rows.every((row) => selection.includes(row.id))
  const some = !all && rows.some((row) => selection.includes(row.id))
  const header = (column: Column, label: string) => (
    <Table.SortableHeader direction={direction(ordering, column)} onSort={() => onSort(nextOrdering(ordering, column))}>
      {label}
    </Table.SortableHeader>
  )
  return (
    <Table.ScrollArea label={T.tableLabel()}>
      <Table.Root aria-busy={busy} minW="720px">
        <Table.Head>
          <Table.Row>
            <Table.Header w="12">
              <Checkbox
                aria-label={T.selectAll()}
                checked={all ? true : some ? 'indeterminate' : false}
                onCheckedChange={(details) => onSelect(details.checked === true ? rows.map((row) => row.id) : [])}
              />
            </Table.Header>
            {header('name', T.columns.name())}
            {header('is_verified', T.columns.verified())}
            {header('status', T.columns.status())}
            {header('created_at', T.columns.createdAt())}
            {header('country', T.columns.country())}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => {
            const selected = selection.includes(row.id)
            return (
              <Table.Row key={row.id} data-selected={selected ? '' : undefined} cursor="pointer" onClick={() => onOpen(row)}>
                <Table.Cell onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={T.selectRow({ name: row.name })}
                    checked={selected}
                    onCheckedChange={(details) =>
                      onSelect(details.checked === true ? [...selection, row.id] : selection.filter((id) => id !== row.id))
                    }
                  />
                </Table.Cell>
                <Table.Cell fontWeight="medium">
                  <Link asChild>
                    <RouterLink href={hrefOf(row)} onClick={(event) => event.stopPropagation()}>
                      {row.name}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell onClick={(event) => event.stopPropagation()}>
                  <styled.button
                    type="button"
                    cursor="pointer"
                    borderRadius="l2"
                    // the name starts with what the cell shows, then says what a click does
                    aria-label={`${row.is_verified ? T.isVerified() : T.notVerified()} · ${row.is_verified ? T.markNotVerified({ name: row.name }) : T.markVerified({ name: row.name })}`}
                    aria-pressed={row.is_verified}
                    disabled={busy}
                    onClick={() => onFlip(row)}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' }}
                  >
                    <Badge variant={row.is_verified ? 'solid' : 'outline'}>{row.is_verified ? T.isVerified() : T.notVerified()}</Badge>
                  </styled.button>
                </Table.Cell>
                <Table.Cell>
                  <Badge variant="subtle">{row.status === 'active' ? T.active() : T.inactive()}</Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{LL.common.date({ value: row.created_at })}</Table.Cell>
                <Table.Cell>{countryName(row.country)}</Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
