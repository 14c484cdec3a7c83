import { Temporal } from 'temporal-polyfill'
import type { Locales } from '../../../locales/i18n-types'
import { intlLocale } from '../../../locales/languages'

/**
 * "As of 14:32" under the dashboard's refresh (issue 19): practice reaches the figures seconds after the
 * app sends it (a worker rolls it up), so the dashboard says up to which instant they hold every event.
 * The instant is the reader's, in the viewer's time zone and locale: the time alone when it is today
 * there, with the day when it is not (a tab left open overnight), and the year when that is not this one.
 */

export interface AsOfText {
  /** What the line shows after "As of": 14:32, or 27 Nov, 14:32. */
  short: string
  /** The whole day and time, for the accessible text and the tooltip. */
  full: string
}

export function asOfText(locale: Locales, instant: string, timeZone: string = Temporal.Now.timeZoneId(), today: Temporal.PlainDate = Temporal.Now.plainDateISO(timeZone)): AsOfText {
  const at = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
  const tag = intlLocale(locale)
  const day = at.toPlainDate()
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' }
  const short = day.equals(today)
    ? at.toLocaleString(tag, time)
    : at.toLocaleString(tag, { ...time, month: 'short', day: 'numeric', ...(day.year === today.year ? {} : { year: 'numeric' }) })
  return { short, full: at.toLocaleString(tag, { dateStyle: 'full', timeStyle: 'short' }) }
}
