import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, InviteAdminInput, OrganizationIdInput, OrganizationUser } from './types'

/**
 * The admins of an organization on its profile, and inviting another admin (spec §2 Profile view,
 * §5 Invite admin, §4: after sending an admin invite the admins list reloads after 1 second).
 */

export interface AdminInviteInput {
  organizationId: number
}

export interface AdminInviteContext extends AdminInviteInput {
  admins: OrganizationUser[]
  /** The address of the last invitation sent (the note under the form names it). */
  email: string
  /** The last failure: loading the list, or sending the invitation. */
  error: ApiFailure | null
}

export type AdminInviteEvent = { type: 'invite.send'; email: string } | { type: 'admins.reload' }

export const adminInviteMachine = setup({
  types: {
    input: {} as AdminInviteInput,
    context: {} as AdminInviteContext,
    events: {} as AdminInviteEvent,
    tags: {} as 'loading' | 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/users?roles=admin -> the admins */
    loadAdmins: fromPromise<OrganizationUser[], OrganizationIdInput>(async () => {
      throw new Error('not provided: loadAdmins')
    }),
    /** POST /v1/accounts/invite/ {organization, role: admin, emails: [email]} */
    inviteAdmin: fromPromise<unknown, InviteAdminInput>(async () => {
      throw new Error('not provided: inviteAdmin')
    }),
  },
  delays: {
    /** Spec §4: the admins list reloads 1 second after an admin invite is sent. */
    reloadAfterInvite: 1000,
  },
  actions: {
    assignAdmins: assign((_, params: { admins: OrganizationUser[] }) => ({ admins: params.admins, error: null })),
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** A toast says the invitation was sent. */
    announceSent: (_, _params: { email: string }) => {},
  },
}).createMachine({
  id: 'adminInvite',
  description: 'The admins list of an organization, and the form that invites another admin by e-mail.',
  context: ({ input }) => ({ organizationId: input.organizationId, admins: [], email: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The admins are loaded.',
      tags: ['loading'],
      invoke: {
        id: 'loadAdmins',
        src: 'loadAdmins',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'listed', actions: { type: 'assignAdmins', params: ({ event }) => ({ admins: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The admins could not be loaded; the person may try again.',
      tags: ['error'],
      on: { 'admins.reload': { description: 'Try again.', target: 'loading' } },
    },
    listed: {
      description: 'The admins are listed, with the invite-another-admin form (its button is enabled once the e-mail is valid).',
      initial: 'editing',
      states: {
        editing: {
          on: { 'invite.send': { target: 'sending', actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) } } },
        },
        sending: {
          description: 'The invitation is sent; the new admin gets a mail.',
          tags: ['busy'],
          invoke: {
            id: 'inviteAdmin',
            src: 'inviteAdmin',
            input: ({ context }) => ({ organizationId: context.organizationId, email: context.email }),
            onDone: { target: 'sent', actions: { type: 'announceSent', params: ({ context }) => ({ email: context.email }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sent: {
          description: 'Sent: the list reloads after 1 second (spec §4).',
          after: { reloadAfterInvite: { target: '#adminInvite.loading' } },
          on: { 'invite.send': { target: 'sending', actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) } } },
        },
        failed: {
          description: 'The invitation was not sent; the error panel says why. The form keeps the address.',
          tags: ['error'],
          on: { 'invite.send': { target: 'sending', actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) } } },
        },
      },
    },
  },
})
