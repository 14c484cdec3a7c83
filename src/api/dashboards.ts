import { fromPromise } from 'xstate'
import type { Dashboard, OrganizationIdInput } from '../../machines/types'
import { api, unwrap } from './client'

/** The actor of the dashboard machine: GET /v1/organizations/{id}/dashboard/, the view of the caller's role. */
export const loadDashboard = fromPromise<Dashboard, OrganizationIdInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/organizations/{id}/dashboard/', { params: { path: { id: input.organizationId } }, signal })),
)
