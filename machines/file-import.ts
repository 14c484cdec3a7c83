import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  FileImportConfirmInput,
  FileImportPreview,
  FileImportReadInput,
  FileImportRequestInput,
  FileImportRoleInput,
  FileImportSettings,
  FileImportUpload,
  FileImportUploadInput,
  InvitationBatchFilter,
  OrganizationRole as Role,
  UploadProgressEvent,
} from './types'

/**
 * Importing from a file (spec 000 §4 File import flow, 001 §4 Upload and Class import, DESIGN.md
 * spreadsheets): one flow for the four screens that take a spreadsheet. A file is chosen and its type
 * and size checked here ('File type is not allowed', the file list cleared); where the screen uploads
 * to a presigned address, that address is asked for and the file PUT there with a progress bar; the
 * file is read into a preview with each row's errors; confirming (after a yes where the screen asks)
 * imports every row or none, once. Removing the file clears all of it.
 *
 * What differs between the screens is their settings (FILE_IMPORTS: the types taken, the size limit,
 * the presigned upload, replacing or removing the file, the yes/no question, how a refusal shows), and
 * their actors, given with `.provide`: each screen's calls, bound to its organization or list.
 */

/** The limit of an import file, on the server as here: 5 MB; a file of exactly 5 MB is taken. */
export const FILE_IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** The four file imports of the portal and what each takes (the spec's rules, by screen). */
export const FILE_IMPORTS = {
  /** Classes from a spreadsheet (001 §2 Class import, §5 Files: "Class import accepts only xlsx"). */
  classes: { extensions: ['.xlsx'], maxBytes: FILE_IMPORT_MAX_BYTES, presigned: true, replaceable: false, asks: false, refusalAsPreview: false },
  /** Users into classes (001 §2 User import into classes, §5 Files: xlsx, csv). */
  classUsers: { extensions: ['.xlsx', '.csv'], maxBytes: FILE_IMPORT_MAX_BYTES, presigned: true, replaceable: false, asks: false, refusalAsPreview: false },
  /** Invitations from a list of e-mails or user ids (000 §2 File import panels, §4 File import flow, §5 Import files). */
  invitations: { extensions: ['.csv', '.xlsx'], maxBytes: FILE_IMPORT_MAX_BYTES, presigned: true, replaceable: false, asks: true, refusalAsPreview: false },
  /**
   * Organizations on the platform admin list (DESIGN.md spreadsheets): the file goes with the call that
   * reads it, the chooser stays open (another file replaces this one), and a confirmation refused for
   * rows that have errors now shows those rows as the preview.
   */
  organizations: { extensions: ['.csv', '.xlsx'], maxBytes: FILE_IMPORT_MAX_BYTES, presigned: false, replaceable: true, asks: false, refusalAsPreview: true },
} as const satisfies Record<string, FileImportSettings>

export interface FileImportInput {
  settings: FileImportSettings
  /** A role select is shown (an admin's invitation list); the role must then be chosen before confirming. */
  roleOffered?: boolean
  /** The role of the people invited when none is offered (and the select's default: null to make the admin choose). */
  role?: Role | null
}

export interface FileImportContext {
  settings: FileImportSettings
  roleOffered: boolean
  role: Role | null
  /** The name of the file chosen. */
  fileName: string | null
  /** The file being sent, until it is read. */
  file: File | null
  /** Where the file is PUT (presigned screens), once asked for. */
  upload: FileImportUpload | null
  /** Bytes sent so far and in all, while uploading. */
  progress: { loaded: number; total: number }
  /** The import as read (or, once confirmed, as imported). */
  preview: FileImportPreview | null
  /** The preview's filter and page (the invitation list's). */
  filter: InvitationBatchFilter
  page: number
  /** Consent (on by default): learners join at once, or each accepts an invitation. */
  consent: boolean
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  /** The last failure, for the error panel. */
  error: ApiFailure | null
}

export type FileImportEvent =
  | { type: 'import.choose'; file: File }
  | { type: 'import.remove' }
  | { type: 'import.role'; role: Role }
  | { type: 'import.consent'; consent: boolean }
  | { type: 'import.filter'; filter: InvitationBatchFilter }
  | { type: 'import.page'; page: number }
  | { type: 'import.confirm' }
  | { type: 'import.yes' }
  | { type: 'import.no' }
  | { type: 'import.another' }
  | UploadProgressEvent
  | { type: 'upload.done' }
  | { type: 'upload.failed'; status: number }

/** The rows a refused confirmation carries (409 import_has_errors: the import as the server sees it now), or undefined. */
function refusedPreview(error: unknown): FileImportPreview | undefined {
  const failure = toApiFailure(error)
  const rows = failure.status === 409 ? failure.body.import : undefined
  return typeof rows === 'object' && rows !== null ? (rows as FileImportPreview) : undefined
}

/**
 * Whether the preview (there is one in every state that asks) may be confirmed. An invitation list (it
 * has `counts`) sends its ok rows and skips the others: it needs someone to invite, not sent yet, and
 * the role chosen where one is offered. The other imports take every row or none: rows, and none with
 * an error.
 */
function isConfirmable(preview: FileImportPreview, { roleOffered, role }: FileImportContext): boolean {
  if ('counts' in preview) return preview.counts.ok > 0 && preview.sent_at === null && (!roleOffered || role !== null)
  return preview.total > 0 && preview.with_errors === 0
}

export const fileImportMachine = setup({
  types: {
    input: {} as FileImportInput,
    context: {} as FileImportContext,
    events: {} as FileImportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** Asks for the presigned address of the file (POST .../upload/ or /v1/invitations/batch/). */
    requestUpload: fromPromise<FileImportUpload, FileImportRequestInput>(async () => {
      throw new Error('not provided: requestUpload')
    }),
    /** PUT of the file to the presigned address, reporting upload.progress, then upload.done or upload.failed */
    uploadFile: fromCallback<UploadProgressEvent, FileImportUploadInput>(() => {
      throw new Error('not provided: uploadFile')
    }),
    /** Reads the uploaded file (or, without a presigned upload, sends and reads it): the preview, a page of it. */
    readPreview: fromPromise<FileImportPreview, FileImportReadInput>(async () => {
      throw new Error('not provided: readPreview')
    }),
    /** Changes the invitation list's role: its rows are checked again (PATCH /v1/invitations/batch/{uploadId}/). */
    changeRole: fromPromise<FileImportPreview, FileImportRoleInput>(async () => {
      throw new Error('not provided: changeRole')
    }),
    /** Imports the previewed rows, all or none, once -> the import as done. */
    confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(async () => {
      throw new Error('not provided: confirmImport')
    }),
  },
  guards: {
    isNotAllowedType: ({ context }, params: { file: File }) =>
      !context.settings.extensions.some((extension) => params.file.name.toLowerCase().endsWith(extension)),
    isTooLarge: ({ context }, params: { file: File }) => params.file.size > context.settings.maxBytes,
    usesPresignedUpload: ({ context }) => context.settings.presigned,
    isOneFileAtATime: ({ context }) => !context.settings.replaceable,
    canConfirm: ({ context }) => isConfirmable(context.preview!, context),
    canAskToConfirm: ({ context }) => context.settings.asks && isConfirmable(context.preview!, context),
    isRefusalShownAsPreview: ({ context }, params: { error: unknown }) => context.settings.refusalAsPreview && refusedPreview(params.error) !== undefined,
  },
  actions: {
    assignFile: assign((_, params: { file: File }) => ({
      fileName: params.file.name,
      file: params.file,
      upload: null,
      progress: { loaded: 0, total: params.file.size },
      preview: null,
      filter: 'all' as const,
      page: 1,
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
    clearFile: assign({ fileName: null, file: null, upload: null, preview: null, filter: 'all' as const, page: 1, rejection: null, error: null }),
    assignUpload: assign((_, params: { upload: FileImportUpload }) => ({ upload: params.upload })),
    assignProgress: assign((_, params: { loaded: number; total: number }) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignPreview: assign((_, params: { preview: FileImportPreview }) => ({ preview: params.preview, file: null, error: null })),
    assignRole: assign((_, params: { role: Role }) => ({ role: params.role })),
    assignConsent: assign((_, params: { consent: boolean }) => ({ consent: params.consent })),
    assignFilter: assign((_, params: { filter: InvitationBatchFilter }) => ({ filter: params.filter, page: 1 })),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignUploadError: assign((_, params: { status: number }) => ({ error: { status: params.status, body: {} } })),
    /** A refused confirmation: its error, and the rows as the server sees them now (a name taken since), if it sent them. */
    assignRefusal: assign(({ context }, params: { error: unknown }) => ({
      error: toApiFailure(params.error),
      preview: refusedPreview(params.error) ?? context.preview,
    })),
    /** A refused confirmation shown as its rows only: the preview as it is now, with no error besides its rows'. */
    assignRefusedPreview: assign((_, params: { error: unknown }) => ({ preview: refusedPreview(params.error) ?? null, error: null })),
    /** The screen's lists follow what was imported (the view provides it). */
    announceImported: (_, _params: { preview: FileImportPreview }) => {},
  },
}).createMachine({
  id: 'fileImport',
  description: 'Import from a spreadsheet: choose a file, upload it, see every row checked, confirm, and every row is imported or none.',
  context: ({ input }) => ({
    settings: input.settings,
    roleOffered: input.roleOffered ?? false,
    role: input.role ?? null,
    fileName: null,
    file: null,
    upload: null,
    progress: { loaded: 0, total: 0 },
    preview: null,
    filter: 'all',
    page: 1,
    consent: true,
    rejection: null,
    error: null,
  }),
  initial: 'empty',
  on: {
    'import.choose': [
      {
        description: "Not a type the screen takes: 'File type is not allowed', the file list cleared.",
        guard: { type: 'isNotAllowedType', params: ({ event }) => ({ file: event.file }) },
        target: '.empty.rejected',
        actions: { type: 'assignRejection', params: { rejection: 'type' } },
      },
      {
        description: 'Larger than the limit (5 MB): refused before sending.',
        guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
        target: '.empty.rejected',
        actions: { type: 'assignRejection', params: { rejection: 'size' } },
      },
      {
        description: 'File chosen: ask for its upload address.',
        guard: 'usesPresignedUpload',
        target: '.requestingUpload',
        actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
      },
      {
        description: 'File chosen, without a presigned upload: send it to be read.',
        target: '.reading',
        actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
      },
    ],
    'import.consent': {
      description: 'The consent checkbox (on by default): learners join at once, or each accepts an invitation.',
      actions: { type: 'assignConsent', params: ({ event }) => ({ consent: event.consent }) },
    },
  },
  states: {
    empty: {
      description: 'No file: the drop zone, the file chooser, the template downloads (and the role select where offered).',
      initial: 'waiting',
      on: {
        'import.role': { actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) } },
      },
      states: {
        waiting: {},
        rejected: { description: 'The chosen file was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'The upload address, the upload or the reading failed (an empty list is an error); the error panel says why.', tags: ['error'] },
      },
    },
    requestingUpload: {
      description: 'Upload URL requested (presigned URL obtained next).',
      tags: ['busy'],
      on: {
        'import.choose': { description: 'One file at a time: remove this one to choose another.', guard: 'isOneFileAtATime' },
        'import.remove': { guard: 'isOneFileAtATime', target: 'empty', actions: 'clearFile' },
      },
      invoke: {
        id: 'requestUpload',
        src: 'requestUpload',
        input: ({ context }) => ({ file: context.file!, role: context.role }),
        onDone: { target: 'uploading', actions: { type: 'assignUpload', params: ({ event }) => ({ upload: event.output }) } },
        onError: { target: 'empty.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      description: 'The file is sent to the presigned address; the progress bar moves.',
      tags: ['busy'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ upload: context.upload!, file: context.file! }),
      },
      on: {
        'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': { description: 'File uploaded to the presigned address.', target: 'reading' },
        'upload.failed': { target: 'empty.failed', actions: { type: 'assignUploadError', params: ({ event }) => ({ status: event.status }) } },
        'import.choose': { description: 'One file at a time: remove this one to choose another.', guard: 'isOneFileAtATime' },
        'import.remove': { guard: 'isOneFileAtATime', target: 'empty', actions: 'clearFile' },
      },
    },
    reading: {
      description: 'The file is read and every row checked (e-mail list read); an empty list is an error. Nothing is imported.',
      tags: ['busy'],
      on: {
        'import.choose': { description: 'One file at a time: remove this one to choose another.', guard: 'isOneFileAtATime' },
        'import.remove': { guard: 'isOneFileAtATime', target: 'empty', actions: 'clearFile' },
      },
      invoke: {
        id: 'readPreview',
        src: 'readPreview',
        input: ({ context }) => ({ file: context.file, upload: context.upload, page: context.page, filter: context.filter }),
        onDone: { target: 'preview', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'empty.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    preview: {
      description: 'Ready: every row with its check (filters and pages where offered). Confirm when the rows can be imported and a role is chosen where offered.',
      initial: 'shown',
      on: {
        'import.choose': { description: 'One file at a time: remove this one to choose another.', guard: 'isOneFileAtATime' },
        'import.remove': { description: 'Removing the file clears readiness.', guard: 'isOneFileAtATime', target: 'empty', actions: 'clearFile' },
      },
      states: {
        shown: {
          on: {
            'import.confirm': [
              { description: 'Ask yes or no before importing.', guard: 'canAskToConfirm', target: 'asking' },
              { description: 'Confirm is enabled only when ready and without an error.', guard: 'canConfirm', target: '#fileImport.confirming' },
            ],
            'import.filter': { target: 'turning', actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) } },
            'import.page': { target: 'turning', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) } },
            'import.role': { target: 'changingRole', actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) } },
          },
        },
        turning: {
          description: 'Another page or filter of the preview is read.',
          tags: ['busy'],
          invoke: {
            id: 'readPage',
            src: 'readPreview',
            input: ({ context }) => ({ file: context.file, upload: context.upload, page: context.page, filter: context.filter }),
            onDone: { target: 'shown', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        changingRole: {
          description: 'The role changes who is already a member or invited: the rows are checked again.',
          tags: ['busy'],
          invoke: {
            id: 'changeRole',
            src: 'changeRole',
            input: ({ context }) => ({ preview: context.preview!, role: context.role! }),
            onDone: { target: 'shown', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        asking: {
          description: 'Import them? Yes or no.',
          on: {
            'import.yes': { target: '#fileImport.confirming' },
            'import.no': { target: 'shown' },
          },
        },
        failed: {
          description: 'The preview could not be read again, or the import failed (nothing was imported); the error panel says why.',
          tags: ['error'],
          on: {
            'import.confirm': [
              { guard: 'canAskToConfirm', target: 'asking' },
              { guard: 'canConfirm', target: '#fileImport.confirming' },
            ],
            'import.filter': { target: 'turning', actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) } },
            'import.page': { target: 'turning', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) } },
            'import.role': {
              description: 'Another role after a failure: the list is checked again for it, as from the shown preview.',
              target: 'changingRole',
              actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) },
            },
          },
        },
      },
    },
    confirming: {
      description: 'Every row is imported in one transaction, or none; confirming twice imports nothing twice. Another file cannot be chosen now.',
      tags: ['busy'],
      on: {
        'import.choose': { description: 'Ignored while the rows are being imported.' },
      },
      invoke: {
        id: 'confirmImport',
        src: 'confirmImport',
        input: ({ context }) => ({ preview: context.preview!, consent: context.consent }),
        onDone: {
          target: 'imported',
          actions: [
            { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
            { type: 'announceImported', params: ({ event }) => ({ preview: event.output }) },
          ],
        },
        onError: [
          {
            description: 'Rows have errors now (a name taken since the preview): the preview as it is now; nothing was imported.',
            guard: { type: 'isRefusalShownAsPreview', params: ({ event }) => ({ error: event.error }) },
            target: 'preview.shown',
            actions: { type: 'assignRefusedPreview', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'Nothing was imported; a refusal shows the rows as they are now.',
            target: 'preview.failed',
            actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    imported: {
      description: 'The result: how many were imported or invited (classImported). Another file may be imported.',
      on: {
        'import.choose': { description: 'One file at a time: "import another" first.', guard: 'isOneFileAtATime' },
        'import.another': { target: 'empty', actions: 'clearFile' },
      },
    },
  },
})
