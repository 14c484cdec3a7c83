import type { Temporal } from 'temporal-polyfill'

/**
 * A value the `date` and `dateTime` formatters accept: a Temporal value, or an ISO 8601 string
 * (`2025-03-05`, `2025-03-05T14:30`, `2025-03-05T14:30:00Z`, `2025-03-05T14:30:00+09:00[Asia/Tokyo]`).
 */
export type DateLike =
	| Temporal.PlainDate
	| Temporal.PlainDateTime
	| Temporal.ZonedDateTime
	| Temporal.Instant
	| string
