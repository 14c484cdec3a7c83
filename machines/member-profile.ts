import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, MemberChanges, MemberInput, OrganizationUser, SaveMemberInput } from './types'

/**
 * The organization user profile (spec §2, route OrganizationUserProfile): the member is loaded and
 * shown; the edit dialog changes first name, last name and roles (§5: at least one role). Taking
 * the admin role from the only admin is refused by the server and shown in the dialog.
 */

export interface MemberProfileContext {
  organizationId: number
  userId: number
  member: OrganizationUser | null
  /** What the edit dialog last saved. */
  changes: MemberChanges | null
  error: ApiFailure | null
}

export type MemberProfileEvent =
  | { type: 'member.edit' }
  | { type: 'member.save'; changes: MemberChanges }
  | { type: 'member.cancel' }
  | { type: 'member.retry' }
  | { type: 'member.changed'; member: OrganizationUser }

export const memberProfileMachine = setup({
  types: {
    context: {} as MemberProfileContext,
    events: {} as MemberProfileEvent,
    input: {} as MemberInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/users/{userId} */
    loadMember: fromPromise<OrganizationUser, MemberInput>(async () => {
      throw new Error('not provided: loadMember')
    }),
    /** POST roles, then PATCH first_name and last_name; the member as saved. */
    saveMember: fromPromise<OrganizationUser, SaveMemberInput>(async () => {
      throw new Error('not provided: saveMember')
    }),
  },
  actions: {
    assignMember: assign((_, params: { member: OrganizationUser }) => ({ member: params.member, error: null })),
    assignChanges: assign((_, params: { changes: MemberChanges }) => ({ changes: params.changes, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The view says the member was saved (a toast). */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'memberProfile',
  description: 'A member of the organization: details and roles, and the dialog that edits them.',
  context: ({ input }) => ({ organizationId: input.organizationId, userId: input.userId, member: null, changes: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The member is loaded.',
      tags: ['busy'],
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        input: ({ context }) => ({ organizationId: context.organizationId, userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'assignMember', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The page shows the details and roles, with the edit and remove actions.',
      on: {
        'member.edit': { target: 'editing' },
        'member.changed': {
          description: 'The member was disabled or enabled (its own dialog, memberStatusMachine): the page shows it as it is now.',
          actions: { type: 'assignMember', params: ({ event }) => ({ member: event.member }) },
        },
      },
    },
    editing: {
      description: 'The edit dialog is open with first name, last name and roles; a refusal is shown in it.',
      on: {
        'member.save': { target: 'saving', actions: { type: 'assignChanges', params: ({ event }) => ({ changes: event.changes }) } },
        'member.cancel': { target: 'ready', actions: 'clearError' },
      },
    },
    saving: {
      description: 'The new roles and names are saved.',
      tags: ['busy'],
      invoke: {
        id: 'saveMember',
        src: 'saveMember',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          userId: context.userId,
          changes: context.changes ?? { first_name: '', last_name: '', roles: [] },
        }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'assignMember', params: ({ event }) => ({ member: event.output }) }, 'announceSaved'],
        },
        onError: {
          description: 'Refused (the only admin keeps the admin role) or no answer: the dialog stays open with the message.',
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The page says the member could not be loaded (or is not a member) and offers to try again.',
      tags: ['error'],
      on: { 'member.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
})
