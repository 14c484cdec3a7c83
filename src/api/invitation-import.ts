import { fromPromise } from 'xstate'
import type {
  InvitationBatch,
  InvitationBatchKind,
  InvitationBatchPageInput,
  InvitationBatchRoleInput,
  InvitationBatchSendInput,
  InvitationBatchUpload,
  InvitationUploadInput,
  RequestUploadInput,
} from '../../machines/types'
import { api, unwrap } from './client'
import { presignedUpload, saveBlob } from './files'

/**
 * The real actors of the invitation import (machines/invitation-import.ts), and the template
 * downloads. The API calls forward the abort signal and throw `{status, body}` for an error response
 * (see client.unwrap); the file goes to its presigned address (files.ts).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The type asked for, by the name (a .csv some systems call application/vnd.ms-excel is text/csv: the server maps it too). */
const contentTypeOf = (file: File) => (file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv')

/** POST /v1/invitations/batch/ */
export const requestUpload = fromPromise<InvitationBatchUpload, RequestUploadInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/invitations/batch/', {
      body: {
        file_size: input.file.size,
        content_type: contentTypeOf(input.file),
        organization: input.organizationId,
        group: input.groupId,
        file_name: input.file.name,
        kind: input.kind,
        ...(input.role ? { role: input.role } : {}),
      },
      signal,
    }),
  ),
)

/** PUT of the file to its presigned address (files.ts). */
export const uploadFile = presignedUpload<InvitationUploadInput>()

/** GET /v1/invitations/batch/{uploadId}/ */
export const readPreview = fromPromise<InvitationBatch, InvitationBatchPageInput>(({ input, signal }) =>
  unwrap(
    api.GET('/v1/invitations/batch/{uploadId}/', {
      params: { path: { uploadId: input.batchId }, query: { page: input.page, page_size: PREVIEW_PAGE_SIZE, filter: input.filter } },
      signal,
    }),
  ),
)

/** PATCH /v1/invitations/batch/{uploadId}/ */
export const changeRole = fromPromise<InvitationBatch, InvitationBatchRoleInput>(({ input, signal }) =>
  unwrap(api.PATCH('/v1/invitations/batch/{uploadId}/', { params: { path: { uploadId: input.batchId } }, body: { role: input.role }, signal })),
)

/** POST .../send/ or .../send_elsa_user/ */
export const sendBatch = fromPromise<InvitationBatch, InvitationBatchSendInput>(({ input, signal }) => {
  const options = { params: { path: { uploadId: input.batchId } }, body: { consent: input.consent, auto_join: input.consent ? 1 : 0 } as const, signal }
  return unwrap(
    input.kind === 'emails'
      ? api.POST('/v1/invitations/batch/{uploadId}/send/', options)
      : api.POST('/v1/invitations/batch/{uploadId}/send_elsa_user/', options),
  )
})

/** The rows of a preview page. */
export const PREVIEW_PAGE_SIZE = 50

export const invitationImportActors = { requestUpload, uploadFile, readPreview, changeRole, sendBatch }

/** GET /v1/invitations/batch/template/ saved as a file (the call needs the session's bearer header, so no plain link). */
export const downloadBatchTemplate = async (kind: InvitationBatchKind, format: 'csv' | 'xlsx'): Promise<void> => {
  const blob = await unwrap(api.GET('/v1/invitations/batch/template/', { params: { query: { kind, format } }, parseAs: 'blob' }))
  saveBlob(blob as Blob, `${kind === 'emails' ? 'user-list' : 'user-id-list'}.${format}`)
}
