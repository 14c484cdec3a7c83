import { fromPromise } from 'xstate'
import type {
  DecideJoinRequestInput,
  JoinByCodeInput,
  JoinByCodeResult,
  JoinCode,
  JoinRequest,
  UpdateJoinCodeInput,
} from '../../machines/types'
import { api, unwrap } from './client'

/**
 * The actors of joining by code: the join page's (machines/join-organization.ts), and the admins' code
 * settings and join requests (machines/join-code-settings.ts, machines/join-requests.ts).
 */

export const joinByCode = fromPromise<JoinByCodeResult, JoinByCodeInput>(({ input, signal }) =>
  unwrap(api.POST('/v1/invitations/join/', { body: { invitation_code: input.code, role: input.role }, signal })),
)

export const loadJoinCode = fromPromise<JoinCode, { organizationId: number }>(({ input, signal }) =>
  unwrap(api.GET('/v1/organizations/{id}/join-code/', { params: { path: { id: input.organizationId } }, signal })),
)

export const updateJoinCode = fromPromise<JoinCode, UpdateJoinCodeInput>(({ input, signal }) =>
  unwrap(api.PATCH('/v1/organizations/{id}/join-code/', { params: { path: { id: input.organizationId } }, body: input.change, signal })),
)

export const resetJoinCode = fromPromise<JoinCode, { organizationId: number }>(({ input, signal }) =>
  unwrap(api.POST('/v1/organizations/{id}/join-code/reset/', { params: { path: { id: input.organizationId } }, signal })),
)

export const loadJoinRequests = fromPromise<JoinRequest[], { organizationId: number }>(async ({ input, signal }) => {
  const list = await unwrap(api.GET('/v1/organizations/{id}/join-requests/', { params: { path: { id: input.organizationId } }, signal }))
  return list.results
})

export const approveJoinRequest = fromPromise<void, DecideJoinRequestInput>(async ({ input, signal }) => {
  await unwrap(
    api.POST('/v1/organizations/{id}/join-requests/{requestId}/approve/', {
      params: { path: { id: input.organizationId, requestId: input.requestId } },
      signal,
    }),
  )
})

export const refuseJoinRequest = fromPromise<void, DecideJoinRequestInput>(async ({ input, signal }) => {
  await unwrap(
    api.DELETE('/v1/organizations/{id}/join-requests/{requestId}/', {
      params: { path: { id: input.organizationId, requestId: input.requestId } },
      signal,
    }),
  )
})
