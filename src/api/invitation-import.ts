import { fromPromise } from 'xstate'
import type {
  FileImportConfirmInput,
  FileImportPreview,
  FileImportReadInput,
  FileImportRequestInput,
  FileImportRoleInput,
  FileImportUpload,
  FileImportUploadInput,
  InvitationBatch,
  InvitationBatchKind,
} from '../../machines/types'
import { api, unwrap } from './client'
import { importIdOf, presignedUpload, saveBlob } from './files'

/**
 * The real actors of the invitation import (machines/file-import.ts with FILE_IMPORTS.invitations),
 * bound to the organization, the list's kind and its class, and the template downloads. The API calls
 * forward the abort signal and throw `{status, body}` for an error response (see client.unwrap); the
 * file goes to its presigned address (files.ts).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The type asked for, by the name (a .csv some systems call application/vnd.ms-excel is text/csv: the server maps it too). */
const contentTypeOf = (file: File) => (file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv')

/** The rows of a preview page. */
export const PREVIEW_PAGE_SIZE = 50

/** Where the people of a list are invited: the organization, the list's kind, and the class they join as well, if any. */
export interface InvitationImportScope {
  organizationId: number
  kind: InvitationBatchKind
  groupId: number | null
}

export const invitationImportActors = ({ organizationId, kind, groupId }: InvitationImportScope) => ({
  /** POST /v1/invitations/batch/ */
  requestUpload: fromPromise<FileImportUpload, FileImportRequestInput>(({ input, signal }) =>
    unwrap(
      api.POST('/v1/invitations/batch/', {
        body: {
          file_size: input.file.size,
          content_type: contentTypeOf(input.file),
          organization: organizationId,
          group: groupId,
          file_name: input.file.name,
          kind,
          ...(input.role ? { role: input.role } : {}),
        },
        signal,
      }),
    ),
  ),
  /** PUT of the file to its presigned address (files.ts). */
  uploadFile: presignedUpload<FileImportUploadInput>(),
  /** GET /v1/invitations/batch/{uploadId}/ */
  readPreview: fromPromise<FileImportPreview, FileImportReadInput>(({ input, signal }) =>
    unwrap(
      api.GET('/v1/invitations/batch/{uploadId}/', {
        params: { path: { uploadId: importIdOf(input.upload) }, query: { page: input.page, page_size: PREVIEW_PAGE_SIZE, filter: input.filter } },
        signal,
      }),
    ),
  ),
  /** PATCH /v1/invitations/batch/{uploadId}/ */
  changeRole: fromPromise<FileImportPreview, FileImportRoleInput>(({ input, signal }) =>
    unwrap(api.PATCH('/v1/invitations/batch/{uploadId}/', { params: { path: { uploadId: importIdOf(input.preview) } }, body: { role: input.role }, signal })),
  ),
  /** POST .../send/ or .../send_elsa_user/ */
  confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(({ input, signal }) => {
    const options = { params: { path: { uploadId: importIdOf(input.preview) } }, body: { consent: input.consent, auto_join: input.consent ? 1 : 0 } as const, signal }
    return unwrap(
      kind === 'emails'
        ? api.POST('/v1/invitations/batch/{uploadId}/send/', options)
        : api.POST('/v1/invitations/batch/{uploadId}/send_elsa_user/', options),
    )
  }),
})

/** The invitation list's preview: its actors answer InvitationBatch. */
export const invitationBatchOf = (preview: FileImportPreview | null) => preview as InvitationBatch | null

/** GET /v1/invitations/batch/template/ saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadBatchTemplate = async (kind: InvitationBatchKind, format: 'csv' | 'xlsx'): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/invitations/batch/template/', { params: { query: { kind, format } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, `${kind === 'emails' ? 'user-list' : 'user-id-list'}.${format}`)
}
