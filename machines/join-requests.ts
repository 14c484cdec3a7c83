import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, DecideJoinRequestInput, JoinRequest, JoinRequestsInput } from './types'

/**
 * The requests to join an organization by its code that wait for its admins (the users view's "Join
 * requests (n)" chip and modal): a teacher's always, a student's when approval is required. Approving
 * makes the person a member with the requested role; refusing asks first (§8: confirm dialogs precede
 * removals), then drops the request. After each, the list loads again. Those who may not manage members (teachers) load nothing.
 */

export interface JoinRequestsContext {
  organizationId: number
  canManage: boolean
  requests: JoinRequest[] | null
  /** The request being approved or refused. */
  deciding: JoinRequest | null
  error: ApiFailure | null
  actionError: ApiFailure | null
}

export type JoinRequestsEvent =
  | { type: 'requests.reload' }
  | { type: 'requests.retry' }
  | { type: 'requests.approve'; request: JoinRequest }
  | { type: 'requests.refuse'; request: JoinRequest }
  | { type: 'refuse.confirm' }
  | { type: 'refuse.cancel' }

export const joinRequestsMachine = setup({
  types: {
    context: {} as JoinRequestsContext,
    events: {} as JoinRequestsEvent,
    input: {} as JoinRequestsInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/join-requests/ */
    loadJoinRequests: fromPromise<JoinRequest[], { organizationId: number }>(async () => {
      throw new Error('not provided: loadJoinRequests')
    }),
    /** POST /v1/organizations/{id}/join-requests/{requestId}/approve/ */
    approveJoinRequest: fromPromise<void, DecideJoinRequestInput>(async () => {
      throw new Error('not provided: approveJoinRequest')
    }),
    /** DELETE /v1/organizations/{id}/join-requests/{requestId}/ */
    refuseJoinRequest: fromPromise<void, DecideJoinRequestInput>(async () => {
      throw new Error('not provided: refuseJoinRequest')
    }),
  },
  guards: {
    canManage: ({ context }) => context.canManage,
  },
  actions: {
    assignRequests: assign((_, params: { requests: JoinRequest[] }) => ({ requests: params.requests, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignDeciding: assign((_, params: { request: JoinRequest }) => ({ deciding: params.request, actionError: null })),
    clearDeciding: assign({ deciding: null }),
    assignActionError: assign((_, params: { error: unknown }) => ({ actionError: toApiFailure(params.error) })),
    /** A new member: the view says so (a toast) and the users list loads again. */
    announceApproved: (_, _params: { request: JoinRequest | null }) => undefined,
  },
}).createMachine({
  id: 'joinRequests',
  description: 'The join requests waiting for an organization’s admins: the chip’s count, the modal, approve and refuse.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    canManage: input.enabled,
    requests: null,
    deciding: null,
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
      description: 'The requests are loaded; the modal keeps the rows it had meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadJoinRequests',
        src: 'loadJoinRequests',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'assignRequests', params: ({ event }) => ({ requests: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The requests could not be loaded: the modal says so and offers to try again.',
      tags: ['error'],
      on: {
        'requests.retry': { target: 'loading' },
        'requests.reload': { target: 'loading' },
      },
    },
    ready: {
      description: 'The chip shows the count (when there is any); the modal lists each request with approve and refuse.',
      on: {
        'requests.reload': { description: 'The join code dialog closed: new requests may have come.', target: 'loading' },
        'requests.approve': { target: 'approving', actions: { type: 'assignDeciding', params: ({ event }) => ({ request: event.request }) } },
        'requests.refuse': { target: 'confirmingRefusal', actions: { type: 'assignDeciding', params: ({ event }) => ({ request: event.request }) } },
      },
    },
    approving: {
      description: 'The person becomes a member with the requested role.',
      tags: ['busy'],
      invoke: {
        id: 'approveJoinRequest',
        src: 'approveJoinRequest',
        input: ({ context }) => ({ organizationId: context.organizationId, requestId: (context.deciding as JoinRequest).id }),
        onDone: {
          target: 'loading',
          actions: [{ type: 'announceApproved', params: ({ context }) => ({ request: context.deciding }) }, 'clearDeciding'],
        },
        onError: {
          description: 'Refused (another admin decided first) or no answer: said in the modal; the list loads again.',
          target: 'loading',
          actions: [{ type: 'assignActionError', params: ({ event }) => ({ error: event.error }) }, 'clearDeciding'],
        },
      },
    },
    confirmingRefusal: {
      description: 'Refusing a request asks first: it cannot be undone, the person would have to ask again.',
      on: {
        'refuse.confirm': { target: 'refusing' },
        'refuse.cancel': { target: 'ready', actions: 'clearDeciding' },
      },
    },
    refusing: {
      description: 'The request goes; the person may ask again.',
      tags: ['busy'],
      invoke: {
        id: 'refuseJoinRequest',
        src: 'refuseJoinRequest',
        input: ({ context }) => ({ organizationId: context.organizationId, requestId: (context.deciding as JoinRequest).id }),
        onDone: { target: 'loading', actions: 'clearDeciding' },
        onError: {
          target: 'loading',
          actions: [{ type: 'assignActionError', params: ({ event }) => ({ error: event.error }) }, 'clearDeciding'],
        },
      },
    },
  },
})
