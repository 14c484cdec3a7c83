import { fromPromise } from 'xstate'
import type {
  LoadPendingInvitesInput,
  PendingInvitationPage,
  ResendInvitationsInput,
  RevokeInvitationInput,
} from '../../machines/types'
import { api, unwrap } from './client'

/** The actors of the pending-invites flow (machines/pending-invites.ts), given with `machine.provide({ actors })`. */

export const loadPendingInvites = fromPromise<PendingInvitationPage, LoadPendingInvitesInput>(({ input, signal }) =>
  unwrap(api.GET('/v1/invitations/organization/{id}/', { params: { path: { id: input.organizationId }, query: { page: input.page, ...(input.roles.length > 0 ? { roles: input.roles } : {}) } }, signal })),
)

/** One invitation by its own call; several in one request, all resent or none. */
export const resendInvitations = fromPromise<void, ResendInvitationsInput>(async ({ input, signal }) => {
  const [only] = input.ids
  if (input.ids.length === 1 && only !== undefined) {
    await unwrap(api.POST('/v1/invitations/{id}/resend/', { params: { path: { id: only } }, signal }))
    return
  }
  await unwrap(
    api.POST('/v1/invitations/resend/{orgId}/', { params: { path: { orgId: input.organizationId } }, body: { invitation_ids: input.ids }, signal }),
  )
})

export const revokeInvitation = fromPromise<void, RevokeInvitationInput>(async ({ input, signal }) => {
  await unwrap(api.DELETE('/v1/invitations/{id}/', { params: { path: { id: input.invitationId } }, signal }))
})
