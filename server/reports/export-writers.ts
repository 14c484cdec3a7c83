import archiver from 'archiver'
import { Readable } from 'node:stream'
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

/**
 * How much text goes into one chunk of the stream, in characters: a piece of a batch, not the batch. A
 * batch's text as one string (a megabyte for 2,000 lessons) is a large object to V8, which keeps it
 * until a full collection: such strings and their buffers piled up in the heap, so the peak memory of an
 * export grew with the class (10,000 students took more than 1,000). Pieces this size die young.
 */
export const CHUNK_CHARS = 32 * 1024

/** `head`, each row as `line` writes it, then `tail`, as UTF-8 chunks of about CHUNK_CHARS characters. */
async function* textChunks(head: string, batches: AsyncIterable<Cell[][]>, line: (row: readonly Cell[]) => string, tail = ''): AsyncGenerator<Buffer> {
  let text = head
  for await (const rows of batches) {
    for (const row of rows) {
      text += line(row)
      if (text.length >= CHUNK_CHARS) {
        yield Buffer.from(text, 'utf8')
        text = ''
      }
    }
  }
  yield Buffer.from(text + tail, 'utf8')
}

/** UTF-8 with a byte order mark (a spreadsheet program would otherwise take it for its own code page), CRLF lines. */
export const csvStream = (header: readonly string[], batches: AsyncIterable<Cell[][]>): Readable =>
  Readable.from(textChunks(`\uFEFF${csvLine(header)}`, batches, csvLine), { objectMode: false })

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** Text as XML character data: the five marks escaped, and the control characters XML 1.0 cannot hold dropped. */
// eslint-disable-next-line no-control-regex
const xmlText = (text: string): string => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (mark) => `&#${mark.charCodeAt(0)};`)

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
const columnName = (index: number): string => (index < 26 ? '' : columnName(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26))

/** A row of the sheet: numbers as numbers, text inline (no shared-strings table to grow with the file), empty cells left out. */
const xlsxRow = (number: number, cells: readonly Cell[], style = ''): string => {
  let xml = `<row r="${number}">`
  cells.forEach((cell, index) => {
    if (cell === null || (typeof cell === 'number' && !Number.isFinite(cell))) return
    const ref = `${columnName(index)}${number}`
    xml +=
      typeof cell === 'number'
        ? `<c r="${ref}"${style}><v>${cell}</v></c>`
        : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`
  })
  return `${xml}</row>`
}

/** The sheet's XML: the header frozen above the rows, in bold (style 1), columns 22 wide; then the rows as they are read. */
const sheetXml = (header: readonly string[], batches: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> => {
  const width = Math.max(1, header.length)
  let number = 1
  return textChunks(
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="${width}" width="22" customWidth="1"/></cols>` +
      `<sheetData>${xlsxRow(1, header, ' s="1"')}`,
    batches,
    (row) => xlsxRow(++number, row),
    '</sheetData></worksheet>',
  )
}

/** The package's fixed parts: content types, relationships, the workbook with its one sheet, two cell styles. */
const packageParts = (sheetName: string) => ({
  contentTypes:
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  rels: `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  workbook: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  workbookRels:
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  styles:
    `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
})

/**
 * An XLSX (Office Open XML) of one sheet, its XML written here and zipped by archiver as it is pulled: the
 * rows go from the batches to the compressor to the reply, so a slow reader slows the database reads down
 * and the memory stays that of one batch. Not exceljs' streaming writer, which let its sheet run ahead of
 * the compressor (65 MB more for 10,000 students' lesson details); the tests read the files back with
 * exceljs. A failure reading the rows ends the stream with that error (the reply is cut short, not a
 * truncated file passed off as whole).
 */
export const xlsxStream = (sheetName: string, header: readonly string[], batches: AsyncIterable<Cell[][]>): Readable => {
  const parts = packageParts(sheetName)
  const archive = archiver('zip')
  archive.append(parts.contentTypes, { name: '[Content_Types].xml' })
  archive.append(parts.rels, { name: '_rels/.rels' })
  archive.append(parts.workbook, { name: 'xl/workbook.xml' })
  archive.append(parts.workbookRels, { name: 'xl/_rels/workbook.xml.rels' })
  archive.append(parts.styles, { name: 'xl/styles.xml' })
  const sheet = Readable.from(sheetXml(header, batches), { objectMode: false })
  sheet.once('error', (error) => archive.destroy(error))
  archive.append(sheet, { name: 'xl/worksheets/sheet1.xml' })
  void archive.finalize().catch(() => undefined) // its failure is the archive's 'error', which ends the reply
  return archive
}

/** A sheet's name: at most 31 characters, none of \ / ? * [ ] : (Excel's rules). */
export const sheetNameOf = (title: string): string => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet1'
