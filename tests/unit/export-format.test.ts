import { describe, expect, it } from 'vitest'
import { clockTime, contentDisposition, dateFormats, exportFileName, neutralized } from '../../server/reports/export-format.js'

/** The values of the class exports as written for a person (server/reports/export-format.ts). */

describe('formula neutralizing', () => {
  it("prefixes ' to text starting with = + - @, a tab or a carriage return; leaves other text alone", () => {
    for (const text of ['=SUM(A1:A9)', '+1', '-2+3', '@cmd', '\t=1', '\r=1', "=HYPERLINK(\"http://x\",\"y\")"]) expect(neutralized(text)).toBe(`'${text}`)
    for (const text of ['Ana', 'a=b', ' =1', '1-2', "'quoted", '']) expect(neutralized(text)).toBe(text)
  })
})

describe('studied time', () => {
  it('is hh:mm:ss, with hours past 24', () => {
    expect(clockTime(0)).toBe('00:00:00')
    expect(clockTime(125)).toBe('00:02:05')
    expect(clockTime(90061)).toBe('25:01:01')
  })
})

describe('dates in the reader language', () => {
  it('writes MM/dd/yyyy and dd MMM yyyy in English, the local order elsewhere', () => {
    const en = dateFormats('en')
    expect(en.date('2026-03-05')).toBe('03/05/2026')
    expect(en.title('2026-03-05')).toBe('05 Mar 2026')
    expect(en.dateTime('2026-03-05 21:07:00')).toBe('09:07 PM, 03/05/2026')
    expect(dateFormats('es-MX').date('2026-03-05')).toBe('05/03/2026')
    expect(dateFormats('ja').date('2026-03-05')).toBe('2026/03/05')
  })
})

describe('file names', () => {
  it('keep the class name but no path separator, quote or control character', () => {
    expect(exportFileName('A/B\\C "q" \u0007x', 'Lesson Detail Report', '01 Mar 2026', '31 Mar 2026', 'csv')).toBe(
      'A_B_C _q_ _x Lesson Detail Report 01 Mar 2026 - 31 Mar 2026.csv',
    )
  })

  it('go in Content-Disposition as safe ASCII and as exact UTF-8 (RFC 6266)', () => {
    expect(contentDisposition("Ñandú's 7°B.csv")).toBe(`attachment; filename="Nandu's 7_B.csv"; filename*=UTF-8''%C3%91and%C3%BA%27s%207%C2%B0B.csv`)
    expect(contentDisposition('日本.csv')).toBe(`attachment; filename="__.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.csv`)
  })
})
