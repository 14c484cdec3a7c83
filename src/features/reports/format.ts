import { Temporal } from 'temporal-polyfill'

/** The report figures as the spec shows them (§9: hh:mm:ss, scores rounded to a percentage, dates MM/dd/yyyy). */

const two = (n: number) => String(n).padStart(2, '0')

/** Seconds as hh:mm:ss (hours may pass 99). */
export function hhmmss(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`
}

/** A score (0-100, as the app sends it) as a rounded percentage; blank when there is none or it is 0 (000 §2). */
export function scorePercent(score: number | null | undefined): string {
  if (score == null || score === 0 || !Number.isFinite(score)) return ''
  return `${Math.round(score)}%`
}

/** MM/dd/yyyy of an ISO date or instant, in the reader's time zone for an instant. */
export function usDate(value: string, timeZone: string = Temporal.Now.timeZoneId()): string {
  const date = value.length === 10 ? Temporal.PlainDate.from(value) : Temporal.Instant.from(value).toZonedDateTimeISO(timeZone).toPlainDate()
  return `${two(date.month)}/${two(date.day)}/${date.year}`
}

/**
 * HH:mma MM/dd/yyyy of an instant (an assessment's or a lesson's time, 000 §2). The pattern's AM/PM
 * marker means a 12-hour clock: the hour runs 12, 01 ... 11 in each half of the day (02:05PM
 * 11/23/2026, 12:30AM just after midnight). A 24-hour hour with the marker would read 14:05PM.
 */
export function usDateTime(instant: string, timeZone: string = Temporal.Now.timeZoneId()): string {
  const at = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
  const hour = at.hour % 12 === 0 ? 12 : at.hour % 12
  return `${two(hour)}:${two(at.minute)}${at.hour < 12 ? 'AM' : 'PM'} ${usDate(instant, timeZone)}`
}
