import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  LoadPendingInvitesInput,
  PendingInvitation,
  PendingInvitationPage,
  OrganizationRole,
  PendingInvitesInput,
  ResendInvitationsInput,
  RevokeInvitationInput,
} from './types'

/**
 * The pending invitations of an organization (spec §2 users view: the pending-invites chip and modal;
 * §4 Invitation: pending, then resent or removed; §5: resending selected invites needs one selected).
 * One page of 10 is loaded for the chip's count and the modal's table; an invitation is resent on its
 * own or with the others selected; removing one asks first. After each change the page loads again,
 * and an invite sent from the invite dialog reloads it too. Those who may not manage invitations
 * (teachers) load nothing.
 */

export interface PendingInvitesContext {
  organizationId: number
  /** Whether the person may manage the organization's invitations (from the input; teachers may not). */
  canManage: boolean
  /** The roles shown (the students or teachers list: its own role); empty: every role (the users view). */
  roles: OrganizationRole[]
  page: number
  /** The page shown (kept while the next one loads). */
  invitations: PendingInvitationPage | null
  /** The invitations ticked in the table (ids). */
  selected: number[]
  /** What is being resent (ids). */
  resending: number[]
  /** The invitation whose removal is asked about or under way. */
  revoking: PendingInvitation | null
  /** Why the page could not be loaded. */
  error: ApiFailure | null
  /** Why the last resend or removal was refused. */
  actionError: ApiFailure | null
}

export type PendingInvitesEvent =
  | { type: 'invites.reload' }
  | { type: 'invites.retry' }
  | { type: 'invites.page'; page: number }
  | { type: 'invites.select'; ids: number[] }
  | { type: 'invites.resend'; id: number }
  | { type: 'invites.resendSelected' }
  | { type: 'invites.revoke'; invitation: PendingInvitation }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }

export const pendingInvitesMachine = setup({
  types: {
    context: {} as PendingInvitesContext,
    events: {} as PendingInvitesEvent,
    input: {} as PendingInvitesInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/invitations/organization/{id}/?page */
    loadPendingInvites: fromPromise<PendingInvitationPage, LoadPendingInvitesInput>(async () => {
      throw new Error('not provided: loadPendingInvites')
    }),
    /** POST /v1/invitations/{id}/resend/ (one) or /v1/invitations/resend/{orgId}/ {invitation_ids} (several) */
    resendInvitations: fromPromise<void, ResendInvitationsInput>(async () => {
      throw new Error('not provided: resendInvitations')
    }),
    /** DELETE /v1/invitations/{id}/ */
    revokeInvitation: fromPromise<void, RevokeInvitationInput>(async () => {
      throw new Error('not provided: revokeInvitation')
    }),
  },
  guards: {
    /** Admins of the organization and platform admins manage its invitations; teachers do not. */
    canManage: ({ context }) => context.canManage,
    /** The page asked for is past the last one (its last invitation went): the one before is loaded. */
    isPastLastPage: ({ context }, params: { page: PendingInvitationPage }) => params.page.results.length === 0 && context.page > 1,
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignInvitations: assign(({ context }, params: { invitations: PendingInvitationPage }) => ({
      invitations: params.invitations,
      // what left the list leaves the selection
      selected: context.selected.filter((id) => params.invitations.results.some((row) => row.id === id)),
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignSelection: assign((_, params: { ids: number[] }) => ({ selected: params.ids })),
    assignResending: assign((_, params: { ids: number[] }) => ({ resending: params.ids, actionError: null })),
    assignRevoking: assign((_, params: { invitation: PendingInvitation }) => ({ revoking: params.invitation, actionError: null })),
    clearRevoking: assign({ revoking: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    /** The view says how many were sent again (a toast). */
    announceResent: (_, _params: { count: number }) => undefined,
    /** The view says whose invitation was removed (a toast). */
    announceRevoked: (_, _params: { email: string }) => undefined,
  },
}).createMachine({
  id: 'pendingInvites',
  description: "An organization's pending invitations: the chip's count, the modal's table, resending and removing.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    canManage: input.enabled,
    roles: input.roles ?? [],
    page: 1,
    invitations: null,
    selected: [],
    resending: [],
    revoking: null,
    error: null,
    actionError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Who is looking decides whether there is anything to load.',
      always: [{ guard: 'canManage', target: 'loading' }, { target: 'off' }],
    },
    off: {
      description: 'A teacher: no chip, nothing loaded (the server would refuse).',
      type: 'final',
    },
    loading: {
      description: 'One page of pending invitations is loaded; the table keeps the rows it had meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadPendingInvites',
        src: 'loadPendingInvites',
        input: ({ context }) => ({ organizationId: context.organizationId, roles: context.roles, page: context.page }),
        onDone: [
          {
            description: 'The page is empty now (its last invitation went): load the page before it.',
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ page: event.output }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'assignPage', params: ({ context }) => ({ page: context.page - 1 }) },
          },
          { target: 'ready', actions: { type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The pending invitations could not be loaded: the modal says so and offers to try again.',
      tags: ['error'],
      on: {
        'invites.retry': { target: 'loading' },
        'invites.reload': { target: 'loading' },
      },
    },
    ready: {
      description: 'The chip shows the count (when there is any); the modal lists the page with its actions.',
      on: {
        'invites.reload': { description: 'An invite was sent from the invite dialog: the count follows.', target: 'loading' },
        'invites.page': { target: 'loading', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) } },
        'invites.select': { actions: { type: 'assignSelection', params: ({ event }) => ({ ids: event.ids }) } },
        'invites.resend': {
          target: 'resending',
          actions: { type: 'assignResending', params: ({ event }) => ({ ids: [event.id] }) },
        },
        'invites.resendSelected': {
          description: 'Resending selected invites needs at least one selected (§5).',
          guard: 'hasSelection',
          target: 'resending',
          actions: { type: 'assignResending', params: ({ context }) => ({ ids: context.selected }) },
        },
        'invites.revoke': {
          target: 'confirmingRevoke',
          actions: { type: 'assignRevoking', params: ({ event }) => ({ invitation: event.invitation }) },
        },
      },
    },
    resending: {
      description: 'The invitations are mailed again with new links; then the page loads again with their new status.',
      tags: ['busy'],
      invoke: {
        id: 'resendInvitations',
        src: 'resendInvitations',
        input: ({ context }) => ({ organizationId: context.organizationId, ids: context.resending }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'announceResent', params: ({ context }) => ({ count: context.resending.length }) },
            { type: 'assignSelection', params: () => ({ ids: [] }) },
          ],
        },
        onError: {
          description: "Refused ('Invite could not be resent', too many resends, already accepted): said in the modal.",
          target: 'ready',
          actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingRevoke: {
      description: 'Removing an invitation asks first (§8: confirm dialogs precede removing invites).',
      on: {
        'revoke.confirm': { target: 'revoking' },
        'revoke.cancel': { target: 'ready', actions: 'clearRevoking' },
      },
    },
    revoking: {
      description: "The invitation is revoked: its link stops working. Then the page loads again without it.",
      tags: ['busy'],
      invoke: {
        id: 'revokeInvitation',
        src: 'revokeInvitation',
        input: ({ context }) => ({ invitationId: (context.revoking as PendingInvitation).id }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'announceRevoked', params: ({ context }) => ({ email: (context.revoking as PendingInvitation).email }) },
            'clearRevoking',
          ],
        },
        onError: {
          description: 'Refused or no answer: back to the list with the message.',
          target: 'ready',
          actions: [
            { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
            'clearRevoking',
          ],
        },
      },
    },
  },
})
