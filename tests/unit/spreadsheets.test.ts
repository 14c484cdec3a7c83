import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  readSpreadsheet,
  spreadsheetType,
  SpreadsheetError,
  writeSpreadsheet,
  type Column,
} from '../../server/services/spreadsheets.js'
import { lyingXlsx } from '../fixtures/lying-xlsx.js'

/** The spreadsheet reader of every import: types by content and name, header mapping, limits. */

type Key = 'name' | 'postal_code' | 'note'
const COLUMNS: Column<Key>[] = [
  { key: 'name', header: 'name', required: true },
  { key: 'postal_code', header: 'postal_code', aliases: ['zip'], required: true },
  { key: 'note', header: 'note', required: false },
]
const OPTIONS = { columns: COLUMNS, maxBytes: 1024 * 1024, maxRows: 100 }

const csv = (text: string) => Buffer.from(text, 'utf8')

const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('One')
  for (const row of rows) sheet.addRow(row)
  workbook.addWorksheet('Two').addRow(['name', 'postal_code']).commit?.()
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const problemOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.problem
    throw error
  }
  return 'read'
}

describe('the spreadsheet type', () => {
  it('is decided by the content and the name together', async () => {
    const zip = await xlsx([['name']])
    expect(spreadsheetType(zip, 'orgs.xlsx')).toBe('xlsx')
    expect(spreadsheetType(zip, 'ORGS.XLSX')).toBe('xlsx')
    expect(spreadsheetType(csv('name\nA'), 'orgs.csv')).toBe('csv')
    // a zip named .csv, text named .xlsx, a binary named .csv, other names
    expect(spreadsheetType(zip, 'orgs.csv')).toBeUndefined()
    expect(spreadsheetType(csv('name\nA'), 'orgs.xlsx')).toBeUndefined()
    expect(spreadsheetType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'logo.csv')).toBeUndefined()
    expect(spreadsheetType(csv('name\nA'), 'orgs.txt')).toBeUndefined()
    expect(spreadsheetType(zip, 'orgs.zip')).toBeUndefined()
  })

  it('refuses other files, files over the size limit and rows over the row limit', async () => {
    expect(await problemOf(readSpreadsheet(csv('%PDF-1.7\n\0'), 'a.pdf', OPTIONS))).toBe('file_type')
    expect(await problemOf(readSpreadsheet(csv('name,zip\nA,1\n'), 'a.csv', { ...OPTIONS, maxBytes: 5 }))).toBe('too_large')
    const many = `name,zip\n${Array.from({ length: 101 }, (_, i) => `N${i},${i}`).join('\n')}`
    expect(await problemOf(readSpreadsheet(csv(many), 'a.csv', OPTIONS))).toBe('too_many_rows')
    expect(await readSpreadsheet(csv(many), 'a.csv', { ...OPTIONS, maxRows: 101 })).toHaveLength(101)
    expect(await problemOf(readSpreadsheet(csv('name,zip\n"A,1\n'), 'a.csv', OPTIONS))).toBe('unreadable')
    expect(await problemOf(readSpreadsheet(csv('name,zip\n\n'), 'a.csv', OPTIONS))).toBe('empty')
    expect(await problemOf(readSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.xlsx', OPTIONS))).toBe('unreadable')
  })
})

describe('reading a csv', () => {
  it('maps the header by name (case, spaces, underscores and hyphens aside) and trims every cell', async () => {
    const rows = await readSpreadsheet(csv('\uFEFF Postal Code ,NAME,Other\n 02134 , Springfield High ,x\n\n,,\n9,B,\n'), 'a.csv', OPTIONS)
    expect(rows).toEqual([
      { number: 2, values: { name: 'Springfield High', postal_code: '02134', note: '' } },
      { number: 5, values: { name: 'B', postal_code: '9', note: '' } },
    ])
  })

  it('takes aliases, semicolons, quoted cells with line breaks, and Windows-1252 text', async () => {
    const rows = await readSpreadsheet(Buffer.from('name;ZIP\r\n"Caf\xe9 ""A""\r\nB";1\r\n', 'latin1'), 'a.csv', OPTIONS)
    expect(rows).toEqual([{ number: 2, values: { name: 'Café "A"\r\nB', postal_code: '1', note: '' } }])
  })

  it('names the required columns missing from the header', async () => {
    const error = await readSpreadsheet(csv('note,other\nA,B\n'), 'a.csv', OPTIONS).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SpreadsheetError)
    expect((error as SpreadsheetError).problem).toBe('missing_columns')
    expect((error as SpreadsheetError).columns).toEqual(['name', 'postal_code'])
  })
})

describe('reading an xlsx', () => {
  it('reads the first sheet: numbers, formulas, rich text and links as text', async () => {
    const bytes = await xlsx([
      [null, null],
      ['Name', 'Postal_code', 'Note'],
      ['  A  ', 97477, { richText: [{ text: 'rich ' }, { text: 'text' }] }],
      [{ formula: '"B"&"C"', result: 'BC' }, '007', 12.5],
      [{ text: 'link', hyperlink: 'https://example.com' }, '1', true],
    ])
    expect(await readSpreadsheet(bytes, 'orgs.xlsx', OPTIONS)).toEqual([
      { number: 3, values: { name: 'A', postal_code: '97477', note: 'rich text' } },
      { number: 4, values: { name: 'BC', postal_code: '007', note: '12.5' } },
      { number: 5, values: { name: 'link', postal_code: '1', note: 'true' } },
    ])
  })

  it('stops at the row limit', async () => {
    const bytes = await xlsx([['name', 'zip'], ...Array.from({ length: 30 }, (_, i) => [`N${i}`, i])])
    expect(await problemOf(readSpreadsheet(bytes, 'a.xlsx', { ...OPTIONS, maxRows: 29 }))).toBe('too_many_rows')
    expect(await readSpreadsheet(bytes, 'a.xlsx', { ...OPTIONS, maxRows: 30 })).toHaveLength(30)
  })

  it('reads a sound file every time, also right after a read that stopped at the row limit (a race of the stream reader)', async () => {
    // exceljs's stream reader now and then began the first sheet without the workbook part: 225 of 3,000
    // such reads were 'unreadable' (server/services/spreadsheets.ts falls back to the whole-file reader)
    const bytes = await xlsx([['name', 'zip'], ...Array.from({ length: 30 }, (_, i) => [`N${i}`, i])])
    const problems: string[] = []
    for (let i = 0; i < 60; i++) {
      await readSpreadsheet(bytes, 'a.xlsx', { ...OPTIONS, maxRows: 29 }).catch(() => undefined)
      const rows = await readSpreadsheet(bytes, 'a.xlsx', OPTIONS).catch((error: unknown) => String(error))
      if (typeof rows === 'string' || rows.length !== 30) problems.push(typeof rows === 'string' ? rows : `${rows.length} rows`)
    }
    expect(problems).toEqual([])
  }, 30_000)

  it('counts the bytes it really unpacks, not the sizes the zip declares (a zip bomb lies about them)', async () => {
    // the limit is 20 × maxBytes = 20 MB; every header of this file says it unpacks to a few KB
    const honest = lyingXlsx(['name', 'zip'], [['A', '1']], 1024)
    expect(await readSpreadsheet(honest, 'a.xlsx', OPTIONS)).toEqual([{ number: 2, values: { name: 'A', postal_code: '1', note: '' } }])
    const bomb = lyingXlsx(['name', 'zip'], [['A', '1']], 21 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(64 * 1024)
    expect(await problemOf(readSpreadsheet(bomb, 'a.xlsx', OPTIONS))).toBe('too_large')
    expect(await readSpreadsheet(bomb, 'a.xlsx', { ...OPTIONS, maxUnpackedBytes: 22 * 1024 * 1024 })).toHaveLength(1)
  })

  it('counts them too when the sizes come after the data (a data descriptor, as streaming zip writers put them)', async () => {
    const honest = lyingXlsx(['name', 'zip'], [['A', '1']], 1024, { dataDescriptors: true })
    expect(await readSpreadsheet(honest, 'a.xlsx', OPTIONS)).toEqual([{ number: 2, values: { name: 'A', postal_code: '1', note: '' } }])
    const bomb = lyingXlsx(['name', 'zip'], [['A', '1']], 21 * 1024 * 1024, { dataDescriptors: true })
    expect(await problemOf(readSpreadsheet(bomb, 'a.xlsx', OPTIONS))).toBe('too_large')
  })

  it('reads 10,000 rows, the most a file may hold (its speed: npm run bench)', async () => {
    const bytes = await xlsx([['name', 'zip'], ...Array.from({ length: 10_000 }, (_, i) => [`Organization ${i}`, `${i}`])])
    const rows = await readSpreadsheet(bytes, 'a.xlsx', { ...OPTIONS, maxRows: 10_000 })
    expect(rows).toHaveLength(10_000)
    expect(rows.at(-1)).toEqual({ number: 10_001, values: { name: 'Organization 9999', postal_code: '9999', note: '' } })
  })
})

describe('writing a template', () => {
  it('writes a csv and an xlsx that read back the same', async () => {
    const rows = [
      ['name', 'postal_code', 'note'],
      ['Springfield, "High"', '02134', ''],
    ]
    for (const type of ['csv', 'xlsx'] as const) {
      const bytes = await writeSpreadsheet(type, rows)
      expect(await readSpreadsheet(bytes, `template.${type}`, OPTIONS)).toEqual([
        { number: 2, values: { name: 'Springfield, "High"', postal_code: '02134', note: '' } },
      ])
    }
  })
})
