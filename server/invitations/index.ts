/** The handlers of the invitations area, by operationId. */
export { acceptInvite } from './accept-invite.js'
export { inviteUsers } from './invite-users.js'
export { listOrganizationInvitations } from './list-organization-invitations.js'
export { resendInvitation } from './resend-invitation.js'
export { resendInvitations } from './resend-organization-invitations.js'
export { revokeInvitation } from './revoke-invitation.js'
export { validateInvitation } from './validate-invitation.js'
export { sendAppLinkByEmail, sendAppLinkBySms } from './app-link.js'
export { getJoinCode, resetJoinCode, updateJoinCode } from './join-code.js'
export { joinByCode } from './join-by-code.js'
export { approveJoinRequest, listJoinRequests, refuseJoinRequest } from './join-requests.js'
export {
  createInvitationBatch,
  getInvitationBatch,
  getInvitationBatchTemplate,
  replaceInvitationBatch,
  sendInvitationBatch,
  sendInvitationBatchUsers,
  updateInvitationBatch,
} from './batch.js'
export { receiveUpload } from './receive-upload.js'
