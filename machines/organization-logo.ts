import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, Organization, OrganizationIdInput, UploadLogoInput } from './types'

/**
 * The organization's logo on its profile: choose an image (JPEG, PNG or GIF of at most 2 MB, spec §5
 * Avatar; checked here before anything is sent, and again by the server by its content), upload it,
 * or remove the logo. The upload is a wait the person sees (busy) and may fail.
 */

/** The image types the server accepts (PUT /v1/organizations/{id}/logo/). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const
/** The contract's x-body-limit of the upload: 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024

export interface OrganizationLogoInput {
  organizationId: number
}

export interface OrganizationLogoContext extends OrganizationLogoInput {
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  /** The last failure of an upload or removal, for the error panel. */
  error: ApiFailure | null
}

export type OrganizationLogoEvent =
  | { type: 'logo.choose'; file: File }
  | { type: 'logo.remove' }

export const organizationLogoMachine = setup({
  types: {
    input: {} as OrganizationLogoInput,
    context: {} as OrganizationLogoContext,
    events: {} as OrganizationLogoEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** PUT /v1/organizations/{id}/logo/ with the image as the body -> the organization with its new logo_url */
    uploadLogo: fromPromise<Organization, UploadLogoInput>(async () => {
      throw new Error('not provided: uploadLogo')
    }),
    /** DELETE /v1/organizations/{id}/logo/ -> the organization without a logo */
    removeLogo: fromPromise<Organization, OrganizationIdInput>(async () => {
      throw new Error('not provided: removeLogo')
    }),
  },
  guards: {
    isNotAllowedType: (_, params: { file: File }) => !(LOGO_TYPES as readonly string[]).includes(params.file.type),
    isTooLarge: (_, params: { file: File }) => params.file.size > LOGO_MAX_BYTES,
  },
  actions: {
    assignRejection: assign((_, params: { rejection: 'type' | 'size' }) => ({ rejection: params.rejection, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error), rejection: null })),
    clearErrors: assign({ rejection: null, error: null }),
    /** The page shows the organization with its new logo (or none). */
    announceChanged: (_, _params: { organization: Organization }) => {},
  },
}).createMachine({
  id: 'organizationLogo',
  description: 'Upload or remove the organization\'s logo; the file is checked in the browser first.',
  context: ({ input }) => ({ organizationId: input.organizationId, rejection: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The logo (or its placeholder) with the upload and remove buttons.',
      initial: 'ready',
      on: {
        'logo.choose': [
          {
            description: 'Not a JPEG, PNG or GIF: refused before sending (\'File type is not allowed\').',
            guard: { type: 'isNotAllowedType', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'type' } },
          },
          {
            description: 'Larger than 2 MB: refused before sending.',
            guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'size' } },
          },
          { description: 'An image the server takes: upload it.', target: 'uploading', actions: 'clearErrors' },
        ],
        'logo.remove': { description: 'Remove the logo.', target: 'removing', actions: 'clearErrors' },
      },
      states: {
        ready: {},
        rejected: { description: 'The chosen file was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'The server refused or could not be reached; the error panel says why.', tags: ['error'] },
      },
    },
    uploading: {
      description: 'The image is being sent.',
      tags: ['busy'],
      invoke: {
        id: 'uploadLogo',
        src: 'uploadLogo',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          file: event.type === 'logo.choose' ? event.file : new Blob(),
        }),
        onDone: {
          target: 'idle',
          actions: { type: 'announceChanged', params: ({ event }) => ({ organization: event.output }) },
        },
        onError: {
          target: 'idle.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      description: 'The logo is being removed.',
      tags: ['busy'],
      invoke: {
        id: 'removeLogo',
        src: 'removeLogo',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'idle',
          actions: { type: 'announceChanged', params: ({ event }) => ({ organization: event.output }) },
        },
        onError: {
          target: 'idle.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
