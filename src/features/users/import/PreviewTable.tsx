import { useI18nContext } from '../../../../locales/i18n-react'
import type { InvitationBatchRow } from '../../../../machines/types'
import { Badge, Table, Text } from '../../../ui'

/**
 * The rows of a batch preview: number, value as written, and its check (the problem named with its column
 * or row). `team`: a company's list for a team, whose members are in the team rather than the class.
 */
export function PreviewTable({ rows, team = false }: { rows: readonly InvitationBatchRow[]; team?: boolean }) {
  const { LL } = useI18nContext()
  const T = LL.invitationImport
  const columnName = (row: InvitationBatchRow) => T.column[row.column ?? (row.status === 'invalid_id' ? 'user_id' : 'email')]()
  const check = (row: InvitationBatchRow): string => {
    switch (row.status) {
      case 'ok':
        return T.status.ok()
      case 'invalid_email':
        return T.status.invalid_email({ column: columnName(row) })
      case 'invalid_id':
        return T.status.invalid_id({ column: columnName(row) })
      case 'duplicate':
        return T.status.duplicate({ row: row.duplicate_of ?? 0 })
      case 'member':
        return T.status.member()
      case 'invited':
        return T.status.invited()
      case 'unknown_user':
        return T.status.unknown_user()
      case 'own_address':
        return T.status.own_address()
      case 'in_class':
        return team ? T.status.in_team() : T.status.in_class()
    }
  }
  if (rows.length === 0) return <Text color="fg.muted">{T.noRows()}</Text>
  return (
    <Table.ScrollArea label={T.tableLabel()}>
      <Table.Root size="sm" minW="320px">
        <Table.Head>
          <Table.Row>
            <Table.Header w="16">{T.columnRow()}</Table.Header>
            <Table.Header>{T.columnValue()}</Table.Header>
            <Table.Header>{T.columnStatus()}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.number} data-status={row.status} data-invalid={row.status === 'ok' ? undefined : ''}>
              <Table.Cell>{row.number}</Table.Cell>
              <Table.Cell fontWeight="medium" wordBreak="break-all">
                {row.value}
              </Table.Cell>
              <Table.Cell>
                {row.status === 'ok' ? (
                  <Badge variant="outline">{check(row)}</Badge>
                ) : (
                  <Text color={row.status === 'invalid_email' || row.status === 'invalid_id' || row.status === 'unknown_user' || row.status === 'own_address' ? 'fg.error' : 'fg.muted'}>{check(row)}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
