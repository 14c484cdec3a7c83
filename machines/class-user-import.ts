import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type {
  ApiError,
  ApiFailure,
  ClassImportCallInput,
  ClassImportFileInput,
  ClassImportUpload,
  ClassImportUploadInput,
  ClassUserImport,
  ClassUserImportConfirmInput,
  UploadProgressEvent,
} from './types'

/**
 * Importing users into classes (specification 001 §2 User import into classes, §4 Upload, §5): an
 * .xlsx or .csv of e-mail addresses with their class is chosen (anything else: 'File type is not
 * allowed', the file list cleared), an upload address is asked for, the file is PUT there with a
 * progress bar, and the preview shows each class of the file in a tab with its rows and their errors.
 * The consent box (on by default) says whether the organization's students join at once or everyone
 * accepts an invitation. Confirming is possible only when no row has an error; it invites every row or
 * nobody. The result says how many were invited to each class. Removing the file clears all of it.
 */

/** The user import takes .xlsx and .csv files (§5). */
export const USER_IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const
/** The server's limit of an import file: 5 MB. */
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024

export interface ClassUserImportInput {
  organizationId: number
}

export interface ClassUserImportContext extends ClassUserImportInput {
  fileName: string | null
  /** The file being uploaded, until it is read. */
  file: File | null
  upload: ClassImportUpload | null
  /** Bytes sent so far and in all, while uploading. */
  progress: { loaded: number; total: number }
  preview: ClassUserImport | null
  /** Auto-enroll (needs the learners' prior permission); false: each learner accepts the invitation. */
  consent: boolean
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  error: ApiFailure | null
}

export type ClassUserImportEvent =
  | { type: 'import.choose'; file: File }
  | { type: 'import.remove' }
  | { type: 'import.consent'; consent: boolean }
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
function refusedPreviewOf(error: unknown): ClassUserImport | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined
  const body = error.body as { import?: ClassUserImport } | undefined
  return body?.import
}

export const classUserImportMachine = setup({
  types: {
    input: {} as ClassUserImportInput,
    context: {} as ClassUserImportContext,
    events: {} as ClassUserImportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/groups/{orgId}/users/import/upload/ -> {callback_id, presigned_url, content_type} */
    requestUserUpload: fromPromise<ClassImportUpload, ClassImportFileInput>(async () => {
      throw new Error('not provided: requestUserUpload')
    }),
    /** PUT of the file to the presigned address, reporting upload.progress, then upload.done or upload.failed */
    uploadUserFile: fromCallback<UploadProgressEvent, ClassImportUploadInput>(() => {
      throw new Error('not provided: uploadUserFile')
    }),
    /** POST /v1/groups/{orgId}/users/preview/ {file_key} -> the rows per class */
    previewUserImport: fromPromise<ClassUserImport, ClassImportCallInput>(async () => {
      throw new Error('not provided: previewUserImport')
    }),
    /** POST /v1/groups/{orgId}/users/import/ {callback_id, consent} -> the import, committed */
    confirmUserImport: fromPromise<ClassUserImport, ClassUserImportConfirmInput>(async () => {
      throw new Error('not provided: confirmUserImport')
    }),
  },
  guards: {
    isNotAllowedType: (_, params: { file: File }) => !USER_IMPORT_EXTENSIONS.some((extension) => params.file.name.toLowerCase().endsWith(extension)),
    isTooLarge: (_, params: { file: File }) => params.file.size > USER_IMPORT_MAX_BYTES,
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
    assignConsent: assign((_, params: { consent: boolean }) => ({ consent: params.consent })),
    assignUpload: assign((_, params: { upload: ClassImportUpload }) => ({ upload: params.upload })),
    assignProgress: assign((_, params: { loaded: number; total: number }) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignPreview: assign((_, params: { preview: ClassUserImport }) => ({ preview: params.preview, file: null, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** A refused confirmation: its error, and the preview as the server sees it now (a class deleted since). */
    assignRefusal: assign(({ context }, params: { error: unknown }) => ({
      error: toApiFailure(params.error),
      preview: refusedPreviewOf(params.error) ?? context.preview,
    })),
    assignUploadError: assign((_, params: { status: number }) => ({ error: { status: params.status, body: {} } })),
  },
}).createMachine({
  id: 'classUserImport',
  description: 'Import users into classes from an .xlsx or .csv: upload it, see each class with its rows and errors, choose consent, confirm, and everyone is invited or nobody.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    fileName: null,
    file: null,
    upload: null,
    progress: { loaded: 0, total: 0 },
    preview: null,
    consent: true,
    rejection: null,
    error: null,
  }),
  initial: 'upload',
  states: {
    upload: {
      description: 'No file: the drop zone, the file chooser and the xlsx and csv template downloads.',
      initial: 'waiting',
      on: {
        'import.choose': [
          {
            description: "Neither .xlsx nor .csv: 'File type is not allowed', the file list cleared.",
            guard: { type: 'isNotAllowedType', params: ({ event }) => ({ file: event.file }) },
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
            description: 'An .xlsx or .csv (file selected): ask for its upload address.',
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
        id: 'requestUserUpload',
        src: 'requestUserUpload',
        input: ({ context }) => ({ organizationId: context.organizationId, file: context.file ?? new File([], '') }),
        onDone: { target: 'uploading', actions: { type: 'assignUpload', params: ({ event }) => ({ upload: event.output }) } },
        onError: { target: 'upload.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      description: 'The file is sent to the presigned address; the progress bar moves.',
      tags: ['busy'],
      invoke: {
        id: 'uploadUserFile',
        src: 'uploadUserFile',
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
      description: 'The file is read into its rows, grouped per class, each checked (address, class of the organization, repeats, already a student).',
      tags: ['busy'],
      on: { 'import.remove': { target: 'upload', actions: 'clearFile' } },
      invoke: {
        id: 'previewUserImport',
        src: 'previewUserImport',
        input: ({ context }) => ({ organizationId: context.organizationId, callbackId: context.upload?.callback_id ?? 0 }),
        onDone: { target: 'preview', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'upload.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    preview: {
      description: 'Each class in a tab with its rows and their errors, and the consent box. Confirm when no row has an error.',
      initial: 'shown',
      on: {
        'import.remove': { description: 'Removing the file clears readiness.', target: 'upload', actions: 'clearFile' },
        'import.consent': { description: 'The consent box: auto-enroll, or each learner accepts.', actions: { type: 'assignConsent', params: ({ event }) => ({ consent: event.consent }) } },
      },
      states: {
        shown: {
          on: { 'import.confirm': { guard: 'canConfirm', target: '#classUserImport.confirming' } },
        },
        failed: {
          description: 'The confirmation failed (nobody was invited); a refusal shows the rows as they are now.',
          tags: ['error'],
          on: { 'import.confirm': { guard: 'canConfirm', target: '#classUserImport.confirming' } },
        },
      },
    },
    confirming: {
      description: 'Every class gets its invitations (or, with consent, its students) in one transaction, or none; twice invites nobody twice.',
      tags: ['busy'],
      invoke: {
        id: 'confirmUserImport',
        src: 'confirmUserImport',
        input: ({ context }) => ({ organizationId: context.organizationId, callbackId: context.preview?.callback_id ?? 0, consent: context.consent }),
        onDone: { target: 'imported', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'preview.failed', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    imported: {
      description: 'How many were invited to each class, with a link back to the classes. Another file may be imported.',
      on: { 'import.another': { target: 'upload', actions: 'clearFile' } },
    },
  },
})
