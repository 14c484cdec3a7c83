import type { FastifyRequest } from 'fastify'
import type { OperationId } from '../contract/handler.js'
import type { RequestScope } from '../db/read-cache.js'

/**
 * Which tenant's freshness a secured call reads at its start, with its session and in the same
 * statement (db/read-cache.ts): the organization (or class) its path or query names, or the organization
 * list. Only the calls that answer from kept readings need one; a call not listed reads its user's
 * scope only, and a reading it makes of another scope is answered, not kept. The values are the raw
 * ones of the request (it is not validated yet): anything that is not an id names nothing.
 */

const idOf = (raw: unknown): number | undefined =>
  typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined

type Values = Record<string, unknown>

const SCOPES: Partial<Record<OperationId, (params: Values, query: Values) => RequestScope>> = {
  listOrganizations: () => ({ platform: true }),
  listOrganizationUsers: (params) => ({ organization: idOf(params.id) }),
  listOrganizationStudents: (params) => ({ organization: idOf(params.id) }),
  listGroups: (params) => ({ organization: idOf(params.orgId) }),
  getOrganizationReport: (params) => ({ organization: idOf(params.id), practice: true }),
  getClassReport: (params) => ({ group: idOf(params.id), practice: true }),
  getClassSummary: (params) => ({ group: idOf(params.id), practice: true }),
  getLearnerReport: (_params, query) => ({ organization: idOf(query.organization) }),
  getTeacherReport: (_params, query) => ({ organization: idOf(query.organization), practice: true }),
}

/** The scope of `request`, by its route's operation. */
export const requestScope = (request: FastifyRequest): RequestScope => {
  const operationId = (request.routeOptions.config as { operationId?: OperationId }).operationId
  const scopeOf = operationId && SCOPES[operationId]
  return scopeOf ? scopeOf((request.params ?? {}) as Values, (request.query ?? {}) as Values) : {}
}
