import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type {
  ApiError,
  ApiFailure,
  InvitationBatch,
  InvitationBatchFilter,
  InvitationBatchKind,
  InvitationBatchPageInput,
  InvitationBatchRoleInput,
  InvitationBatchSendInput,
  InvitationBatchUpload,
  InvitationUploadInput,
  RequestUploadInput,
  OrganizationRole as Role,
  UploadProgressEvent,
} from './types'

/**
 * Inviting people from a file (spec 000 §2 File import panels, §4 File import flow): a file is chosen
 * and its type checked here ('File type is not allowed' for anything but .csv and .xlsx), an upload
 * address is asked for, the file is PUT there with a progress bar, the list is read and previewed row
 * by row (ok, invalid, duplicate, member, invited; an empty list is an error), and the panel is ready.
 * Confirming is possible only when ready, without an error, with someone to invite and a role chosen
 * when a role is offered; it asks yes or no, then sends. Removing the file clears all of it.
 */

export const IMPORT_FILE_EXTENSIONS = ['.csv', '.xlsx'] as const
/** The server's limit of a batch file: 5 MB. */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024

export interface InvitationImportInput {
  organizationId: number
  kind: InvitationBatchKind
  /** A role select is shown (admins choose the role); otherwise the role is `role`. */
  roleOffered: boolean
  /** The role when none is offered (and the default of the select, null to make the admin choose). */
  role: Role | null
  /** The class the people are invited to as well (a class's students tab), or none. */
  groupId?: number | null
}

export interface InvitationImportContext extends Omit<InvitationImportInput, 'groupId'> {
  groupId: number | null
  fileName: string | null
  /** The file being uploaded, until it is read. */
  file: File | null
  upload: InvitationBatchUpload | null
  /** Bytes sent so far and in all, while uploading. */
  progress: { loaded: number; total: number }
  preview: InvitationBatch | null
  filter: InvitationBatchFilter
  page: number
  consent: boolean
  /** Why the chosen file was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  error: ApiFailure | null
}

export type InvitationImportEvent =
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

/** Whatever an actor threw, as an API failure (status 0 when there was no response). */
function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}

export const invitationImportMachine = setup({
  types: {
    input: {} as InvitationImportInput,
    context: {} as InvitationImportContext,
    events: {} as InvitationImportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/invitations/batch/ -> {id, presigned_url, content_type} */
    requestUpload: fromPromise<InvitationBatchUpload, RequestUploadInput>(async () => {
      throw new Error('not provided: requestUpload')
    }),
    /** PUT of the file to the presigned address, reporting upload.progress, then upload.done or upload.failed */
    uploadFile: fromCallback<UploadProgressEvent, InvitationUploadInput>(() => {
      throw new Error('not provided: uploadFile')
    }),
    /** GET /v1/invitations/batch/{uploadId}/?page=&filter= -> the preview */
    readPreview: fromPromise<InvitationBatch, InvitationBatchPageInput>(async () => {
      throw new Error('not provided: readPreview')
    }),
    /** PATCH /v1/invitations/batch/{uploadId}/ {role} -> the preview */
    changeRole: fromPromise<InvitationBatch, InvitationBatchRoleInput>(async () => {
      throw new Error('not provided: changeRole')
    }),
    /** POST /v1/invitations/batch/{uploadId}/send/ (or send_elsa_user/) {consent, auto_join} -> the batch as sent */
    sendBatch: fromPromise<InvitationBatch, InvitationBatchSendInput>(async () => {
      throw new Error('not provided: sendBatch')
    }),
  },
  guards: {
    isNotSpreadsheet: (_, params: { file: File }) =>
      !IMPORT_FILE_EXTENSIONS.some((extension) => params.file.name.toLowerCase().endsWith(extension)),
    isTooLarge: (_, params: { file: File }) => params.file.size > IMPORT_FILE_MAX_BYTES,
    canConfirm: ({ context }) =>
      context.preview !== null && context.preview.counts.ok > 0 && context.preview.sent_at === null && (!context.roleOffered || context.role !== null),
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
    assignUpload: assign((_, params: { upload: InvitationBatchUpload }) => ({ upload: params.upload })),
    assignProgress: assign((_, params: { loaded: number; total: number }) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignPreview: assign((_, params: { preview: InvitationBatch }) => ({ preview: params.preview, file: null, error: null })),
    assignRole: assign((_, params: { role: Role }) => ({ role: params.role })),
    assignConsent: assign((_, params: { consent: boolean }) => ({ consent: params.consent })),
    assignFilter: assign((_, params: { filter: InvitationBatchFilter }) => ({ filter: params.filter, page: 1 })),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignUploadError: assign((_, params: { status: number }) => ({ error: { status: params.status, body: {} } })),
    /** The pending invitations and the lists follow the invitations sent. */
    announceSent: (_, _params: { invited: number }) => {},
  },
}).createMachine({
  id: 'invitationImport',
  description: 'Invite people from a .csv or .xlsx: upload it, see every row checked, choose the role and consent, confirm, send.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    kind: input.kind,
    roleOffered: input.roleOffered,
    role: input.role,
    groupId: input.groupId ?? null,
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
    'import.consent': {
      description: 'The consent checkbox (on by default): enroll each one as soon as they accept.',
      actions: { type: 'assignConsent', params: ({ event }) => ({ consent: event.consent }) },
    },
  },
  states: {
    empty: {
      description: 'No file: the drop zone, the file chooser, the template downloads and the role select.',
      initial: 'waiting',
      on: {
        'import.choose': [
          {
            description: "Not a .csv or .xlsx: 'File type is not allowed', the file list cleared.",
            guard: { type: 'isNotSpreadsheet', params: ({ event }) => ({ file: event.file }) },
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
            description: 'A spreadsheet: ask for its upload address.',
            target: 'requestingUpload',
            actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
          },
        ],
        'import.role': { actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) } },
      },
      states: {
        waiting: {},
        rejected: { description: 'The chosen file was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'The upload or the reading failed, or the list is empty; the error panel says why.', tags: ['error'] },
      },
    },
    requestingUpload: {
      description: 'Upload URL requested.',
      tags: ['busy'],
      on: { 'import.remove': { target: 'empty', actions: 'clearFile' } },
      invoke: {
        id: 'requestUpload',
        src: 'requestUpload',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          kind: context.kind,
          role: context.role,
          groupId: context.groupId,
          file: context.file ?? new File([], ''),
        }),
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
        input: ({ context }) => ({ upload: context.upload!, file: context.file ?? new File([], '') }),
      },
      on: {
        'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': { description: 'File uploaded to the presigned address.', target: 'reading' },
        'upload.failed': { target: 'empty.failed', actions: { type: 'assignUploadError', params: ({ event }) => ({ status: event.status }) } },
        'import.remove': { target: 'empty', actions: 'clearFile' },
      },
    },
    reading: {
      description: 'The list is read and every row checked (e-mail list read); an empty list is an error.',
      tags: ['busy'],
      on: { 'import.remove': { target: 'empty', actions: 'clearFile' } },
      invoke: {
        id: 'readPreview',
        src: 'readPreview',
        input: ({ context }) => ({ batchId: context.upload?.id ?? 0, page: context.page, filter: context.filter }),
        onDone: { target: 'ready', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'empty.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The preview: every row with its check, filters and pages. Confirm when someone can be invited and a role is chosen.',
      initial: 'shown',
      on: {
        'import.remove': { description: 'Removing the file clears readiness.', target: 'empty', actions: 'clearFile' },
      },
      states: {
        shown: {
          on: {
            'import.confirm': { description: 'Ask yes or no before sending.', guard: 'canConfirm', target: 'asking' },
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
            input: ({ context }) => ({ batchId: context.preview?.id ?? 0, page: context.page, filter: context.filter }),
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
            input: ({ context }) => ({ batchId: context.preview?.id ?? 0, role: context.role ?? 'student' }),
            onDone: { target: 'shown', actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        asking: {
          description: 'Send the invitations? Yes or no.',
          on: {
            'import.yes': { target: '#invitationImport.sending' },
            'import.no': { target: 'shown' },
          },
        },
        failed: {
          description: 'The preview could not be read again or the invitations could not be sent; the error panel says why.',
          tags: ['error'],
          on: {
            'import.confirm': { guard: 'canConfirm', target: 'asking' },
            'import.filter': { target: 'turning', actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) } },
            'import.page': { target: 'turning', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) } },
          },
        },
      },
    },
    sending: {
      description: 'The ok rows are invited in one transaction; sending twice invites nobody twice.',
      tags: ['busy'],
      invoke: {
        id: 'sendBatch',
        src: 'sendBatch',
        input: ({ context }) => ({ batchId: context.preview?.id ?? 0, kind: context.kind, consent: context.consent }),
        onDone: {
          target: 'sent',
          actions: [
            { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
            { type: 'announceSent', params: ({ event }) => ({ invited: event.output.invited ?? 0 }) },
          ],
        },
        onError: { target: 'ready.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      description: 'The result: how many were invited. Another file may be imported.',
      on: { 'import.another': { target: 'empty', actions: 'clearFile' } },
    },
  },
})
