import { Temporal } from 'temporal-polyfill'

/** The time source of the server; tests move it to expire sessions and links. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const secondsAfter = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000)

/**
 * A stored instant as a Temporal value for a person to read. The server does not know the reader's
 * time zone, so it is UTC, and the date formatters name the zone (`… 11:30 PM UTC`).
 */
export const inUtc = (date: Date): Temporal.ZonedDateTime =>
  Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO('UTC')
