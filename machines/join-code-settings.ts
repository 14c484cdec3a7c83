import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, JoinCode, UpdateJoinCodeInput } from './types'

/**
 * An organization's join code as its admins manage it (the users view's "Invite by code" dialog): the
 * code, its link and QR code; resetting it (after a confirmation: the old code, link and printed QR
 * code stop working), turning it off and on, and requiring approval of code joins.
 */

export interface JoinCodeSettingsContext {
  organizationId: number
  settings: JoinCode | null
  /** The change being saved. */
  change: UpdateJoinCodeInput['change'] | null
  /** Why the settings could not be loaded. */
  error: ApiFailure | null
  /** Why the last change was refused. */
  actionError: ApiFailure | null
}

export type JoinCodeSettingsEvent =
  | { type: 'joinCode.retry' }
  | { type: 'joinCode.reset' }
  | { type: 'reset.confirm' }
  | { type: 'reset.cancel' }
  | { type: 'joinCode.setEnabled'; enabled: boolean }
  | { type: 'joinCode.setApproval'; requiresApproval: boolean }

export const joinCodeSettingsMachine = setup({
  types: {
    context: {} as JoinCodeSettingsContext,
    events: {} as JoinCodeSettingsEvent,
    input: {} as { organizationId: number },
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/join-code/ */
    loadJoinCode: fromPromise<JoinCode, { organizationId: number }>(async () => {
      throw new Error('not provided: loadJoinCode')
    }),
    /** PATCH /v1/organizations/{id}/join-code/ */
    updateJoinCode: fromPromise<JoinCode, UpdateJoinCodeInput>(async () => {
      throw new Error('not provided: updateJoinCode')
    }),
    /** POST /v1/organizations/{id}/join-code/reset/ */
    resetJoinCode: fromPromise<JoinCode, { organizationId: number }>(async () => {
      throw new Error('not provided: resetJoinCode')
    }),
  },
  actions: {
    assignSettings: assign((_, params: { settings: JoinCode }) => ({ settings: params.settings, error: null, change: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignChange: assign((_, params: { change: UpdateJoinCodeInput['change'] }) => ({ change: params.change, actionError: null })),
    clearActionError: assign({ actionError: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error), change: null })),
    /** The view says the new code is in place (a toast). */
    announceReset: (_, _params: { code: string }) => undefined,
  },
}).createMachine({
  id: 'joinCodeSettings',
  description: "An organization's join code: show it with its link and QR code, reset it, turn it off or on, require approval.",
  context: ({ input }) => ({ organizationId: input.organizationId, settings: null, change: null, error: null, actionError: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The code and its settings are loaded.',
      tags: ['busy'],
      invoke: {
        id: 'loadJoinCode',
        src: 'loadJoinCode',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The code could not be loaded: the dialog says so and offers to try again.',
      tags: ['error'],
      on: { 'joinCode.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The code, the link with its copy button, the QR code, and the switches.',
      on: {
        'joinCode.reset': { target: 'confirmingReset', actions: 'clearActionError' },
        'joinCode.setEnabled': {
          target: 'saving',
          actions: { type: 'assignChange', params: ({ event }) => ({ change: { enabled: event.enabled } }) },
        },
        'joinCode.setApproval': {
          target: 'saving',
          actions: { type: 'assignChange', params: ({ event }) => ({ change: { requires_approval: event.requiresApproval } }) },
        },
      },
    },
    confirmingReset: {
      description: 'Resetting asks first: the old code, its link and every printed QR code stop working.',
      on: {
        'reset.confirm': { target: 'resetting' },
        'reset.cancel': { target: 'ready' },
      },
    },
    resetting: {
      description: 'A new random code replaces the old one.',
      tags: ['busy'],
      invoke: {
        id: 'resetJoinCode',
        src: 'resetJoinCode',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
            { type: 'announceReset', params: ({ event }) => ({ code: event.output.code }) },
          ],
        },
        onError: { target: 'ready', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'The switch is saved; it shows the server’s answer afterwards.',
      tags: ['busy'],
      invoke: {
        id: 'updateJoinCode',
        src: 'updateJoinCode',
        input: ({ context }) => ({ organizationId: context.organizationId, change: context.change ?? { enabled: true } }),
        onDone: { target: 'ready', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'ready', actions: { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
