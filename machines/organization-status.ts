import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, ChangeStatusInput, ChangeStatusResult, Organization, OrganizationIdInput, OrganizationStatus, StatusAction } from './types'

/**
 * The organization status (spec §4 Organization status; §6 admin-only actions): active to inactive
 * (disable) and back (enable), or delete. Each asks the acting user's password, which the server
 * checks (the old portal did not; we do): confirming → checking → done, or back to confirming with a
 * wrong password or a failure. A delete is soft: a platform admin can restore it for 30 days.
 * After a disable or a delete the person leaves the organization's page (the view decides where).
 */

export interface OrganizationStatusInput {
  organizationId: number
  status: OrganizationStatus
  /** Set when the organization is deleted (only platform admins see it then). */
  deletedAt: string | null
}

export interface OrganizationStatusContext extends OrganizationStatusInput {
  /** What the open dialog does, or null when none is open. */
  action: StatusAction | null
  /** The last failure, for the dialog's error panel. */
  error: ApiFailure | null
}

export type OrganizationStatusEvent =
  | { type: 'status.disable' }
  | { type: 'status.enable' }
  | { type: 'status.delete' }
  | { type: 'status.submit'; password: string }
  | { type: 'status.cancel' }
  | { type: 'status.restore' }

export const organizationStatusMachine = setup({
  types: {
    input: {} as OrganizationStatusInput,
    context: {} as OrganizationStatusContext,
    events: {} as OrganizationStatusEvent,
    tags: {} as 'busy' | 'error' | 'dialog',
  },
  actors: {
    /** POST /v1/organizations/{id}/status/ {status, password}, or DELETE /v1/organizations/{id}/ {password} */
    changeStatus: fromPromise<ChangeStatusResult, ChangeStatusInput>(async () => {
      throw new Error('not provided: changeStatus')
    }),
    /** POST /v1/organizations/{id}/restore/ (platform admins) */
    restoreOrganization: fromPromise<Organization, OrganizationIdInput>(async () => {
      throw new Error('not provided: restoreOrganization')
    }),
  },
  guards: {
    isDeleted: ({ context }) => context.deletedAt !== null,
    isInactive: ({ context }) => context.status === 'inactive',
    /** 400 with a message on `password`: the acting user's password is not the right one. */
    isWrongPassword: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error)
      return failure.status === 400 && failure.body.password !== undefined
    },
    /** The organization is left behind: it was disabled or deleted. */
    leavesOrganization: ({ context }) => context.action === 'disable' || context.action === 'delete',
  },
  actions: {
    assignAction: assign((_, params: { action: StatusAction }) => ({ action: params.action, error: null })),
    clearAction: assign({ action: null, error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    assignOrganization: assign((_, params: { organization: Organization }) => ({
      status: params.organization.status,
      deletedAt: params.organization.deleted_at,
      action: null,
      error: null,
    })),
    assignEnabled: assign({ status: 'active' as const, action: null, error: null }),
    /** The page shows the organization as it is now (a toast says what changed). */
    announceChanged: (_, _params: { organization: Organization | null }) => {},
    /** Leave the organization's page: to /admin for a platform admin, else the dashboard. */
    leave: (_, _params: { action: StatusAction | null }) => {},
  },
}).createMachine({
  id: 'organizationStatus',
  description: 'Enable, disable or delete an organization with the acting user\'s password; a platform admin restores a deleted one.',
  context: ({ input }) => ({ organizationId: input.organizationId, status: input.status, deletedAt: input.deletedAt, action: null, error: null }),
  initial: 'resolving',
  states: {
    resolving: {
      description: 'Shows the organization as it is: active, disabled or deleted.',
      always: [
        { guard: 'isDeleted', target: 'deleted' },
        { guard: 'isInactive', target: 'inactive' },
        { target: 'active' },
      ],
    },
    active: {
      description: 'The organization works; its admins may disable or delete it.',
      on: {
        'status.disable': {
          description: 'Disable: opens the dialog that asks for the password.',
          target: 'confirming',
          actions: { type: 'assignAction', params: { action: 'disable' } },
        },
        'status.delete': {
          description: 'Delete: opens the dialog that asks for the password and the organization\'s name.',
          target: 'confirming',
          actions: { type: 'assignAction', params: { action: 'delete' } },
        },
      },
    },
    inactive: {
      description: 'The organization is disabled: its join code does not work. Its admins may enable or delete it.',
      on: {
        'status.enable': {
          description: 'Enable: opens the dialog that asks for the password.',
          target: 'confirming',
          actions: { type: 'assignAction', params: { action: 'enable' } },
        },
        'status.delete': {
          description: 'Delete: opens the dialog that asks for the password and the organization\'s name.',
          target: 'confirming',
          actions: { type: 'assignAction', params: { action: 'delete' } },
        },
      },
    },
    deleted: {
      description: 'Deleted, kept for 30 days: only a platform admin sees it, and may restore it.',
      initial: 'ready',
      on: {
        'status.restore': { description: 'Restore the organization.', target: 'restoring' },
      },
      states: {
        ready: {},
        failed: { description: 'The restore failed; the error panel says why.', tags: ['error'] },
      },
    },
    restoring: {
      description: 'The organization is being restored.',
      tags: ['busy'],
      invoke: {
        id: 'restoreOrganization',
        src: 'restoreOrganization',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'assignOrganization', params: ({ event }) => ({ organization: event.output }) },
            { type: 'announceChanged', params: ({ event }) => ({ organization: event.output }) },
          ],
        },
        onError: {
          target: 'deleted.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      description: 'The dialog asks for the acting user\'s password (and for a delete, the organization\'s name typed out).',
      tags: ['dialog'],
      initial: 'ready',
      on: {
        'status.submit': {
          description: 'Confirm with the password.',
          target: 'checking',
          actions: 'clearError',
        },
        'status.cancel': { description: 'Close the dialog; nothing changes.', target: 'resolving', actions: 'clearAction' },
      },
      states: {
        ready: {},
        wrongPassword: { description: 'The server says the password is wrong: the password field says so.', tags: ['error'] },
        failed: { description: 'Anything else went wrong: the error panel shows the server\'s detail, or the generic message.', tags: ['error'] },
      },
    },
    checking: {
      description: 'The server checks the password, then changes the status or deletes.',
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          action: context.action ?? 'disable',
          password: event.type === 'status.submit' ? event.password : '',
        }),
        onDone: [
          {
            description: 'Disabled or deleted: the person leaves the organization\'s page.',
            guard: 'leavesOrganization',
            target: 'done',
            actions: { type: 'leave', params: ({ context }) => ({ action: context.action }) },
          },
          {
            description: 'Enabled: the organization works again.',
            target: 'active',
            actions: [
              { type: 'assignEnabled' },
              { type: 'announceChanged', params: ({ event }) => ({ organization: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isWrongPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming.wrongPassword',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'confirming.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    done: {
      description: 'Disabled or deleted: the page is left (to /admin for a platform admin, else the dashboard).',
      type: 'final',
    },
  },
})
