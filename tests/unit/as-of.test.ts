import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { asOfText } from '../../src/features/dashboards/as-of'

/**
 * The dashboards' "As of" line (issue 19): the instant the server gives, shown in the viewer's time zone
 * and locale, the time alone when it is today there and with the day when it is not. 23:30 UTC on 27
 * November is already 08:30 on the 28th in Tokyo and still 15:30 on the 27th in Los Angeles.
 */
describe('asOfText', () => {
  const instant = '2026-11-27T23:30:00.123Z'

  it("is the time alone on the viewer's today, in the viewer's zone", () => {
    expect(asOfText('en', instant, 'Asia/Tokyo', Temporal.PlainDate.from('2026-11-28')).short).toMatch(/^8:30\sAM$/)
    expect(asOfText('ja', instant, 'Asia/Tokyo', Temporal.PlainDate.from('2026-11-28')).short).toBe('8:30')
    expect(asOfText('en', instant, 'America/Los_Angeles', Temporal.PlainDate.from('2026-11-27')).short).toMatch(/^3:30\sPM$/)
  })

  it('names the day when it is not today there (the same instant, read the next morning), and the year when it is not this one', () => {
    const nextDay = asOfText('en', instant, 'America/Los_Angeles', Temporal.PlainDate.from('2026-11-28')).short
    expect(nextDay).toMatch(/Nov 27/)
    expect(nextDay).toMatch(/3:30/)
    expect(nextDay).not.toMatch(/2026/)
    expect(asOfText('en', instant, 'America/Los_Angeles', Temporal.PlainDate.from('2027-01-02')).short).toMatch(/2026/)
  })

  it('reads out the whole day and time in the locale', () => {
    expect(asOfText('en', instant, 'Asia/Tokyo', Temporal.PlainDate.from('2026-11-28')).full).toMatch(/Saturday, November 28, 2026.*8:30/)
    expect(asOfText('ja', instant, 'Asia/Tokyo', Temporal.PlainDate.from('2026-11-28')).full).toMatch(/2026年11月28日土曜日.*8:30/)
    expect(asOfText('es-MX', instant, 'Asia/Tokyo', Temporal.PlainDate.from('2026-11-28')).full).toMatch(/sábado, 28 de noviembre de 2026/)
  })
})
