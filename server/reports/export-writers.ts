import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { Cell } from './export-format.js'

/**
 * Writers of a class export: a header and batches of rows in, a byte stream out, pulled by the reply so
 * that a slow reader slows the database reads down instead of piling rows up in memory.
 */

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvCell = (cell: Cell): string => {
  if (cell === null) return ''
  const value = String(cell)
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}
const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`

/** UTF-8 with a byte order mark (a spreadsheet program would otherwise take it for its own code page), CRLF lines. */
export const csvStream = (header: readonly string[], batches: AsyncIterable<Cell[][]>): Readable =>
  Readable.from(
    (async function* () {
      yield Buffer.from(`\uFEFF${csvLine(header)}`, 'utf8')
      for await (const rows of batches) if (rows.length > 0) yield Buffer.from(rows.map(csvLine).join(''), 'utf8')
    })(),
    { objectMode: false },
  )

/**
 * An XLSX written by exceljs' streaming WorkbookWriter: every row is committed (and leaves memory) as it
 * is added, and strings go inline rather than to a shared-strings table that would grow with the file.
 * After each batch it waits while the reply has not taken what was written. A failure reading the rows
 * ends the stream with that error (the reply is cut short, not a truncated file passed off as whole).
 */
export const xlsxStream = (sheetName: string, header: readonly string[], batches: AsyncIterable<Cell[][]>): Readable => {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = header.map(() => ({ width: 22 }))
  const write = async () => {
    const headerRow = sheet.addRow([...header])
    headerRow.font = { bold: true }
    headerRow.commit()
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row).commit()
      if (out.writableNeedDrain) await once(out, 'drain')
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}

/** A sheet's name: at most 31 characters, none of \ / ? * [ ] : (Excel's rules). */
export const sheetNameOf = (title: string): string => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet1'
