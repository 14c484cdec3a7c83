import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, EmailInvite, InviteByEmailInput, InviteByEmailResult, OrganizationIdInput } from './types'

/**
 * The invite-by-e-mail dialog of the users view (spec §2, §5 E-mail tags): addresses and a role are
 * sent; the invitees get their mails. A refusal keeps the dialog open with its message.
 */

export interface EmailInviteContext {
  organizationId: number
  /** The addresses and role last sent. */
  invite: EmailInvite | null
  /** The addresses the answer said were mailed today already: renewed, not mailed again. */
  renewed: string[]
  error: ApiFailure | null
}

export type EmailInviteEvent = { type: 'invite.send'; invite: EmailInvite }

export const emailInviteMachine = setup({
  types: {
    context: {} as EmailInviteContext,
    events: {} as EmailInviteEvent,
    input: {} as OrganizationIdInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/accounts/invite/ {organization, role, emails} */
    inviteByEmail: fromPromise<InviteByEmailResult, InviteByEmailInput>(async () => {
      throw new Error('not provided: inviteByEmail')
    }),
  },
  actions: {
    assignInvite: assign((_, params: { invite: EmailInvite }) => ({ invite: params.invite, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignRenewed: assign((_, params: { renewed: string[] }) => ({ renewed: params.renewed })),
    /** The view tells the person (a toast, and another for the addresses renewed without a mail), closes the dialog and reloads the list. */
    announceSent: (_, _params: { count: number; renewed: number }) => undefined,
  },
}).createMachine({
  id: 'emailInvite',
  description: 'Inviting people to the organization by e-mail, with one role.',
  context: ({ input }) => ({ organizationId: input.organizationId, invite: null, renewed: [], error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The dialog takes addresses and a role (student by default); a refusal is shown above the send button.',
      on: {
        'invite.send': { target: 'sending', actions: { type: 'assignInvite', params: ({ event }) => ({ invite: event.invite }) } },
      },
    },
    sending: {
      description: 'The invitations are sent.',
      tags: ['busy'],
      invoke: {
        id: 'inviteByEmail',
        src: 'inviteByEmail',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          emails: context.invite?.emails ?? [],
          role: context.invite?.role ?? 'student',
        }),
        onDone: { target: 'sent', actions: { type: 'assignRenewed', params: ({ event }) => ({ renewed: event.output.renewed }) } },
        onError: {
          description: 'Refused or no answer: back to the dialog with the message.',
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description: 'Every invitee got a mail, but those mailed today already, whose invitation was renewed without one; the dialog closes.',
      type: 'final',
      entry: {
        type: 'announceSent',
        params: ({ context }) => ({ count: (context.invite?.emails.length ?? 0) - context.renewed.length, renewed: context.renewed.length }),
      },
    },
  },
})
