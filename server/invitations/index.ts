/** The handlers of the invitations area, by operationId. */
export { acceptInvite } from './accept-invite.js'
export { inviteUsers } from './invite-users.js'
export { validateInvitation } from './validate-invitation.js'
export { sendAppLinkByEmail, sendAppLinkBySms } from './app-link.js'
