import { setTimeout as delay } from 'node:timers/promises'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../server/reports/export-format.js'
import { xlsxStream } from '../../server/reports/export-writers.js'

/**
 * The XLSX writer of the class exports (server/reports/export-writers.ts): a file that
 * exceljs reads back as written, and a writer that takes rows only as fast as its reader takes bytes,
 * the constant memory of an export of 10,000 students' lesson details.
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
