import { setTimeout as delay } from 'node:timers/promises'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../server/reports/export-format.js'
import { CHUNK_CHARS, csvStream, xlsxStream } from '../../server/reports/export-writers.js'

/**
 * The XLSX writer of the class exports (server/reports/export-writers.ts): a file that
 * exceljs reads back as written, and a writer that takes rows only as fast as its reader takes bytes,
 * in pieces smaller than a batch: the constant memory of an export of 10,000 students' lesson details.
 */

const lessonRow = (i: number): Cell[] => [`Learner ${i}`, `learner${i}@example.com`, '09:30 AM, 03/05/2026', 80 + (i % 20), 'Module 1', `Lesson ${i}`, 'beginner']

const read = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('the XLSX writer', () => {
  it('writes a sheet exceljs reads back: bold frozen header, numbers as numbers, text inline and escaped, blanks left out', async () => {
    async function* batches() {
      yield [["Ana <&> 'O\"Hara'", 'ana@example.com', 12, null, "'=1+1"]]
      yield []
      yield [['日本語\u0001', 'b@example.com', -3.5, 7, 'ok']]
    }
    const bytes = await read(xlsxStream('Lesson Detail Report', ['Name', 'E-mail', 'Lessons', 'Score', 'Note'], batches()))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.name).toBe('Lesson Detail Report')
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'E-mail', 'Lessons', 'Score', 'Note'])
    expect(sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.getRow(2).values).toEqual([undefined, "Ana <&> 'O\"Hara'", 'ana@example.com', 12, undefined, "'=1+1"])
    expect(sheet.getRow(3).values).toEqual([undefined, '日本語', 'b@example.com', -3.5, 7, 'ok'])
    expect(sheet.rowCount).toBe(3)
  })

  it('takes a batch of rows only when its reader has taken the bytes before: a reader that stops stops the rows', async () => {
    let pulled = 0
    async function* batches() {
      for (;;) {
        pulled += 1
        yield Array.from({ length: 2000 }, (_, i) => lessonRow(pulled * 2000 + i))
      }
    }
    const stream = xlsxStream('Lessons', ['Name', 'E-mail', 'Date', 'Score', 'Module', 'Lesson', 'Level'], batches())
    // the reader takes the first bytes, then stops
    await new Promise((resolve) => stream.once('readable', resolve))
    stream.read()
    await delay(1500)
    const whileStopped = pulled
    // the batches whose compressed bytes fill the streams' buffers (these rows compress some 100 to 1, so a
    // few dozen), and then none: exceljs' streaming writer took batches without end and starved the loop
    expect(whileStopped).toBeLessThanOrEqual(50)
    await delay(300)
    expect(pulled).toBe(whileStopped)
    stream.destroy()
  })
})

describe('the pieces the writers hand on', () => {
  /** What a piece may hold at most: CHUNK_CHARS characters, then the row that crossed it (in UTF-8, up to 3 bytes a character). */
  const MAX_PIECE = 3 * CHUNK_CHARS + 1024
  async function* bigBatches() {
    for (let batch = 0; batch < 3; batch++) yield Array.from({ length: 2000 }, (_, i) => lessonRow(batch * 2000 + i))
  }

  it('CSV: every row in pieces smaller than a batch, none of them lost or cut', async () => {
    const sizes: number[] = []
    const chunks: Buffer[] = []
    for await (const chunk of csvStream(['Name', 'E-mail', 'Date', 'Score', 'Module', 'Lesson', 'Level'], bigBatches())) {
      sizes.push((chunk as Buffer).length)
      chunks.push(chunk as Buffer)
    }
    // a batch of 2,000 lessons is some 180 KB of CSV: it used to be one piece, a large object to V8
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_PIECE)
    expect(sizes.length).toBeGreaterThan(6)
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n')
    expect(lines).toHaveLength(6002)
    expect(lines[6000]).toBe('Learner 5999,learner5999@example.com,"09:30 AM, 03/05/2026",99,Module 1,Lesson 5999,beginner')
  })

  it('XLSX: rows cut into pieces across batches come back whole and in order', async () => {
    const bytes = await read(xlsxStream('Lessons', ['Name', 'E-mail', 'Date', 'Score', 'Module', 'Lesson', 'Level'], bigBatches()))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.rowCount).toBe(6001)
    expect(sheet.getRow(2001).values).toEqual([undefined, ...lessonRow(1999)])
    expect(sheet.getRow(6001).values).toEqual([undefined, ...lessonRow(5999)])
  })
})
