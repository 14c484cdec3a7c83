import { classInvitesRequest, classRequest, countriesRequest, getDashboard, organizationsRequest, studentClassesRequest, studentRequest } from '../api/first-reads'
import { api } from '../api/client'
import { ahead, prefetchedReads, type Ahead } from '../api/prefetch'
import { storage } from '../api/storage'
import { parseQuery } from '../features/organizations/admin/query'
import { idParam, resolveRoute, type ResolvedRoute, type RouteName } from './paths'
import { adminOrganizations, classDetails, dashboard, studentDetails } from './routes'

/**
 * The first reads of the screens people arrive at most (issue 21: data starts with the navigation), sent
 * when the app starts on one of them with a stored login: beside the session's restore and the screen's
 * code instead of after both. Each is the very request the screen's flows send first, made by the same
 * request function of src/api, so that src/api/prefetch.ts answers the flow's request with it. A read
 * sent for nothing (the guard sends the person elsewhere, the organization stored is no longer theirs) is
 * never used and forgotten within seconds.
 */

type Read = (route: ResolvedRoute, search: string, storedOrganization: number | null, init: Ahead) => Promise<unknown>[]

const dashboardReads: Read = ({ params }, _, stored, init) => {
  const organizationId = params.organizationId === undefined ? stored : idParam(params.organizationId)
  return organizationId === null ? [] : [getDashboard(organizationId, init)]
}

const READS: Partial<Record<RouteName, Read>> = {
  Dashboard: dashboardReads,
  OrganizationDashboard: dashboardReads,
  'class-details': ({ params }, _, __, init) => {
    const [organizationId, classId] = [idParam(params.organizationId), idParam(params.classId)]
    return organizationId === null || classId === null ? [] : [classRequest(organizationId, classId, init), classInvitesRequest(classId, 1, init)]
  },
  'student-details': ({ params }, _, __, init) => {
    const [organizationId, studentId] = [idParam(params.organizationId), idParam(params.studentId)]
    return organizationId === null || studentId === null ? [] : [studentRequest(organizationId, studentId, init), studentClassesRequest(organizationId, studentId, init)]
  },
  AdminOrganizations: (_, search, __, init) => [countriesRequest(init), organizationsRequest(parseQuery(search), init)],
}

/** The code of the same screens: routes.tsx's loaders (the browser loads a module once; the screen's React.lazy finds it loaded). */
const CODE: Partial<Record<RouteName, () => Promise<unknown>>> = {
  Dashboard: dashboard,
  OrganizationDashboard: dashboard,
  'class-details': classDetails,
  'student-details': studentDetails,
  AdminOrganizations: adminOrganizations,
}

/**
 * Where the app starts with a stored login (main.tsx): the screen of the address starts loading its code
 * and sends its first reads with the stored login's token, beside the session's restore, instead of once
 * the session is restored and the guard has shown the screen. The client gets the middleware that answers
 * the screen's requests with the reads (after the session's: it matches the bearer and language that one
 * sets; this chunk loads once). The guard still decides: a screen it does not show only loaded early what
 * nobody uses.
 */
export const prefetchRoute = ({ pathname, search } = window.location): void => {
  const route = resolveRoute(pathname)
  const login = storage.readLogin()
  if (!login || route.access !== 'private') return
  CODE[route.name]?.().catch(() => undefined)
  const read = READS[route.name]
  if (!read) return
  api.use(prefetchedReads)
  // a read that fails is not kept: the screen's own request meets the error
  for (const sent of read(route, search, storage.readOrganization(), ahead(login.token))) sent.catch(() => undefined)
}
