import { assign, fromPromise, setup } from 'xstate'
import type { ApiError, ApiFailure, ImportIdInput, OrganizationImport, StageImportInput } from './types'

/**
 * Importing organizations from a spreadsheet on the admin list (DESIGN.md, spreadsheets): choose or
 * drop a .csv or .xlsx (checked here by its name and size before anything is sent, and by the server
 * by its content), wait while it is read, see every row with its errors, and confirm. Confirming is
 * possible only when no row has an error; otherwise the file is fixed and chosen again (another file
 * may be chosen at any time but while the organizations are being created). The server checks the
 * rows again on confirmation and may refuse with the rows as they are now.
 */

/** The file names the server reads. */
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const
/** The contract's x-body-limit of the upload: 5 MB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024

export interface OrganizationImportContext {
  /** The name of the file chosen last. */
  fileName: string | null
  /** The import as the server previewed (or, once created, confirmed) it. */
  preview: OrganizationImport | null
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  /** The last failure of an upload or a confirmation, for the error panel. */
  error: ApiFailure | null
}

export type OrganizationImportEvent = { type: 'import.choose'; file: File } | { type: 'import.confirm' }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

/** The preview a refused confirmation carries (409 import_has_errors), or undefined. */
function refusedPreview(error: unknown): OrganizationImport | undefined {
  const failure = toApiFailure(error)
  const preview = failure.status === 409 ? failure.body.import : undefined
  return typeof preview === 'object' && preview !== null ? (preview as OrganizationImport) : undefined
}

export const organizationImportMachine = setup({
  types: {
    context: {} as OrganizationImportContext,
    events: {} as OrganizationImportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/organizations/import/?file_name= with the file as the body -> the preview */
    stageImport: fromPromise<OrganizationImport, StageImportInput>(async () => {
      throw new Error('not provided: stageImport')
    }),
    /** POST /v1/organizations/import/{importId}/confirm/ -> the import, committed */
    confirmImport: fromPromise<OrganizationImport, ImportIdInput>(async () => {
      throw new Error('not provided: confirmImport')
    }),
  },
  guards: {
    isNotSpreadsheet: (_, params: { file: File }) =>
      !IMPORT_EXTENSIONS.some((extension) => params.file.name.toLowerCase().endsWith(extension)),
    isTooLarge: (_, params: { file: File }) => params.file.size > IMPORT_MAX_BYTES,
    hasNoErrors: ({ context }) => context.preview !== null && context.preview.with_errors === 0,
    isRefusedWithRows: (_, params: { error: unknown }) => refusedPreview(params.error) !== undefined,
  },
  actions: {
    assignFile: assign((_, params: { file: File }) => ({ fileName: params.file.name, preview: null, rejection: null, error: null })),
    assignRejection: assign((_, params: { rejection: 'type' | 'size' }) => ({ rejection: params.rejection, preview: null, error: null })),
    assignPreview: assign((_, params: { preview: OrganizationImport }) => ({ preview: params.preview, error: null })),
    assignRefusedPreview: assign((_, params: { error: unknown }) => ({ preview: refusedPreview(params.error) ?? null, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** The list shows the organizations created. */
    announceCreated: (_, _params: { created: number }) => {},
  },
}).createMachine({
  id: 'organizationImport',
  description: 'Import organizations from a .csv or .xlsx: preview every row with its errors, then create them all at once.',
  context: { fileName: null, preview: null, rejection: null, error: null },
  initial: 'choosing',
  on: {
    'import.choose': [
      {
        description: 'Not a .csv or .xlsx file: refused before sending (\'File type is not allowed\').',
        guard: { type: 'isNotSpreadsheet', params: ({ event }) => ({ file: event.file }) },
        target: '.choosing.rejected',
        actions: { type: 'assignRejection', params: { rejection: 'type' } },
      },
      {
        description: 'Larger than 5 MB: refused before sending.',
        guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
        target: '.choosing.rejected',
        actions: { type: 'assignRejection', params: { rejection: 'size' } },
      },
      {
        description: 'A spreadsheet: send it to be read and checked.',
        target: '.uploading',
        actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
      },
    ],
  },
  states: {
    choosing: {
      description: 'The drop zone, the file chooser and the template links.',
      initial: 'ready',
      states: {
        ready: {},
        rejected: { description: 'The chosen file was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'The server refused the file or could not be reached; the error panel says why.', tags: ['error'] },
      },
    },
    uploading: {
      description: 'The file is being sent, read and checked row by row; nothing is created.',
      tags: ['busy'],
      invoke: {
        id: 'stageImport',
        src: 'stageImport',
        input: ({ event }) => ({ file: event.type === 'import.choose' ? event.file : new File([], '') }),
        onDone: {
          target: 'preview',
          actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'choosing.failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    preview: {
      description: 'Every row with its errors and the counts. Confirming needs a file without errors; otherwise fix the file and choose it again.',
      initial: 'shown',
      on: {
        'import.confirm': {
          description: 'No row has an error: create the organizations.',
          guard: 'hasNoErrors',
          target: 'confirming',
        },
      },
      states: {
        shown: {},
        failed: { description: 'The organizations could not be created (nothing was); the error panel says why.', tags: ['error'] },
      },
    },
    confirming: {
      description: 'The organizations are being created with their owners\' invitations, all or none. Another file cannot be chosen now.',
      tags: ['busy'],
      on: {
        'import.choose': { description: 'Ignored while the organizations are being created.' },
      },
      invoke: {
        id: 'confirmImport',
        src: 'confirmImport',
        input: ({ context }) => ({ importId: context.preview?.id ?? 0 }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
            { type: 'announceCreated', params: ({ event }) => ({ created: event.output.total }) },
          ],
        },
        onError: [
          {
            description: 'Rows have errors now (a name was taken since the preview): the preview as it is now; nothing was created.',
            guard: { type: 'isRefusedWithRows', params: ({ event }) => ({ error: event.error }) },
            target: 'preview',
            actions: { type: 'assignRefusedPreview', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'preview.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    created: {
      description: 'The organizations were created and their owners invited; the list shows them. Another file may be imported.',
    },
  },
})
