import type { ReportData, ReportScope } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { Card, Table, Text } from '../../ui'
import { periodLabel } from './range'
import { useReportWording } from './wording'

const minutes = (value: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(value)

/** The reports tab's table (spec §2 Time tracking): each student's (employee's) minutes practiced per period column. */
export function TimeTracking({ organizationId, activity, scope }: { organizationId: number; activity: ReportData['timeActivity']; scope: ReportScope }) {
  const { LL, locale } = useI18nContext()
  const t = LL.reports
  const w = useReportWording(organizationId)
  const periods = activity?.periods ?? []
  const rows = activity?.rows ?? []
  return (
    <Card.Root>
      <Card.Header pb="2">
        <Card.Title textStyle="md">{t.timeTracking()}</Card.Title>
        <Card.Description>{w.timeTrackingCaption()}</Card.Description>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text color="fg.muted">{w.noStudents()}</Text>
        ) : (
          <Table.ScrollArea label={t.timeTracking()}>
            <Table.Root size="sm">
              <Table.Caption srOnly>{w.timeTrackingCaption()}</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">{w.student()}</Table.Header>
                  {periods.map((period) => (
                    <Table.Header key={period} scope="col" textAlign="end" whiteSpace="nowrap">
                      {periodLabel(period, scope, locale)}
                    </Table.Header>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Header scope="row" fontWeight="normal" whiteSpace="nowrap">
                      {row.name}
                    </Table.Header>
                    {periods.map((period) => (
                      <Table.Cell key={period} textAlign="end">
                        {minutes(row.minutes[period] ?? 0)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  )
}
