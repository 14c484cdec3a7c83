import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { inflatedSizeWithin } from './inflated-size.js'

/**
 * Reading an uploaded spreadsheet into rows of text, for every import (organizations; users later).
 * The type is decided by the file's content and its name together: an .xlsx is a zip (its first bytes
 * are PK\x03\x04) named .xlsx; a .csv is text (no NUL byte, not a zip) named .csv. Anything else, or a
 * name that does not match the content, is refused as `file_type`.
 *
 * The first row that is not empty is the header. Its cells are mapped to the caller's columns by name,
 * ignoring case, spaces, underscores and hyphens ("Postal code", "postal_code" and "POSTAL-CODE" are one
 * column); columns the caller does not know are ignored. Every other non-empty row becomes one row of
 * trimmed strings by column key ("" for an empty cell), with its number as a spreadsheet program shows
 * it (the header is 1 when the file starts with it; a quoted csv cell over several lines is one row).
 * An xlsx is read as a stream, its first sheet only, with the cells as stored (a date is its serial
 * number: no import takes dates), and reading stops as soon as the row limit is passed.
 */

export type SpreadsheetType = 'csv' | 'xlsx'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * The content type a user list (csv or xlsx) is uploaded with, or undefined for a file type not allowed:
 * a spreadsheet type some systems give a .csv is sent as text/csv (spec 001 §5).
 */
export const uploadTypeOf = (contentType: string, fileName: string): 'text/csv' | typeof XLSX_CONTENT_TYPE | undefined => {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  const extension = fileName.trim().toLowerCase().split('.').pop()
  if (extension === 'csv' && ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv'].includes(type)) return 'text/csv'
  if (extension === 'xlsx' && (type === XLSX_CONTENT_TYPE || type === 'application/vnd.ms-excel')) return XLSX_CONTENT_TYPE
  return undefined
}

export type SpreadsheetProblem =
  /** Not a csv or xlsx, or a name that does not match the content. */
  | 'file_type'
  /** Larger than `maxBytes`. */
  | 'too_large'
  /** More data rows than `maxRows`. */
  | 'too_many_rows'
  /** The type is right but the content cannot be read (a broken zip, a csv with an unclosed quote). */
  | 'unreadable'
  /** No header row, or no data row under it. */
  | 'empty'
  /** Required columns are missing from the header (`columns` lists them). */
  | 'missing_columns'

export class SpreadsheetError extends Error {
  constructor(
    readonly problem: SpreadsheetProblem,
    /** For `missing_columns`: the header names of the missing columns. */
    readonly columns: readonly string[] = [],
  ) {
    super(`spreadsheet: ${problem}${columns.length ? ` (${columns.join(', ')})` : ''}`)
    this.name = 'SpreadsheetError'
  }
}

export interface Column<Key extends string> {
  key: Key
  /** The name the template writes; other names that mean the same column may be added in `aliases`. */
  header: string
  aliases?: readonly string[]
  required: boolean
}

export interface SheetRow<Key extends string> {
  /** The row's number as a spreadsheet program shows it (1-based, counting the header and empty rows). */
  number: number
  values: Record<Key, string>
}

export interface ReadOptions<Key extends string> {
  columns: readonly Column<Key>[]
  maxBytes: number
  maxRows: number
  /**
   * The most an xlsx may unpack to (a zip bomb is small and unpacks to gigabytes), counted by inflating
   * it before it is read, whatever its headers declare; default 20 × maxBytes.
   */
  maxUnpackedBytes?: number
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

const extensionOf = (fileName: string): string => fileName.trim().toLowerCase().split('.').pop() ?? ''

/** The spreadsheet type of these bytes named so, or undefined when content and name do not agree on one. */
export const spreadsheetType = (bytes: Uint8Array, fileName: string): SpreadsheetType | undefined => {
  const extension = extensionOf(fileName)
  const isZip = ZIP_MAGIC.every((byte, index) => bytes[index] === byte)
  if (extension === 'xlsx') return isZip ? 'xlsx' : undefined
  // a text file has no NUL byte (looked for in the first 64 KB, where a binary file shows it at once)
  if (extension === 'csv') return !isZip && !bytes.subarray(0, 65536).includes(0) ? 'csv' : undefined
  return undefined
}

/** A header cell as compared: lower case without spaces, underscores or hyphens. */
export const headerKey = (name: string): string => name.toLowerCase().replace(/[\s_\-]+/g, '')

/** UTF-8 (with or without its byte order mark); a file that is not valid UTF-8 is read as Windows-1252, as older spreadsheet programs write it. */
const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** The delimiter of the header line: spreadsheet programs in many languages write ';' (the decimal mark is ','), some a tab. */
const delimiterOf = (text: string): string => {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const count = (mark: string) => firstLine.split(mark).length - 1
  return [';', '\t'].reduce((best, mark) => (count(mark) > count(best) ? mark : best), ',')
}

/** A cell of exceljs as the text a person sees in it. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: string }
    if (cell.richText) return cell.richText.map((part) => part.text).join('')
    if (cell.text !== undefined) return cellText(cell.text)
    if (cell.result !== undefined) return cellText(cell.result)
    if (cell.error !== undefined) return ''
  }
  return ''
}

/** The rows of a csv with their 1-based numbers (empty lines are rows too, as a spreadsheet program shows them). */
async function* csvRows(bytes: Uint8Array): AsyncGenerator<[number: number, cells: string[]]> {
  const text = decodeText(bytes).replace(/^\uFEFF/, '')
  let records: string[][]
  try {
    records = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false }) as string[][]
  } catch {
    throw new SpreadsheetError('unreadable')
  }
  for (const [index, record] of records.entries()) yield [index + 1, record]
}

/** A row of exceljs (values 1-based, both readers) as its number and the text of its cells by column position (0-based). */
const numberedCells = (row: ExcelJS.Row): [number: number, cells: string[]] => [row.number, (row.values as unknown[]).slice(1).map(cellText)]

/** The rows of the first sheet of an xlsx, read as a stream: cells by column position (0-based). */
async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<[number: number, cells: string[]]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  let read = false
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        read = true
        yield numberedCells(row)
      }
      return // the first sheet only
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error
    // exceljs's stream reader now and then starts a sound file's first sheet without its workbook part
    // ("Cannot read properties of undefined (reading 'sheets')": 12 of 3,000 reads of one file); the
    // whole-file reader has no such race, and the file's unpacked size was checked before either
    if (!read) {
      yield* loadedXlsxRows(bytes)
      return
    }
    throw new SpreadsheetError('unreadable')
  }
}

/** The rows of the first sheet of an xlsx read whole (exceljs's Workbook.xlsx.load), as xlsxRows gives them. */
async function* loadedXlsxRows(bytes: Uint8Array): AsyncGenerator<[number: number, cells: string[]]> {
  const workbook = new ExcelJS.Workbook()
  try {
    // exceljs types its Buffer apart from @types/node's (as the import tests' own loads do)
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  } catch {
    throw new SpreadsheetError('unreadable')
  }
  const rows: [number: number, cells: string[]][] = []
  workbook.worksheets[0]?.eachRow((row) => rows.push(numberedCells(row)))
  yield* rows
}

/** Reads `bytes` named `fileName` into rows by the given columns; throws a SpreadsheetError on a file it cannot take. */
export const readSpreadsheet = async <Key extends string>(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions<Key>,
): Promise<SheetRow<Key>[]> => {
  if (bytes.length > options.maxBytes) throw new SpreadsheetError('too_large')
  const type = spreadsheetType(bytes, fileName)
  if (!type) throw new SpreadsheetError('file_type')
  if (type === 'xlsx') {
    const unpacked = await inflatedSizeWithin(bytes, options.maxUnpackedBytes ?? 20 * options.maxBytes)
    if (unpacked !== 'within') throw new SpreadsheetError(unpacked === 'over' ? 'too_large' : 'unreadable')
  }
  const source = type === 'csv' ? csvRows(bytes) : xlsxRows(bytes)

  let positions: Array<[Key, number]> | undefined
  const rows: SheetRow<Key>[] = []
  for await (const [number, raw] of source) {
    const cells = raw.map((cell) => cell.trim())
    if (cells.every((cell) => cell === '')) continue
    if (!positions) {
      positions = headerPositions(cells, options.columns)
      continue
    }
    if (rows.length === options.maxRows) throw new SpreadsheetError('too_many_rows')
    const values = Object.fromEntries(options.columns.map(({ key }) => [key, ''])) as Record<Key, string>
    for (const [key, position] of positions) values[key] = cells[position] ?? ''
    rows.push({ number, values })
  }
  if (!positions || rows.length === 0) throw new SpreadsheetError('empty')
  return rows
}

/** Where each known column is in the header; the required ones missing are a SpreadsheetError. */
const headerPositions = <Key extends string>(header: string[], columns: readonly Column<Key>[]): Array<[Key, number]> => {
  const byName = new Map(header.map((name, position) => [headerKey(name), position] as const).reverse())
  const found: Array<[Key, number]> = []
  const missing: string[] = []
  for (const column of columns) {
    const position = [column.header, ...(column.aliases ?? [])].map((name) => byName.get(headerKey(name))).find((p) => p !== undefined)
    if (position !== undefined) found.push([column.key, position])
    else if (column.required) missing.push(column.header)
  }
  if (missing.length > 0) throw new SpreadsheetError('missing_columns', missing)
  return found
}

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/**
 * A file of these rows (the first is the header): a csv in UTF-8 with a byte order mark (so that a
 * spreadsheet program does not take it for its own code page), or an xlsx whose cells are all text
 * (a postal code keeps its leading zero, a phone number stays a number as written).
 */
export const writeSpreadsheet = async (type: SpreadsheetType, rows: readonly (readonly string[])[]): Promise<Buffer> => {
  if (type === 'csv') return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow([...row])
  sheet.eachRow((row) => row.eachCell((cell) => (cell.numFmt = '@')))
  sheet.getRow(1).font = { bold: true }
  sheet.columns.forEach((column) => (column.width = 22))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
