import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, Organization, SaveOrganizationProfileInput } from './types'

/**
 * The edit-organization dialog of the profile (spec §2 create/edit dialog, §5 Organization form):
 * the form is filled from the organization; save sends the whole form (PUT); field errors of the
 * server come back to the form's error panel. The §5 field rules are checked by the form before
 * the save button is enabled.
 */

export interface OrganizationEditInput {
  organizationId: number
}

export interface OrganizationEditContext extends OrganizationEditInput {
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type OrganizationEditEvent = { type: 'edit.save'; body: SaveOrganizationProfileInput['body'] }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const organizationEditMachine = setup({
  types: {
    input: {} as OrganizationEditInput,
    context: {} as OrganizationEditContext,
    events: {} as OrganizationEditEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** PUT /v1/organizations/{id}/ with the form -> the organization as saved */
    saveOrganization: fromPromise<Organization, SaveOrganizationProfileInput>(async () => {
      throw new Error('not provided: saveOrganization')
    }),
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
    /** The dialog closes and the page shows the organization as saved. */
    announceSaved: (_, _params: { organization: Organization }) => {},
  },
}).createMachine({
  id: 'organizationEdit',
  description: 'Edit the organization: fill the form, save it whole, or read why it was not saved.',
  context: ({ input }) => ({ organizationId: input.organizationId, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form, filled from the organization; save is enabled once every required field is filled.',
      initial: 'ready',
      on: {
        'edit.save': { description: 'Save the form.', target: 'saving', actions: 'clearError' },
      },
      states: {
        ready: {},
        failed: { description: 'Not saved: the error panel shows the server\'s messages.', tags: ['error'] },
      },
    },
    saving: {
      description: 'The form is sent.',
      tags: ['busy'],
      invoke: {
        id: 'saveOrganization',
        src: 'saveOrganization',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          body: event.type === 'edit.save' ? event.body : ({} as SaveOrganizationProfileInput['body']),
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'announceSaved', params: ({ event }) => ({ organization: event.output }) },
        },
        onError: {
          target: 'editing.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { description: 'Saved: the dialog closes.', type: 'final' },
  },
})
