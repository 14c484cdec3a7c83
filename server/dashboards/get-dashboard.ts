import { requireAuth } from '../auth/authenticate.js'
import { enforce, relationHolding } from '../auth/policy.js'
import type { Handler } from '../contract/handler.js'
import { notFound } from '../http/errors.js'
import { findOrganizationAndRoles } from '../organizations/memberships.js'
import { rolledUpUntil } from '../practice/freshness.js'
import { activityOf, alertsOf, classesIn, countsOf, notPractisedOf, practiceOf, weekOf } from './queries.js'
import type { DashboardRole } from './scope.js'

/**
 * GET /v1/organizations/{id}/dashboard/ — the dashboard of the caller's role (specification 001 §2):
 * platform admins within reach and the organization's admins get the admin's, a teacher the teacher's
 * (its own classes), a student the student's (itself). Members only, else 404 (authorization table).
 * `as_of` is read before the figures, so that they hold at least every event rolled up until then.
 */
export const getDashboard: Handler<'getDashboard'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const found = await findOrganizationAndRoles(app.db, params.id, me.id)
  if (!found) throw notFound(t.api.notFound())
  const relation = relationHolding(me, found.organization, found.roles)
  enforce(t, 'getDashboard', relation)
  const db = await app.store.reads.forReports(me.id) // the figures may lag: the read replica, if any (server/db/replica.ts)
  const role: DashboardRole = relation.caller === 'teacher' ? 'teacher' : relation.caller === 'student' ? 'student' : 'admin'
  const scope = { role, organizationId: found.organization.id, userId: me.id }
  const asOf = (await rolledUpUntil(db, scope.organizationId)).toISOString() // from the store the figures are read from
  const now = app.clock()
  const week = await weekOf(db, scope.organizationId, now)
  const { count, classes } = await classesIn(db, scope, week, now)
  if (role === 'student') {
    return { role, week, as_of: asOf, counts: null, classes, classes_count: count, activity: null, not_practised: null, alerts: null, me: await practiceOf(db, scope, week) }
  }
  return {
    role,
    week,
    as_of: asOf,
    counts: await countsOf(db, scope),
    classes,
    classes_count: count,
    activity: await activityOf(db, scope, week),
    not_practised: await notPractisedOf(db, scope, week),
    alerts: await alertsOf(db, scope, week, now),
    me: null,
  }
}
