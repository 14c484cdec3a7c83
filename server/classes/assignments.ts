import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { assignments, type AssignmentRow } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { groupFor } from './access.js'
import type { AssignmentView } from './queries.js'

/** The goals of a class (specification §3, §5): days 1–7 (5), minutes 1–1000 (10), assessment on with 3 engagement days. */
export const GOAL_DEFAULTS = { practiceDaysPerWeek: 5, practiceMinutesPerDay: 10, testBeforeClassStats: 3 } as const

const viewOf = (row: AssignmentRow): AssignmentView => ({
  practice_days_per_week: row.practiceDaysPerWeek,
  practice_minutes_per_day: row.practiceMinutesPerDay,
  test_before_class_stats: row.testBeforeClassStats,
})

/** GET /v1/assignments/{groupId}/ — 404 "No goals set" for a class without goals. */
export const getAssignment: Handler<'getAssignment'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'getAssignment')
  const [row] = await app.db.select().from(assignments).where(eq(assignments.groupId, group.id))
  if (!row) throw notFound(t.classes.noGoals())
  return viewOf(row)
}

/** POST /v1/assignments/{groupId}/ — replaces the goals; a missing field takes its default. */
export const setAssignment: Handler<'setAssignment'> = async (call) => {
  const { params, body, app, t } = call
  const { user: me } = requireAuth(call)
  const { group } = await groupFor(app.db, t, me, params.groupId, 'setAssignment')
  const values = {
    practiceDaysPerWeek: body.practice_days_per_week ?? GOAL_DEFAULTS.practiceDaysPerWeek,
    practiceMinutesPerDay: body.practice_minutes_per_day ?? GOAL_DEFAULTS.practiceMinutesPerDay,
    testBeforeClassStats: body.test_before_class_stats === undefined ? GOAL_DEFAULTS.testBeforeClassStats : body.test_before_class_stats,
    updatedAt: app.clock(),
  }
  const [row] = await app.db
    .insert(assignments)
    .values({ groupId: group.id, ...values })
    .onConflictDoUpdate({ target: assignments.groupId, set: values })
    .returning()
  return viewOf(row!)
}
