import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, JoinByCodeInput, JoinByCodeResult, JoinOrganizationInput, JoinRole } from './types'

/**
 * Joining an organization by its code (spec §2 onboarding and start-learning: the code entry with one
 * box per character; §5 invitation code: 'Code is not complete'). The code comes typed, pasted, or
 * from the join link (or its QR code); a student joins at once or, when the organization requires
 * approval, asks to; a teacher always asks, and an admin approves.
 */

export interface JoinOrganizationContext {
  /** Letters and digits only, upper-case, at most CODE_LENGTH. */
  code: string
  role: JoinRole
  /** What the server answered: joined, or a request waiting for an admin. */
  result: JoinByCodeResult | null
  /** Why the code was refused (its message is the server's). */
  error: ApiFailure | null
}

export type JoinOrganizationEvent = { type: 'join.type'; code: string } | { type: 'join.submit' }

/** An organization's join code has six characters (server/organizations/memberships.ts). */
const CODE_LENGTH = 6

/** What a person typed or pasted, as a code: no spaces, dashes or other marks, upper-case, cut to the code's length. */
function normalizeCode(typed: string): string {
  return typed
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, CODE_LENGTH)
}

export const joinOrganizationMachine = setup({
  types: {
    context: {} as JoinOrganizationContext,
    events: {} as JoinOrganizationEvent,
    input: {} as JoinOrganizationInput,
    tags: {} as 'busy' | 'error' | 'incomplete',
  },
  actors: {
    /** POST /v1/invitations/join/ */
    joinByCode: fromPromise<JoinByCodeResult, JoinByCodeInput>(async () => {
      throw new Error('not provided: joinByCode')
    }),
  },
  guards: {
    /** The page came back after joining (the session reloaded the person's organizations, and the screen with them). */
    hasJoined: ({ context }) => context.result !== null,
    isComplete: ({ context }) => context.code.length === CODE_LENGTH,
    /** The server made a join request: an admin approves it. */
    isRequest: (_, params: { result: JoinByCodeResult }) => params.result.status === 'pending',
  },
  actions: {
    assignCode: assign((_, params: { code: string }) => ({ code: normalizeCode(params.code), error: null })),
    assignResult: assign((_, params: { result: JoinByCodeResult }) => ({ result: params.result })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** The person's organizations changed: the session reloads them, and the view says so. */
    announceJoined: (_, _params: { result: JoinByCodeResult }) => undefined,
  },
}).createMachine({
  id: 'joinOrganization',
  description: 'Joining an organization by its code: typed, pasted or from the join link; joined at once or asked for.',
  context: ({ input }) => ({ code: normalizeCode(input.code ?? ''), role: input.role, result: input.joined ?? null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Back on the page after joining (the new organization reloaded the screen): the result again; else the code entry.',
      always: [{ guard: 'hasJoined', target: 'joined' }, { target: 'editing' }],
    },
    editing: {
      description: 'One box per character; pasting fills them all. The code of a join link is already in.',
      on: {
        'join.type': { target: 'editing', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
        'join.submit': [
          { guard: 'isComplete', target: 'submitting' },
          { description: "A box is empty: 'Code is not complete', nothing is sent.", target: 'incomplete' },
        ],
      },
    },
    incomplete: {
      description: "'Code is not complete' under the boxes until the person types again.",
      tags: ['incomplete'],
      on: {
        'join.type': { target: 'editing', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
      },
    },
    submitting: {
      description: 'The code is sent with the role asked for.',
      tags: ['busy'],
      invoke: {
        id: 'joinByCode',
        src: 'joinByCode',
        input: ({ context }) => ({ code: context.code, role: context.role }),
        onDone: [
          {
            description: 'A teacher, or a student where approval is required: a request waits for an admin.',
            guard: { type: 'isRequest', params: ({ event }) => ({ result: event.output }) },
            target: 'requested',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'joined',
            actions: [
              { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'announceJoined', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: { target: 'refused', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    refused: {
      description: "The server's message: an unknown or turned-off code, already a member, a request already waiting, too many tries.",
      tags: ['error'],
      on: {
        'join.type': { target: 'editing', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
        'join.submit': { description: 'The same code again (after a wait, or a network failure).', target: 'submitting' },
      },
    },
    joined: {
      description: 'A member now: a link to the organization.',
      type: 'final',
    },
    requested: {
      description: "The request waits for the organization's admins: the page says so.",
      type: 'final',
    },
  },
})
