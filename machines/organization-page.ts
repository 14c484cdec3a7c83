import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, Organization, OrganizationIdInput } from './types'

/**
 * The organization page (spec §2 Organization page; /organization/{id}/ and, for a platform admin,
 * /admin/organization/{id}): the organization is loaded first. An organization that cannot be found
 * (deleted, or not the person's) ends the page: the platform admin's route goes back to /admin.
 * The profile view asks for a reload after an edit.
 */

export interface OrganizationPageContext {
  organizationId: number
  organization: Organization | null
  error: ApiFailure | null
}

export type OrganizationPageEvent = { type: 'organization.reload' } | { type: 'organization.retry' }

export const organizationPageMachine = setup({
  types: {
    context: {} as OrganizationPageContext,
    events: {} as OrganizationPageEvent,
    input: {} as OrganizationIdInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/organizations/{id}/ */
    loadOrganization: fromPromise<Organization, OrganizationIdInput>(async () => {
      throw new Error('not provided: loadOrganization')
    }),
  },
  guards: {
    /** 404: no such organization for this person. */
    isNotFound: (_, params: { error: unknown }) => toApiFailure(params.error).status === 404,
  },
  actions: {
    assignOrganization: assign((_, params: { organization: Organization }) => ({ organization: params.organization, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The view remembers its name and type for the top navigation. */
    announceLoaded: (_, _params: { organization: Organization }) => undefined,
    /** The view leaves: the platform admin's route goes back to /admin. */
    leaveMissing: () => undefined,
  },
}).createMachine({
  id: 'organizationPage',
  description: 'The organization page loads its organization, and loads it again after an edit.',
  context: ({ input }) => ({ organizationId: input.organizationId, organization: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The organization is loaded (the page keeps showing the one it had while it reloads).',
      tags: ['busy'],
      invoke: {
        id: 'loadOrganization',
        src: 'loadOrganization',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignOrganization', params: ({ event }) => ({ organization: event.output }) },
            { type: 'announceLoaded', params: ({ event }) => ({ organization: event.output }) },
          ],
        },
        onError: [
          {
            description: 'The organization does not exist for this person.',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      description: 'The page shows the organization: its name, icons, menu and the chosen view.',
      on: { 'organization.reload': { description: 'The profile was edited: load it again.', target: 'loading' } },
    },
    failed: {
      description: 'The page says the organization could not be loaded and offers to try again.',
      tags: ['error'],
      on: { 'organization.retry': { target: 'loading', actions: 'clearError' } },
    },
    missing: {
      description: 'No such organization: the platform admin goes back to the list, anybody else reads that it was not found.',
      tags: ['error'],
      type: 'final',
      entry: 'leaveMissing',
    },
  },
})
