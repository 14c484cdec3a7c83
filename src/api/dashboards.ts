import { fromPromise } from 'xstate'
import type { Dashboard, OrganizationIdInput } from '../../machines/types'
import { unwrap } from './client'
import { getDashboard } from './first-reads'

/** The actor of the dashboard machine. */
export const loadDashboard = fromPromise<Dashboard, OrganizationIdInput>(({ input, signal }) => unwrap(getDashboard(input.organizationId, { signal })))
