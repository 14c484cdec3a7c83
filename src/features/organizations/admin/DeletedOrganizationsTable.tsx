import { useI18nContext } from '../../../../locales/i18n-react'
import type { Organization } from '../../../../machines/types'
import { Button, Table } from '../../../ui'

export interface DeletedOrganizationsTableProps {
  rows: Organization[]
  busy: boolean
  countryName: (iso2: string | null) => string
  onRestore: (organization: Organization) => void
}

/**
 * The admin list's deleted filter: the organizations deleted in the last 30 days, when each goes for
 * good, and a restore button. A deleted organization does not open (the server hides it until restored).
 */
export function DeletedOrganizationsTable({ rows, busy, countryName, onRestore }: DeletedOrganizationsTableProps) {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations.deletedOrganizations
  return (
    <Table.ScrollArea label={T.tableLabel()}>
      <Table.Root aria-busy={busy} minW="640px">
        <Table.Head>
          <Table.Row>
            <Table.Header>{T.columns.name()}</Table.Header>
            <Table.Header>{T.columns.country()}</Table.Header>
            <Table.Header>{T.columns.deletedAt()}</Table.Header>
            <Table.Header>{T.columns.purgeAt()}</Table.Header>
            <Table.Header>{T.columns.actions()}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
              <Table.Cell>{countryName(row.country)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{row.deleted_at ? LL.common.date({ value: row.deleted_at }) : '—'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{row.purge_at ? LL.common.date({ value: row.purge_at }) : '—'}</Table.Cell>
              <Table.Cell>
                <Button size="sm" variant="outline" aria-label={T.restoreRow({ name: row.name })} disabled={busy} onClick={() => onRestore(row)}>
                  {T.restore()}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
