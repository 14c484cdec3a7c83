import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type {
  ApiError,
  ApiFailure,
  ClassImport,
  ClassImportCallInput,
  ClassImportFileInput,
  ClassImportUpload,
  ClassImportUploadInput,
  UploadProgressEvent,
} from './types'

/**
 * Importing classes from a spreadsheet (specification 001 §2 Class import, §4 Upload and Class import,
 * §5): an .xlsx is chosen (anything else: 'File type is not allowed', the file list cleared), an upload
 * address is asked for, the file is PUT there with a progress bar, and the preview shows each class of
 * the file with its errors. Confirming is possible only when no class has an error; it creates every
 * class or none. The result says how many were imported (classImported), with "import users now" or
 * "later". Removing the file clears all of it.
 */

/** The class import accepts only xlsx (§5). */
export const CLASS_IMPORT_EXTENSION = '.xlsx'
/** The server's limit of an import file: 5 MB. */
export const CLASS_IMPORT_MAX_BYTES = 5 * 1024 * 1024

export interface ClassImportInput {
  organizationId: number
}

export interface ClassImportContext extends ClassImportInput {
  fileName: string | null
  /** The file being uploaded, until it is read. */
  file: File | null
  upload: ClassImportUpload | null
  /** Bytes sent so far and in all, while uploading. */
  progress: { loaded: number; total: number }
  preview: ClassImport | null
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  error: ApiFailure | null
}

export type ClassImportEvent =
  | { type: 'import.choose'; file: File }
  | { type: 'import.remove' }
  | { type: 'import.confirm' }
  | { type: 'import.another' }
  | UploadProgressEvent
  | { type: 'upload.done' }
  | { type: 'upload.failed'; status: number }

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

/** The preview a refused confirmation answers with (409 import_has_errors), if it is one. */
function refusedPreviewOf(error: unknown): ClassImport | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined
  const body = error.body as { import?: ClassImport } | undefined
  return body?.import
}

export const classImportMachine = setup({
  types: {
    input: {} as ClassImportInput,
    context: {} as ClassImportContext,
    events: {} as ClassImportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/groups/{orgId}/import/upload/ -> {callback_id, presigned_url, content_type} */
    requestClassUpload: fromPromise<ClassImportUpload, ClassImportFileInput>(async () => {
      throw new Error('not provided: requestClassUpload')
    }),
    /** PUT of the file to the presigned address, reporting upload.progress, then upload.done or upload.failed */
    uploadClassFile: fromCallback<UploadProgressEvent, ClassImportUploadInput>(() => {
      throw new Error('not provided: uploadClassFile')
    }),
    /** POST /v1/groups/{orgId}/preview/ {file_key} -> the preview per class */
    previewClassImport: fromPromise<ClassImport, ClassImportCallInput>(async () => {
      throw new Error('not provided: previewClassImport')
    }),
    /** POST /v1/groups/{orgId}/import/ {callback_id} -> the import, committed */
    confirmClassImport: fromPromise<ClassImport, ClassImportCallInput>(async () => {
      throw new Error('not provided: confirmClassImport')
    }),
  },
  guards: {
    isNotXlsx: (_, params: { file: File }) => !params.file.name.toLowerCase().endsWith(CLASS_IMPORT_EXTENSION),
    isTooLarge: (_, params: { file: File }) => params.file.size > CLASS_IMPORT_MAX_BYTES,
    canConfirm: ({ context }) => context.preview !== null && context.preview.total > 0 && context.preview.with_errors === 0,
  },
  actions: {
    assignFile: assign((_, params: { file: File }) => ({
      fileName: params.file.name,
      file: params.file,
      upload: null,
      progress: { loaded: 0, total: params.file.size },
      preview: null,
      rejection: null,
      error: null,
    })),
    assignRejection: assign((_, params: { rejection: 'type' | 'size' }) => ({
      rejection: params.rejection,
      fileName: null,
      file: null,
      upload: null,
      preview: null,
      error: null,
    })),
    clearFile: assign({ fileName: null, file: null, upload: null, preview: null, rejection: null, error: null }),
    assignUpload: assign((_, params: { upload: ClassImportUpload }) => ({ upload: params.upload })),
    assignProgress: assign((_, params: { loaded: number; total: number }) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignPreview: assign((_, params: { preview: ClassImport }) => ({ preview: params.preview, file: null, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** A refused confirmation: its error, and the preview as the server sees it now (a name taken since). */
    assignRefusal: assign(({ context }, params: { error: unknown }) => ({
      error: toApiFailure(params.error),
      preview: refusedPreviewOf(params.error) ?? context.preview,
    })),
    assignUploadError: assign((_, params: { status: number }) => ({ error: { status: params.status, body: {} } })),
    /** The class list follows the classes imported. */
    announceImported: (_, _params: { imported: number }) => {},
  },
}).createMachine({
  id: 'classImport',
  description: 'Import classes from an .xlsx: upload it, see each class with its goals and errors, confirm, and every class is created or none.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    fileName: null,
    file: null,
    upload: null,
    progress: { loaded: 0, total: 0 },
    preview: null,
    rejection: null,
    error: null,
  }),
  initial: 'upload',
  states: {
    upload: {
      description: 'No file: the drop zone, the file chooser and the class-list template download.',
      initial: 'waiting',
      on: {
        'import.choose': [
          {
            description: "Not an .xlsx: 'File type is not allowed', the file list cleared.",
            guard: { type: 'isNotXlsx', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'type' } },
          },
          {
            description: 'Larger than 5 MB: refused before sending.',
            guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'size' } },
          },
          {
            description: 'An .xlsx (file selected): ask for its upload address.',
            target: 'requestingUpload',
            actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
          },
        ],
      },
      states: {
        waiting: {},
        rejected: { description: 'The chosen file was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'The upload address, the upload or the reading of the file failed; the error says why.', tags: ['error'] },
      },
    },
    requestingUpload: {
      description: 'Upload URL requested (presigned URL obtained next).',
      tags: ['busy'],
      on: { 'import.remove': { target: 'upload', actions: 'clearFile' } },
      invoke: {
        id: 'requestClassUpload',
        src: 'requestClassUpload',
        input: ({ context }) => ({ organizationId: context.organizationId, file: context.file ?? new File([], '') }),
        onDone: { target: 'uploading', actions: { type: 'assignUpload', params: ({ event }) => ({ upload: event.output }) } },
        onError: { target: 'upload.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      description: 'The file is sent to the presigned address; the progress bar moves.',
      tags: ['busy'],
      invoke: {
        id: 'uploadClassFile',
        src: 'uploadClassFile',
        input: ({ context }) => ({ upload: context.upload!, file: context.file ?? new File([], '') }),
      },
      on: {
        'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': { description: 'File uploaded to the presigned address.', target: 'reading' },
        'upload.failed': { target: 'upload.failed', actions: { type: 'assignUploadError', params: ({ event }) => ({ status: event.status }) } },
        'import.remove': { target: 'upload', actions: 'clearFile' },
      },
    },
    reading: {
      description: 'The file is read into one entry per class, each checked (duplicate group name among the errors).',
      tags: ['busy'],
      on: { 'import.remove': { target: 'upload', actions: 'clearFile' } },
      invoke: {
        id: 'previewClassImport',
        src: 'previewClassImport',
        input: ({ context }) => ({ organizationId: context.organizationId, callbackId: context.upload?.callback_id ?? 0 }),
        onDone: { target: 'preview', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'upload.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    preview: {
      description: 'Each class in a tab (overview, read-only goals), its errors by row. Confirm when no class has an error.',
      initial: 'shown',
      on: {
        'import.remove': { description: 'Removing the file clears readiness.', target: 'upload', actions: 'clearFile' },
      },
      states: {
        shown: {
          on: { 'import.confirm': { guard: 'canConfirm', target: '#classImport.confirming' } },
        },
        failed: {
          description: 'The confirmation failed (nothing was created); a refusal shows the classes as they are now.',
          tags: ['error'],
          on: { 'import.confirm': { guard: 'canConfirm', target: '#classImport.confirming' } },
        },
      },
    },
    confirming: {
      description: 'Every class is created with its goals in one transaction, or none; twice creates nothing twice.',
      tags: ['busy'],
      invoke: {
        id: 'confirmClassImport',
        src: 'confirmClassImport',
        input: ({ context }) => ({ organizationId: context.organizationId, callbackId: context.preview?.callback_id ?? 0 }),
        onDone: {
          target: 'imported',
          actions: [
            { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
            { type: 'announceImported', params: ({ event }) => ({ imported: event.output.total }) },
          ],
        },
        onError: { target: 'preview.failed', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    imported: {
      description: 'classImported: how many classes were imported, with "import users now" or "later". Another file may be imported.',
      on: { 'import.another': { target: 'upload', actions: 'clearFile' } },
    },
  },
})
