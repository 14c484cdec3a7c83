import type { OrganizationListQuery } from '../../machines/types'
import { api, type ReadInit } from './client'

/**
 * The reads a screen sends first, as request functions (each answers openapi-fetch's result): used by the
 * screens' actors (with their signal) and by the route table's reads ahead (src/app/route-data.ts, with
 * prefetch.ts `ahead`), which come with the first load. Kept apart from the actors' modules so that the
 * first load takes these few functions and not the actors beside them.
 */

/** The admin list's page size (spec §9: default page size 10). */
export const ORGANIZATIONS_PAGE_SIZE = 10

/** GET /v1/organizations/{id}/dashboard/, the view of the caller's role. */
export const getDashboard = (organizationId: number, init: ReadInit = {}) =>
  api.GET('/v1/organizations/{id}/dashboard/', { params: { path: { id: organizationId } }, ...init })

/** GET /v1/groups/{orgId}/{groupId}/, the class. */
export const classRequest = (organizationId: number, groupId: number, init: ReadInit = {}) =>
  api.GET('/v1/groups/{orgId}/{groupId}/', { params: { path: { orgId: organizationId, groupId } }, ...init })

/** GET /v1/organizations/{id}/students/{userId}, a student's details. */
export const studentRequest = (organizationId: number, userId: number, init: ReadInit = {}) =>
  api.GET('/v1/organizations/{id}/students/{userId}', { params: { path: { id: organizationId, userId } }, ...init })

/** GET /v1/groups/{orgId}/{studentId}/groups, a student's classes. */
export const studentClassesRequest = (organizationId: number, studentId: number, init: ReadInit = {}) =>
  api.GET('/v1/groups/{orgId}/{studentId}/groups', { params: { path: { orgId: organizationId, studentId } }, ...init })

/** GET /v1/invitations/group/{id}/, a page of a class's student invitations. */
export const classInvitesRequest = (groupId: number, page: number, init: ReadInit = {}) =>
  api.GET('/v1/invitations/group/{id}/', { params: { path: { id: groupId }, query: { page } }, ...init })

/** GET /v1/countries/, named in the active language. */
export const countriesRequest = (init: ReadInit = {}) => api.GET('/v1/countries/', init)

/** GET /v1/organizations/, a page of the platform admin's list for its query (countries repeated: country=US&country=JP). */
export const organizationsRequest = (input: OrganizationListQuery, init: ReadInit = {}) =>
  api.GET('/v1/organizations/', {
    params: {
      query: {
        page: input.page,
        page_size: ORGANIZATIONS_PAGE_SIZE,
        ordering: input.ordering,
        ...(input.search.trim() ? { search: input.search.trim() } : {}),
        ...(input.countries.length > 0 ? { country: input.countries } : {}),
        ...(input.filter === 'active' || input.filter === 'inactive' ? { status: input.filter } : {}),
        ...(input.filter === 'verified' ? { is_verified: true } : {}),
        ...(input.filter === 'deleted' ? { deleted: true } : {}),
      },
    },
    ...init,
  })
