import { sql, type SQL } from 'drizzle-orm'
import { groups, organizations } from '../db/schema.js'

/**
 * A class's status (specification §4), computed, never stored: `draft` while it is a draft, else
 * `not_started` before its start date, `finished` after its end date, `active` from the start date to
 * the end date, both included. "Today" is the date in the organization's time zone (UTC without one)
 * at the server clock's instant, so a class in Tokyo starts hours before one in Los Angeles.
 * The expressions need `organizations` joined to `groups`.
 */

export type GroupStatus = 'active' | 'not_started' | 'draft' | 'finished'

export const todayIn = (now: Date): SQL =>
  sql`(${now.toISOString()}::timestamptz at time zone coalesce(${organizations.timezone}, 'UTC'))::date`

export const statusOf = (now: Date): SQL<GroupStatus> => sql<GroupStatus>`case
  when ${groups.isDraft} then 'draft'
  when ${todayIn(now)} < ${groups.startDate} then 'not_started'
  when ${todayIn(now)} > ${groups.endDate} then 'finished'
  else 'active' end`
