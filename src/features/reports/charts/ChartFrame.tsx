import { LegendOrdinal } from '@visx/legend'
import { useParentSize } from '@visx/responsive'
import { scaleOrdinal } from '@visx/scale'
import { type ReactNode, useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { HStack, Stack, styled } from '../../../../styled-system/jsx'
import { Button, Card, Skeleton, Table, Text } from '../../../ui'

/** One named, colored thing a chart draws (a series or a slice), as its legend and its table show it. */
export interface LegendEntry {
  key: string
  label: string
  color: string
  /** A line is drawn as a line in the legend, the rest as a square. */
  line?: boolean
}

/** The data table that stands for a chart (for screen readers, and for anyone who asks for it). */
export interface ChartTable {
  columns: string[]
  rows: { key: string; cells: string[] }[]
}

export interface ChartFrameProps {
  title: string
  legend: LegendEntry[]
  table: ChartTable
  loading: boolean
  empty: boolean
  /** Draws the chart at the measured width. */
  children: (width: number) => ReactNode
}

/**
 * The card around every report chart: title, legend, the loading and empty states, and a "show as
 * table" toggle. The chart is drawn at its container's width (360 px phones to 1440 px screens);
 * the table is the same data, always in the page for screen readers when the chart is shown.
 */
export function ChartFrame({ title, legend, table, loading, empty, children }: ChartFrameProps) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const [asTable, setAsTable] = useState(false)
  // the hook under visx's ParentSize: that component measures an absolute, overflow-hidden box,
  // which needs a fixed height and would clip the chart's focus ring and edge labels
  const { parentRef, width } = useParentSize({ debounceTime: 50, ignoreDimensions: ['height', 'top', 'left'] })

  return (
    <Card.Root role="region" aria-label={title} aria-busy={loading || undefined}>
      <Card.Header pb="2">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Card.Title textStyle="md">{title}</Card.Title>
          {!empty && !loading ? (
            <Button size="xs" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {asTable ? t.showChart() : t.showTable()}
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {loading && empty ? (
            <>
              <Skeleton height="56" width="full" />
              <Text srOnly role="status">
                {t.loading()}
              </Text>
            </>
          ) : empty ? (
            <styled.div height="32" display="flex" alignItems="center" justifyContent="center">
              <Text color="fg.muted">{t.empty()}</Text>
            </styled.div>
          ) : asTable ? (
            <DataTable title={title} table={table} />
          ) : (
            <>
              <styled.div ref={parentRef} opacity={loading ? '0.5' : '1'} transition="opacity 0.2s">
                {/* until the box is measured (a frame or two; longer on a busy device) its place is held as loading */}
                {width > 0 ? children(Math.floor(width)) : <Skeleton height="56" width="full" />}
              </styled.div>
              <Legend entries={legend} />
              <styled.div srOnly>
                <DataTable title={title} table={table} hidden />
              </styled.div>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

/** The series' names by color; a line is drawn as a line, the rest as a square. */
function Legend({ entries }: { entries: LegendEntry[] }) {
  if (entries.length < 2) return null
  const scale = scaleOrdinal<string, string>({ domain: entries.map((entry) => entry.key), range: entries.map((entry) => entry.color) })
  const byKey = new Map(entries.map((entry) => [entry.key, entry]))
  return (
    <styled.div aria-hidden="true" textStyle="sm" color="fg.muted">
      <LegendOrdinal
        scale={scale}
        labelFormat={(key) => byKey.get(key)?.label ?? key}
        shape="rect"
        shapeWidth={12}
        shapeHeight={12}
        shapeStyle={(item) => (byKey.get(item.datum)?.line ? { height: 2, alignSelf: 'center', borderRadius: 1 } : { borderRadius: 2 })}
        style={{ display: 'flex', flexWrap: 'wrap', columnGap: '0.75rem', rowGap: '0.5rem' }}
        itemMargin="0"
        labelMargin="0 0 0 0.375rem"
      />
    </styled.div>
  )
}

/** The chart's data; `hidden` (for screen readers only) leaves out the scroll area's focus stop. */
function DataTable({ title, table, hidden = false }: { title: string; table: ChartTable; hidden?: boolean }) {
  const data = (
      <Table.Root size="sm">
        <Table.Caption srOnly>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            {table.columns.map((column) => (
              <Table.Header key={column} scope="col">
                {column}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {table.rows.map((row) => (
            <Table.Row key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <Table.Header key={i} scope="row" fontWeight="normal">
                    {cell}
                  </Table.Header>
                ) : (
                  <Table.Cell key={i}>{cell}</Table.Cell>
                ),
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
  )
  return hidden ? data : <Table.ScrollArea label={title}>{data}</Table.ScrollArea>
}
